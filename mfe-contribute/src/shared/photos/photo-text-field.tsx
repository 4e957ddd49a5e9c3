import { Field } from '@antiquarium/ui';

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
  return (
    <Field id={id} label={label} hint={hint} hintClassName="ctb-hint" error={error} className="ctb-field ctb-photo__text">
      {(control) => (
        <input {...control} className="aq-input" value={value} required={required} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}
