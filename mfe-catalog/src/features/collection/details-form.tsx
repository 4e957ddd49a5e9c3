import { ApiRequestError, errorMessage, updateCollection } from '@antiquarium/api-client';
import { COLLECTION_LIMITS, type CollectionUpdate } from '@antiquarium/contracts';
import { LeaveGuard, toast } from '@antiquarium/ui';
import { useState, type FormEvent } from 'react';
import type { CollectionData } from './collection-data';
import { FIELD_TEXTS, TitleField, titleProblem, VisibilityField } from '../../shared/collection-fields';

export const DETAILS_FORM_TEXTS = {
  title: 'Edit title, description and visibility',
  save: 'Save details',
  saving: 'Saving…',
  saved: 'Details saved',
  failed: 'The details could not be saved. What you typed is still here: try again.',
} as const;

interface DetailsFormProps {
  collection: CollectionData;
  onSaved: (changes: Required<CollectionUpdate>) => void;
}

/** The owner's form for the collection's own fields; a failure keeps everything typed. */
export function DetailsForm({ collection, onSaved }: DetailsFormProps) {
  const [title, setTitle] = useState(collection.title);
  const [description, setDescription] = useState(collection.description);
  const [visibility, setVisibility] = useState(collection.visibility);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Compared as the api keeps them (trimmed): the collection prop follows each save (collection-editor.tsx).
  const unsaved = title.trim() !== collection.title.trim() || description.trim() !== collection.description.trim() || visibility !== collection.visibility;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = titleProblem(title);
    setTitleError(problem);
    if (problem) {
      event.currentTarget.querySelector<HTMLInputElement>('#collection-title-input')?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const changes = { title: title.trim(), description: description.trim(), visibility };
    try {
      await updateCollection(collection.id, changes);
      onSaved(changes);
      void toast('success', DETAILS_FORM_TEXTS.saved);
    } catch (failure) {
      const fieldError = failure instanceof ApiRequestError ? failure.fields?.['title'] : undefined;
      if (fieldError) setTitleError(fieldError);
      setError(errorMessage(failure, DETAILS_FORM_TEXTS.failed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="cat-collection__panel" aria-labelledby="collection-details-title" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h2 id="collection-details-title">{DETAILS_FORM_TEXTS.title}</h2>
      <LeaveGuard when={unsaved} />
      <TitleField
        id="collection-title-input"
        value={title}
        error={titleError}
        onChange={(value) => {
          setTitle(value);
          setTitleError(null);
        }}
      />
      <div className="aq-field">
        <label htmlFor="collection-description-input">{FIELD_TEXTS.description}</label>
        <textarea
          id="collection-description-input"
          className="aq-textarea"
          rows={3}
          maxLength={COLLECTION_LIMITS.description}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <VisibilityField name="collection-visibility" value={visibility} onChange={setVisibility} />
      <div className="cat-collection__actions">
        <button type="submit" className="aq-button aq-button--primary" disabled={saving}>
          {saving ? DETAILS_FORM_TEXTS.saving : DETAILS_FORM_TEXTS.save}
        </button>
      </div>
      {error ? (
        <p className="cat-collection__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
