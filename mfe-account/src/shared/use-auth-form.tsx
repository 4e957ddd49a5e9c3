import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast, useSubmission } from '@antiquarium/ui';
import { authErrorMessage } from './auth-errors';
import { firstInvalid, type FieldErrors } from './form-rules';

interface AuthFormOptions<Values extends Record<keyof Values, string>> {
  empty: Values;
  /** The fields in screen order: the first invalid one gets the focus. */
  fields: readonly (keyof Values & string)[];
  validate: (values: Values) => FieldErrors<keyof Values & string>;
  /** Talks to the identity provider; a throw is shown as the form's failure. */
  submit: (values: Values) => Promise<void>;
  /** Which words explain a provider error ('reset' speaks of the reset email). */
  action?: 'sign-in' | 'reset';
}

/**
 * The skeleton of the sign-in, registration and reset forms: values and their errors, a corrected
 * field losing its error, the focus sent to the first invalid field, one submit at a time, and a
 * failure said once (issue 32): by its toast, an alert that stays until dismissed (libs/ui notify.ts),
 * not again inside the form.
 */
export function useAuthForm<Values extends Record<keyof Values, string>>({ empty, fields, validate, submit, action = 'sign-in' }: AuthFormOptions<Values>) {
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const { busy, running, run } = useSubmission();
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const inputRef = (field: Field) => (element: HTMLInputElement | null) => {
    inputs.current[field] = element;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running()) return;
    const found = validate(values);
    setErrors(found);
    const invalid = firstInvalid(fields, found);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    // A failure is said by its toast alone (no message inside the form).
    await run(
      async () => {
        await submit(values);
        setValues(empty);
      },
      (error) => {
        void toast('error', authErrorMessage(error, action));
        return null;
      },
    );
  };

  /** Props of a field of this form: its value, error, change handler and focus target. */
  const field = (name: Field) => ({ value: values[name], onChange: change(name), error: errors[name], inputRef: inputRef(name) });

  return { values, busy, field, onSubmit };
}

interface AuthFormProps {
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** The form element of those screens: its fields, then the submit button. */
export function AuthForm({ busy, submitLabel, onSubmit, children }: AuthFormProps) {
  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {children}
      <button type="submit" className="aq-button aq-button--primary acc-form__submit" aria-disabled={busy || undefined}>
        {submitLabel}
      </button>
    </form>
  );
}
