import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authErrorMessage, isPopupCancelled } from './auth-errors';

export const GOOGLE_TEXTS = {
  button: 'Login with Google',
  welcome: (displayName: string) => `Welcome ${displayName}`,
} as const;

/**
 * Google sign-in through the provider's popup, shared by Login and Register: the 'Welcome …' toast,
 * then back to `returnTo`. A failure becomes a readable toast; a popup the user closed is not an
 * error, only a note. `remember` is Login's "Remember me" (Register has none: the provider's default).
 */
export function useGoogleSignIn(returnTo: string, remember?: boolean) {
  const signInWithGoogle = useAuthStore((state) => state.signInWithGoogle);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // A ref as well as state: two quick clicks must not open two popups.
  const running = useRef(false);

  const start = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const user = await signInWithGoogle(remember);
      void toast('success', GOOGLE_TEXTS.welcome(user.displayName || user.email || 'Explorer'));
      navigate(returnTo, { replace: true });
    } catch (error) {
      void toast(isPopupCancelled(error) ? 'info' : 'error', authErrorMessage(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return { start, busy };
}
