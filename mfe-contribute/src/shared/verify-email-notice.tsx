import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { useState } from 'react';

/** The notice's texts, exactly as members see them (the tests assert each one). */
export const VERIFY_TEXTS = {
  title: 'Verify your email to contribute',
  text: (email: string) => `We sent a link to ${email}. Open it, then come back here: you can fill in the form meanwhile.`,
  done: 'I have verified',
  resend: 'Send the link again',
  resent: 'A new link is on its way',
  notYet: 'Not verified yet: open the link in the email we sent, then try again.',
  failed: 'That did not work, please try again shortly.',
} as const;

/**
 * Writes need a verified email address (docs/reliability.md, Security): a member who registered
 * with a password and has not opened their link yet is told so before filling in the form, and can
 * say they did (the page asks the identity service again) or ask for another link.
 */
export function VerifyEmailNotice() {
  const user = useAuthStore((state) => state.user);
  const refreshUser = useAuthStore((state) => state.refreshUser);
  const sendVerificationEmail = useAuthStore((state) => state.sendVerificationEmail);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  if (!user || user.emailVerified) return null;

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setStatus('');
    try {
      await action();
    } catch {
      setStatus(VERIFY_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ctb-notice ctb-notice--warning" role="region" aria-labelledby="verify-email-title">
      <h2 id="verify-email-title" className="ctb-notice__title">
        {VERIFY_TEXTS.title}
      </h2>
      <p>{VERIFY_TEXTS.text(user.email ?? 'your address')}</p>
      <p className="ctb-notice__actions">
        <button
          type="button"
          className="aq-button aq-button--primary"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await refreshUser();
              if (!useAuthStore.getState().user?.emailVerified) setStatus(VERIFY_TEXTS.notYet);
            })
          }
        >
          {VERIFY_TEXTS.done}
        </button>
        <button
          type="button"
          className="aq-button"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await sendVerificationEmail();
              void toast('success', VERIFY_TEXTS.resent);
            })
          }
        >
          {VERIFY_TEXTS.resend}
        </button>
      </p>
      <p role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
