import { COLLECTION_LIMITS, COLLECTION_VISIBILITIES, type CollectionVisibility } from '@antiquarium/contracts';

export const FIELD_TEXTS = {
  title: 'Title',
  titleRequired: 'Please give the collection a title.',
  description: 'Description (optional)',
  visibility: 'Who can see it',
  public: 'Public: anyone with the link, and your public collections page',
  private: 'Private: only you',
} as const;

/** The message of an empty title, or null: the api checks the rest (and says which field). */
export function titleProblem(title: string): string | null {
  return title.trim() ? null : FIELD_TEXTS.titleRequired;
}

interface TitleFieldProps {
  id: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

export function TitleField({ id, value, error, onChange }: TitleFieldProps) {
  return (
    <div className="aq-field">
      <label htmlFor={id}>{FIELD_TEXTS.title}</label>
      <input
        id={id}
        className="aq-input"
        value={value}
        maxLength={COLLECTION_LIMITS.title}
        required
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="aq-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function VisibilityField({ name, value, onChange }: { name: string; value: CollectionVisibility; onChange: (value: CollectionVisibility) => void }) {
  return (
    <fieldset className="cat-collection__choices">
      <legend>{FIELD_TEXTS.visibility}</legend>
      {COLLECTION_VISIBILITIES.map((choice) => (
        <label key={choice} className="cat-collection__choice">
          <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {FIELD_TEXTS[choice]}
        </label>
      ))}
    </fieldset>
  );
}
