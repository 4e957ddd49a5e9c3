import { Field } from '@antiquarium/ui';
import { useState, type InputHTMLAttributes, type Ref } from 'react';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and linked to it (aria-describedby), with aria-invalid set. */
  error?: string | undefined;
  /** A short help text under the label, also linked to the field. */
  hint?: string;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>['autoComplete'];
  inputRef?: Ref<HTMLInputElement>;
  /** False for the one optional field (the register form's photo); every other field is required. */
  required?: boolean;
}

/**
 * A labelled input. The forms validate themselves (noValidate) so every message is the product's own wording and
 * is read out with the field; `required` still tells assistive technology the field is mandatory.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  autoComplete,
  inputRef,
  type = 'text',
  inputMode,
  required = true,
}: FieldProps & { type?: 'text' | 'email' | 'url'; inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'] }) {
  return (
    <Field id={id} label={label} hint={hint} hintClassName="acc-field__hint" error={error} className="acc-field">
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name={id}
          type={type}
          inputMode={inputMode}
          className="aq-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required={required}
        />
      )}
    </Field>
  );
}

/** A password input with a Show/Hide toggle (its name reads "Show password" / "Hide password"). */
export function PasswordField({ id, label, value, onChange, error, hint, autoComplete, inputRef }: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} hint={hint} hintClassName="acc-field__hint" error={error} className="acc-field">
      {(control) => (
        <div className="acc-password">
          <input
            {...control}
            ref={inputRef}
            name={id}
            type={shown ? 'text' : 'password'}
            className="aq-input acc-password__input"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete={autoComplete}
            required
            // A shown password must not be remembered or corrected by the keyboard.
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <button
            type="button"
            className="acc-password__toggle"
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="aq-visually-hidden"> password</span>
          </button>
        </div>
      )}
    </Field>
  );
}
