import { useAuthStore } from '@antiquarium/auth-store';
import { parseHttpUrl } from '@antiquarium/contracts';
import { JUST_REGISTERED_STATE, toast } from '@antiquarium/ui';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '../../shared/auth-card';
import { PasswordField, TextField } from '../../shared/form-fields';
import { validateRegister, type RegisterValues } from '../../shared/form-rules';
import { GoogleButton } from '../../shared/google-button';
import { carriedState, returnPath } from '../../shared/return-to';
import { AuthForm, useAuthForm } from '../../shared/use-auth-form';

export const REGISTER_TEXTS = {
  title: 'Register',
  intro: 'Join the community that preserves and shares historical treasures. Every field is required except the photo.',
  name: 'Full Name',
  email: 'Email',
  photoURL: 'Photo URL',
  photoHint: 'Optional: a link to your profile picture, starting with http:// or https://. Without one, your initials are shown.',
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
  const sendVerificationEmail = useAuthStore((state) => state.sendVerificationEmail);
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPath(location.state);
  const form = useAuthForm<RegisterValues>({
    empty: EMPTY,
    fields: FIELDS,
    validate: validateRegister,
    submit: async (values) => {
      await createUser(values.email.trim(), values.password);
      // The photo is optional: none is sent at all (not ''), and the initials show instead.
      const photo = values.photoURL.trim();
      await updateUserProfile(values.name.trim(), photo ? (parseHttpUrl(photo) ?? photo) : undefined);
      // Writes need a verified address: the page the member returns to says at once that the link
      // is in their inbox, with a way to send another (JustRegisteredNotice, in the shell's routes);
      // the Add page says it again until it is opened.
      await sendVerificationEmail().catch(() => undefined);
      void toast('success', REGISTER_TEXTS.success);
      navigate(returnTo, { replace: true, state: JUST_REGISTERED_STATE });
    },
  });

  return (
    <AuthCard titleId="register-title" title={REGISTER_TEXTS.title} intro={REGISTER_TEXTS.intro}>
      <AuthForm busy={form.busy} submitLabel={REGISTER_TEXTS.submit} onSubmit={form.onSubmit}>
        <TextField id="register-name" label={REGISTER_TEXTS.name} autoComplete="name" {...form.field('name')} />
        <TextField id="register-email" type="email" label={REGISTER_TEXTS.email} autoComplete="email" {...form.field('email')} />
        <TextField
          id="register-photo"
          label={REGISTER_TEXTS.photoURL}
          hint={REGISTER_TEXTS.photoHint}
          autoComplete="photo"
          inputMode="url"
          required={false}
          {...form.field('photoURL')}
        />
        <PasswordField
          id="register-password"
          label={REGISTER_TEXTS.password}
          hint={REGISTER_TEXTS.passwordHint}
          autoComplete="new-password"
          {...form.field('password')}
        />
      </AuthForm>
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
