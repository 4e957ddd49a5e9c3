import { FieldError, describedBy } from '@antiquarium/ui';
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

function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="acc-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </>
  );
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
    <div className="aq-field acc-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        inputMode={inputMode}
        className="aq-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A password input with a Show/Hide toggle (its name reads "Show password" / "Hide password"). */
export function PasswordField({ id, label, value, onChange, error, hint, autoComplete, inputRef }: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="aq-field acc-field">
      <label htmlFor={id}>{label}</label>
      <div className="acc-password">
        <input
          ref={inputRef}
          id={id}
          name={id}
          type={shown ? 'text' : 'password'}
          className="aq-input acc-password__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
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
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
