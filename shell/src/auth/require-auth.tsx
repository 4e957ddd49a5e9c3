import { useAuthStore } from '@antiquarium/auth-store';
import { Spinner } from '@antiquarium/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/**
 * Login-required routes. The login screen reads `location.state.from` and returns there after
 * signing in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  const location = useLocation();
  if (loading) return <Spinner label="Checking your sign-in…" />;
  if (!user?.email) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
