import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '../../shared/auth-card';
import { PasswordField, TextField } from '../../shared/form-fields';
import { validateLogin, type LoginValues } from '../../shared/form-rules';
import { GoogleButton } from '../../shared/google-button';
import { carriedState, returnPath, signInReason } from '../../shared/return-to';
import { AuthForm, useAuthForm } from '../../shared/use-auth-form';

export const LOGIN_TEXTS = {
  title: 'Login',
  intro: 'Welcome back, explorer. Sign in to like artifacts and share your own.',
  email: 'Email',
  password: 'Password',
  remember: 'Remember me',
  rememberHint: 'Stay signed in after the browser closes.',
  forgot: 'Forgot password?',
  submit: 'Sign In to History',
  success: (displayName: string | null) => `Login successful! Welcome ${displayName || 'Explorer'}`,
  noAccount: 'New to Antiquarium?',
  register: 'Register',
} as const;

const FIELDS = ['email', 'password'] as const;
const EMPTY: LoginValues = { email: '', password: '' };

/** Exposed as 'account/Login'. */
export default function LoginPage() {
  const signIn = useAuthStore((state) => state.signIn);
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPath(location.state);
  const [remember, setRemember] = useState(false);
  const form = useAuthForm<LoginValues>({
    empty: EMPTY,
    fields: FIELDS,
    validate: validateLogin,
    submit: async (values) => {
      const user = await signIn(values.email.trim(), values.password, remember);
      void toast('success', LOGIN_TEXTS.success(user.displayName));
      setRemember(false);
      navigate(returnTo, { replace: true });
    },
  });

  return (
    <AuthCard titleId="login-title" title={LOGIN_TEXTS.title} intro={LOGIN_TEXTS.intro} notice={signInReason(returnTo)}>
      <AuthForm busy={form.busy} submitLabel={LOGIN_TEXTS.submit} onSubmit={form.onSubmit}>
        <TextField id="login-email" type="email" label={LOGIN_TEXTS.email} autoComplete="email" {...form.field('email')} />
        <PasswordField id="login-password" label={LOGIN_TEXTS.password} autoComplete="current-password" {...form.field('password')} />
        <div className="acc-form__row">
          <div className="acc-check">
            <input
              id="login-remember"
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              aria-describedby="login-remember-hint"
            />
            <label htmlFor="login-remember">{LOGIN_TEXTS.remember}</label>
            <p id="login-remember-hint" className="acc-field__hint acc-check__hint">
              {LOGIN_TEXTS.rememberHint}
            </p>
          </div>
          <Link to="/forgot-password" state={carriedState(location.state)} className="acc-form__link">
            {LOGIN_TEXTS.forgot}
          </Link>
        </div>
      </AuthForm>
      <p className="acc-divider">
        <span>or</span>
      </p>
      <GoogleButton returnTo={returnTo} remember={remember} />
      <p className="acc-auth__switch">
        {LOGIN_TEXTS.noAccount}{' '}
        <Link to="/register" state={carriedState(location.state)}>
          {LOGIN_TEXTS.register}
        </Link>
      </p>
    </AuthCard>
  );
}
