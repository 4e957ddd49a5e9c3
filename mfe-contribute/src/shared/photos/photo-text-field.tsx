import { describedBy, FieldError } from '@antiquarium/ui';

interface PhotoTextFieldProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  required?: boolean;
  error?: string;
  onChange: (value: string) => void;
}

/** A photo's alt text or caption: label, hint and message, read with the control. */
export function PhotoTextField({ id, label, hint, value, required = false, error, onChange }: PhotoTextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="aq-field ctb-field ctb-photo__text">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="aq-input"
        value={value}
        required={required}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="ctb-hint">
        {hint}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
