import {
  ARTIFACT_TYPES,
  EDITABLE_LABELS,
  FIELD_LIMITS,
  formatDateRange,
  readDate,
  RIGHTS_STATEMENTS,
  rightsStatement,
  type EditableField,
} from '@antiquarium/contracts';
import { describedBy, Field, FieldError } from '@antiquarium/ui';
import { Fragment, type FormEvent, type ReactNode } from 'react';
import { PhotoPicker } from '../photos/photo-picker';
import { PHOTO_TEXTS } from '../photos/photo-texts';
import { characterCount, controlId, fieldError, FORM_ORDER } from './form-values';
import { ImagePreview } from './image-preview';
import type { ArtifactFormState } from './use-artifact-form';
import './artifact-form.css';

export const FORM_TEXTS = {
  required: 'All fields are required.',
  typePlaceholder: 'Select Type',
  adderLegend: 'Added by',
  adderName: 'Your name',
  adderEmail: 'Your email',
} as const;

/** Help under a field; the free-text periods in particular need an example of their format. */
export const FIELD_HINTS: Partial<Record<EditableField, string>> = {
  image: 'A direct link to the picture, starting with http:// or https://.',
  context: "The culture or setting it comes from, e.g. 'Ptolemaic Egypt'.",
  shortDescription: `A few sentences on what it is and why it matters, up to ${FIELD_LIMITS.shortDescription} characters.`,
  createdAt: "When it was made, as free text, e.g. '100 BC', 'c. 1350 AD' or '3rd century'.",
  discoveredAt: "When it was found, as free text, e.g. '1799'.",
  discoveredBy: 'The person or team who found it.',
  location: "Where it is kept today, e.g. 'British Museum, London'.",
  credit: "Optional: who to credit when the picture is reused, e.g. 'Photo: British Museum'.",
};

/** How others may reuse the picture: the chosen statement's explanation, read as it changes. */
export function rightsHint(uri: string): string {
  return rightsStatement(uri).explanation;
}

/**
 * How the server will read a created-at text (the same reader, libs/contracts dates.ts), shown as
 * the member types; empty while the field is.
 */
export function dateReading(text: string): string {
  if (!text.trim()) return '';
  const range = readDate(text);
  return range ? `Read as ${formatDateRange(range)}` : 'Not understood: it will show as Undated';
}

/**
 * What a screen reader hears of a counted field, through a polite live region: nothing while the text
 * is well within its limit, then only as the text crosses one of a few marks near the limit (the
 * words change only there, so typing is not read out key by key), and past the limit the very
 * message the validation (and the api) gives.
 */
export function counterAnnouncement(field: EditableField, value: string, max: number): string {
  const left = max - characterCount(value);
  if (left < 0) return fieldError(field, value) ?? '';
  if (left === 0) return `No characters left: the limit is ${max}.`;
  const mark = [max / 100, max / 40, max / 20, max / 10].map(Math.round).find((step) => left <= step);
  return mark === undefined ? '' : `${mark} or fewer characters left.`;
}

/** The fields with a visible counter ("n / max"): the long free text, whose limit is easy to pass. */
const COUNTED: ReadonlySet<EditableField> = new Set(['shortDescription']);

type Control = 'text' | 'url' | 'select' | 'textarea' | 'rights';

const CONTROLS: Partial<Record<EditableField, Control>> = { type: 'select', image: 'url', shortDescription: 'textarea', rights: 'rights' };
/** Fields that take both columns (on screens wide enough for two). */
const WIDE: ReadonlySet<EditableField> = new Set(['image', 'context', 'shortDescription', 'rights', 'credit']);
/** The only field that may stay empty. */
const OPTIONAL: ReadonlySet<EditableField> = new Set(['credit']);

interface ArtifactFieldProps {
  field: EditableField;
  control: Control;
  wide?: boolean;
  form: ArtifactFormState;
}

/** The address's hint: while there are photos, it also says that the address is not used. */
function imageHint(form: ArtifactFormState): string {
  return form.photos.list.length > 0 ? `${FIELD_HINTS.image ?? ''} ${PHOTO_TEXTS.addressUnused}`.trim() : (FIELD_HINTS.image ?? '');
}

/**
 * One of the artifact's fields. Written out, not a Field of the form kit: besides its hint and error it may carry
 * parts read with the control (the date's reading, the counter), a live hint (the rights) and, for the address,
 * the "or" line above its label and the preview beside it.
 */
function ArtifactField({ field, control, wide, form }: ArtifactFieldProps) {
  const id = controlId(field);
  let hint = FIELD_HINTS[field];
  if (field === 'rights') hint = rightsHint(form.values.rights);
  else if (field === 'image') hint = imageHint(form);
  const error = form.errors[field];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const previewId = `${id}-preview`;
  const readingId = `${id}-reading`;
  const reading = field === 'createdAt' ? dateReading(form.values.createdAt) : null;
  const counterId = `${id}-counter`;
  const limit = COUNTED.has(field) ? FIELD_LIMITS[field as keyof typeof FIELD_LIMITS] : undefined;
  const count = limit === undefined ? 0 : characterCount(form.values[field]);
  const describedIds = describedBy(hint && hintId, reading !== null && readingId, limit !== undefined && counterId, error && errorId);
  const common = {
    id,
    name: field,
    // The address is the second way in for the picture: required only while there are no photos.
    required: field === 'image' ? form.photos.list.length === 0 : !OPTIONAL.has(field),
    value: form.values[field],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedIds,
    onBlur: () => form.blur(field),
  };

  let input: ReactNode;
  if (control === 'select') {
    input = (
      <select {...common} className="aq-select" onChange={(event) => form.change(field, event.target.value)}>
        <option value="">{FORM_TEXTS.typePlaceholder}</option>
        {ARTIFACT_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    );
  } else if (control === 'rights') {
    input = (
      <select {...common} className="aq-select" onChange={(event) => form.change(field, event.target.value)}>
        {RIGHTS_STATEMENTS.map((statement) => (
          <option key={statement.uri} value={statement.uri}>
            {statement.label}
          </option>
        ))}
      </select>
    );
  } else if (control === 'textarea') {
    input = (
      <textarea {...common} className="aq-textarea" rows={5} onChange={(event) => form.change(field, event.target.value)} />
    );
  } else {
    input = (
      <input
        {...common}
        type={control}
        className="aq-input"
        autoComplete="off"
        inputMode={control === 'url' ? 'url' : undefined}
        onChange={(event) => form.change(field, event.target.value)}
      />
    );
  }

  return (
    <div className={`aq-field ctb-field${wide ? ' ctb-field--wide' : ''}${field === 'image' ? ' ctb-field--image' : ''}`}>
      {field === 'image' ? <p className="ctb-or">{PHOTO_TEXTS.orAddress}</p> : null}
      <label htmlFor={id}>{EDITABLE_LABELS[field]}</label>
      {field === 'image' ? (
        <div className="ctb-image-row">
          <div className="ctb-image-row__input">
            {input}
            {hint ? <p id={hintId} className="ctb-hint">{hint}</p> : null}
            <FieldError id={errorId} error={error} />
          </div>
          <ImagePreview url={form.values.image} statusId={previewId} />
        </div>
      ) : (
        <>
          {input}
          {hint ? (
            <p id={hintId} className="ctb-hint" aria-live={field === 'rights' ? 'polite' : undefined}>
              {hint}
            </p>
          ) : null}
          {reading !== null ? (
            <p id={readingId} className="ctb-hint ctb-reading" aria-live="polite">
              {reading}
            </p>
          ) : null}
          {limit !== undefined ? (
            <>
              {/* Read with the field (aria-describedby), not as it changes. */}
              <p id={counterId} className={`ctb-hint ctb-counter${count > limit ? ' ctb-counter--over' : ''}`}>
                {count} / {limit}
              </p>
              <p className="aq-visually-hidden" aria-live="polite" id={`${id}-announcement`}>
                {counterAnnouncement(field, form.values[field], limit)}
              </p>
            </>
          ) : null}
          <FieldError id={errorId} error={error} />
        </>
      )}
    </div>
  );
}

export interface ArtifactFormProps {
  form: ArtifactFormState;
  /** The signed-in user, shown read-only: the api takes the adder from the sign-in, not the form. */
  adder: { name: string; email: string };
  submitLabel: string;
  /** True while a request is under way (and for Update: while nothing changed). */
  submitDisabled: boolean;
  busy: boolean;
  /** Shown under the button, and read with it, e.g. why it is disabled. */
  submitNote?: string;
  onSubmit: () => void;
  /** Links or notes after the button. */
  footer?: ReactNode;
}

export function ArtifactForm({ form, adder, submitLabel, submitDisabled, busy, submitNote, onSubmit, footer }: ArtifactFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // noValidate: the shared validation speaks (the same messages as the api), not the browser's bubbles.
    <form className="ctb-form" noValidate aria-busy={busy} onSubmit={handleSubmit}>
      <p className="ctb-form__required">{FORM_TEXTS.required}</p>
      <div className="ctb-form__grid">
        {FORM_ORDER.map((field) => (
          <Fragment key={field}>
            {/* The photos come first of the picture's two ways in; the address field follows. */}
            {field === 'image' ? (
              <div className="ctb-field--wide">
                <PhotoPicker photos={form.photos} summaryId={controlId('images')} />
              </div>
            ) : null}
            <ArtifactField field={field} control={CONTROLS[field] ?? 'text'} wide={WIDE.has(field)} form={form} />
          </Fragment>
        ))}
      </div>
      <fieldset className="ctb-adder">
        <legend>{FORM_TEXTS.adderLegend}</legend>
        <div className="ctb-form__grid">
          <Field id="artifact-adder-name" label={FORM_TEXTS.adderName}>
            {(control) => <input {...control} className="aq-input" value={adder.name} readOnly />}
          </Field>
          <Field id="artifact-adder-email" label={FORM_TEXTS.adderEmail}>
            {(control) => <input {...control} className="aq-input" type="email" value={adder.email} readOnly />}
          </Field>
        </div>
      </fieldset>
      <div className="ctb-form__actions">
        <button
          type="submit"
          className="aq-button aq-button--primary ctb-submit"
          disabled={submitDisabled}
          aria-describedby={submitNote ? 'artifact-submit-note' : undefined}
        >
          {busy ? <span className="ctb-submit__spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
        {submitNote ? (
          <p id="artifact-submit-note" className="ctb-hint">
            {submitNote}
          </p>
        ) : null}
        {footer}
      </div>
    </form>
  );
}
