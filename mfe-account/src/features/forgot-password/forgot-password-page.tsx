import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard, FormError } from '../../shared/auth-card';
import { authErrorMessage } from '../../shared/auth-errors';
import { TextField } from '../../shared/form-fields';
import { emailProblem } from '../../shared/form-rules';
import { carriedState } from '../../shared/return-to';

export const FORGOT_TEXTS = {
  title: 'Forgot Password',
  intro: 'Enter the email of your account and we will send you a link to choose a new password.',
  email: 'Email',
  submit: 'Send Reset Link',
  sent: 'Password reset email sent!',
  back: 'Back to Login',
} as const;

/** Exposed as 'account/ForgotPassword'. */
export default function ForgotPasswordPage() {
  const resetPassword = useAuthStore((state) => state.resetPassword);
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = emailProblem(email);
    setError(problem ?? undefined);
    if (problem) {
      input.current?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await resetPassword(email.trim());
      void toast('success', FORGOT_TEXTS.sent);
      setEmail('');
      navigate('/login', { state: carriedState(location.state) });
    } catch (caught) {
      const message = authErrorMessage(caught, 'reset');
      setFailure(message);
      void toast('error', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard titleId="forgot-title" title={FORGOT_TEXTS.title} intro={FORGOT_TEXTS.intro}>
      <form className="acc-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          id="forgot-email"
          type="email"
          label={FORGOT_TEXTS.email}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
          error={error}
          autoComplete="email"
          inputRef={input}
        />
        <FormError id="forgot-failure" message={failure} />
        <button type="submit" className="aq-button aq-button--primary acc-form__submit" aria-disabled={busy || undefined}>
          {FORGOT_TEXTS.submit}
        </button>
      </form>
      <p className="acc-auth__switch">
        <Link to="/login" state={carriedState(location.state)}>
          {FORGOT_TEXTS.back}
        </Link>
      </p>
    </AuthCard>
  );
}
