import { useAuthStore } from '@antiquarium/auth-store';
import { useId, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from './notify';
import { screenRegistry } from './screen-registry';

/** The notice's texts, exactly as members see them (the tests assert each one). */
export const VERIFY_TEXTS = {
  title: 'Verify your email to contribute',
  text: (email: string) => `We sent a link to ${email}. Open it, then come back here: you can fill in the form meanwhile.`,
  /** Right after registering, on the page the new member returns to. */
  registeredTitle: 'A verification link is in your inbox',
  registeredText: (email: string) => `We sent a link to ${email}. Open it to verify your address: you need that to add artifacts, and you can look around meanwhile.`,
  done: 'I have verified',
  resend: 'Send the link again',
  resent: 'A new link is on its way',
  notYet: 'Not verified yet: open the link in the email we sent, then try again.',
  failed: 'That did not work, please try again shortly.',
} as const;

// One notice on screen is enough (the page a new member returns to may be the Add page, which has its own).
const notices = screenRegistry<true>();

export interface VerifyEmailNoticeProps {
  /** 'registered': told at once after registering; 'contribute': before a form that needs the address verified. */
  variant?: 'contribute' | 'registered';
}

/**
 * Writes need a verified email address (docs/reliability.md, Security): a member who registered
 * with a password and has not opened their link yet is told so, and can say they did (the page asks
 * the identity service again) or ask for another link. Nothing for visitors and verified members.
 */
export function VerifyEmailNotice({ variant = 'contribute' }: VerifyEmailNoticeProps) {
  const user = useAuthStore((state) => state.user);
  const refreshUser = useAuthStore((state) => state.refreshUser);
  const sendVerificationEmail = useAuthStore((state) => state.sendVerificationEmail);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const titleId = useId();
  const first = notices.useEntry(true);

  if (!first || !user || user.emailVerified) return null;

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

  const email = user.email ?? 'your address';
  const registered = variant === 'registered';
  return (
    <div className="aq-notice aq-notice--warning" role="region" aria-labelledby={titleId}>
      <h2 id={titleId} className="aq-notice__title">
        {registered ? VERIFY_TEXTS.registeredTitle : VERIFY_TEXTS.title}
      </h2>
      <p>{registered ? VERIFY_TEXTS.registeredText(email) : VERIFY_TEXTS.text(email)}</p>
      <p className="aq-notice__actions">
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

/** The location state the register page leaves on the page it returns to (read by JustRegisteredNotice). */
export const JUST_REGISTERED_STATE = { justRegistered: true } as const;

const noSubscription = () => () => undefined;

/**
 * Above the content of the page a new member returns to after registering: the verification link is
 * in their inbox, and another can be sent. Tied to that visit of that page (its location state).
 * Shown once React runs in the browser: a composed first page is hydrated as the server sent it.
 */
export function JustRegisteredNotice() {
  const { state } = useLocation();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const justRegistered = typeof state === 'object' && state !== null && (state as Record<string, unknown>)['justRegistered'] === true;
  if (!inBrowser || !justRegistered) return null;
  return (
    <div className="aq-container aq-page-notice">
      <VerifyEmailNotice variant="registered" />
    </div>
  );
}
