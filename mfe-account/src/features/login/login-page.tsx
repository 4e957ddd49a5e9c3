import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard, FormError } from '../../shared/auth-card';
import { authErrorMessage } from '../../shared/auth-errors';
import { PasswordField, TextField } from '../../shared/form-fields';
import { firstInvalid, validateLogin, type FieldErrors, type LoginValues } from '../../shared/form-rules';
import { GoogleButton } from '../../shared/google-button';
import { carriedState, returnPath } from '../../shared/return-to';

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
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const change = (field: keyof LoginValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field stops showing its old error.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin(values);
    setErrors(found);
    const invalid = firstInvalid(FIELDS, found);
    if (invalid) {
      inputs[invalid].current?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const user = await signIn(values.email.trim(), values.password, remember);
      void toast('success', LOGIN_TEXTS.success(user.displayName));
      setValues(EMPTY);
      setRemember(false);
      navigate(returnTo, { replace: true });
    } catch (error) {
      const message = authErrorMessage(error);
      setFailure(message);
      void toast('error', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard titleId="login-title" title={LOGIN_TEXTS.title} intro={LOGIN_TEXTS.intro}>
      <form className="acc-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          id="login-email"
          type="email"
          label={LOGIN_TEXTS.email}
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          autoComplete="email"
          inputRef={inputs.email}
        />
        <PasswordField
          id="login-password"
          label={LOGIN_TEXTS.password}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          autoComplete="current-password"
          inputRef={inputs.password}
        />
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
        <FormError id="login-failure" message={failure} />
        <button type="submit" className="aq-button aq-button--primary acc-form__submit" aria-disabled={busy || undefined}>
          {LOGIN_TEXTS.submit}
        </button>
      </form>
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
