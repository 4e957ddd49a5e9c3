import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard, FormError } from '../../shared/auth-card';
import { authErrorMessage } from '../../shared/auth-errors';
import { PasswordField, TextField } from '../../shared/form-fields';
import { firstInvalid, validateRegister, type FieldErrors, type RegisterValues } from '../../shared/form-rules';
import { GoogleButton } from '../../shared/google-button';
import { carriedState, returnPath } from '../../shared/return-to';

export const REGISTER_TEXTS = {
  title: 'Register',
  intro: 'Join the community that preserves and shares historical treasures. All fields are required.',
  name: 'Full Name',
  email: 'Email',
  photoURL: 'Photo URL',
  photoHint: 'A link to your profile picture.',
  password: 'Password',
  passwordHint: 'At least 6 characters, with an uppercase and a lowercase letter.',
  submit: 'Register',
  success: 'User registered successfully',
  haveAccount: 'Already have an account?',
  login: 'Login',
} as const;

const FIELDS = ['name', 'email', 'photoURL', 'password'] as const;
const EMPTY: RegisterValues = { name: '', email: '', photoURL: '', password: '' };

/** Exposed as 'account/Register'. */
export default function RegisterPage() {
  const createUser = useAuthStore((state) => state.createUser);
  const updateUserProfile = useAuthStore((state) => state.updateUserProfile);
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPath(location.state);
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof RegisterValues>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    photoURL: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const change = (field: keyof RegisterValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegister(values);
    setErrors(found);
    const invalid = firstInvalid(FIELDS, found);
    if (invalid) {
      inputs[invalid].current?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await createUser(values.email.trim(), values.password);
      await updateUserProfile(values.name.trim(), values.photoURL.trim());
      void toast('success', REGISTER_TEXTS.success);
      setValues(EMPTY);
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
    <AuthCard titleId="register-title" title={REGISTER_TEXTS.title} intro={REGISTER_TEXTS.intro}>
      <form className="acc-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          id="register-name"
          label={REGISTER_TEXTS.name}
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          autoComplete="name"
          inputRef={inputs.name}
        />
        <TextField
          id="register-email"
          type="email"
          label={REGISTER_TEXTS.email}
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          autoComplete="email"
          inputRef={inputs.email}
        />
        <TextField
          id="register-photo"
          label={REGISTER_TEXTS.photoURL}
          hint={REGISTER_TEXTS.photoHint}
          value={values.photoURL}
          onChange={change('photoURL')}
          error={errors.photoURL}
          autoComplete="photo"
          inputMode="url"
          inputRef={inputs.photoURL}
        />
        <PasswordField
          id="register-password"
          label={REGISTER_TEXTS.password}
          hint={REGISTER_TEXTS.passwordHint}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          autoComplete="new-password"
          inputRef={inputs.password}
        />
        <FormError id="register-failure" message={failure} />
        <button type="submit" className="aq-button aq-button--primary acc-form__submit" aria-disabled={busy || undefined}>
          {REGISTER_TEXTS.submit}
        </button>
      </form>
      <p className="acc-divider">
        <span>or</span>
      </p>
      <GoogleButton returnTo={returnTo} />
      <p className="acc-auth__switch">
        {REGISTER_TEXTS.haveAccount}{' '}
        <Link to="/login" state={carriedState(location.state)}>
          {REGISTER_TEXTS.login}
        </Link>
      </p>
    </AuthCard>
  );
}
