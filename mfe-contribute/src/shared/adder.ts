import type { AuthUser } from '@antiquarium/auth-store';

/** The read-only "added by" values, as the api will store them (no name: 'Anonymous'). */
export function adderOf(user: AuthUser | null): { name: string; email: string } {
  return { name: user?.displayName?.trim() || 'Anonymous', email: user?.email ?? '' };
}
