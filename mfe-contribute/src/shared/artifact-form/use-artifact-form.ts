import { FIELD_LIMITS, type ArtifactImage, type EditableField, type FieldErrors } from '@antiquarium/contracts';
import { useEffect, useState } from 'react';
import { usePhotos, type PhotosState } from '../photos/use-photos';
import { characterCount, controlId, fieldError, firstErrorField, type ErrorPlace, type FormValues } from './form-values';

export interface ArtifactFormState {
  values: FormValues;
  errors: FieldErrors;
  change: (field: EditableField, value: string) => void;
  blur: (field: EditableField) => void;
  /**
   * Shows these messages (client checks or the api's 400) and moves focus to the first one. An
   * `images` message only places the focus (on the photo picker's message): the picker says itself
   * what stops the photos, kept current as they change.
   */
  showErrors: (errors: FieldErrors) => void;
  /** Starts again from these values and photos (none unless given). */
  reset: (values: FormValues, images?: readonly ArtifactImage[]) => void;
  /** The photos: the first way in for the picture; the address (`image`) is the second. */
  photos: PhotosState;
}

/**
 * Values and messages of the artifact form. A message appears when a field is left after an edit,
 * on submit, or at once when a text passes its length limit; once shown it is re-checked on every
 * keystroke, so it goes as soon as it is fixed.
 */
export function useArtifactForm(initial: FormValues, initialImages: readonly ArtifactImage[] = []): ArtifactFormState {
  const [values, setValues] = useState(initial);
  const photos = usePhotos(initialImages);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [edited, setEdited] = useState<ReadonlySet<EditableField>>(() => new Set());
  const [focusRequest, setFocusRequest] = useState<{ field: ErrorPlace } | null>(null);

  useEffect(() => {
    // After the render that set aria-invalid, so a screen reader reads the message with the label.
    if (focusRequest) document.getElementById(controlId(focusRequest.field))?.focus();
  }, [focusRequest]);

  const setError = (field: EditableField, message: string | undefined) =>
    setErrors((current) => {
      if (current[field] === message) return current;
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  return {
    values,
    errors,
    change(field, value) {
      setValues((current) => ({ ...current, [field]: value }));
      if (!edited.has(field)) setEdited(new Set(edited).add(field));
      // A text past its limit is refused as it is typed, not first on submit; otherwise a shown
      // message is re-checked.
      const limit: number | undefined = FIELD_LIMITS[field as keyof typeof FIELD_LIMITS];
      if (errors[field] || (limit !== undefined && characterCount(value) > limit)) setError(field, fieldError(field, value));
    },
    blur(field) {
      // Tabbing through untouched fields must not fill the form with "required" messages. A shown
      // message is already current (re-checked on every change); it may be the api's, which the
      // client cannot re-check, so it stays until the value changes.
      if (!edited.has(field) || errors[field]) return;
      setError(field, fieldError(field, values[field]));
    },
    showErrors(next) {
      const { images: _photos, ...fields } = next;
      setErrors(fields);
      const first = firstErrorField(next);
      if (first) setFocusRequest({ field: first });
    },
    reset(next, images = []) {
      setValues(next);
      setErrors({});
      setEdited(new Set());
      photos.reset(images);
    },
    photos,
  };
}
