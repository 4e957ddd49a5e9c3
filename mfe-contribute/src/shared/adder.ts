import type { AuthUser } from '@antiquarium/auth-store';
import { ANONYMOUS_NAME } from '@antiquarium/contracts';

/** The read-only "added by" values, as the api will store them (no name: 'Anonymous'). */
export function adderOf(user: AuthUser | null): { name: string; email: string } {
  return { name: user?.displayName?.trim() || ANONYMOUS_NAME, email: user?.email ?? '' };
}
