import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '../../shared/auth-card';
import { TextField } from '../../shared/form-fields';
import { emailProblem } from '../../shared/form-rules';
import { carriedState } from '../../shared/return-to';
import { AuthForm, useAuthForm } from '../../shared/use-auth-form';

export const FORGOT_TEXTS = {
  title: 'Forgot Password',
  intro: 'Enter the email of your account and we will send you a link to choose a new password.',
  email: 'Email',
  submit: 'Send Reset Link',
  sent: 'Password reset email sent!',
  back: 'Back to Login',
} as const;

const EMPTY = { email: '' };

/** Exposed as 'account/ForgotPassword'. */
export default function ForgotPasswordPage() {
  const resetPassword = useAuthStore((state) => state.resetPassword);
  const location = useLocation();
  const navigate = useNavigate();
  const form = useAuthForm({
    empty: EMPTY,
    fields: ['email'],
    validate: ({ email }) => ({ email: emailProblem(email) ?? undefined }),
    submit: async ({ email }) => {
      await resetPassword(email.trim());
      void toast('success', FORGOT_TEXTS.sent);
      navigate('/login', { state: carriedState(location.state) });
    },
    action: 'reset',
  });

  return (
    <AuthCard titleId="forgot-title" title={FORGOT_TEXTS.title} intro={FORGOT_TEXTS.intro}>
      <AuthForm busy={form.busy} submitLabel={FORGOT_TEXTS.submit} onSubmit={form.onSubmit}>
        <TextField id="forgot-email" type="email" label={FORGOT_TEXTS.email} autoComplete="email" {...form.field('email')} />
      </AuthForm>
      <p className="acc-auth__switch acc-auth__back">
        <Link to="/login" state={carriedState(location.state)}>
          {FORGOT_TEXTS.back}
        </Link>
      </p>
    </AuthCard>
  );
}
