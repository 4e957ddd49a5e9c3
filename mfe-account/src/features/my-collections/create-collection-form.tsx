import { ApiRequestError, createCollection, errorMessage } from '@antiquarium/api-client';
import { COLLECTION_VISIBILITIES, collectionPagePath, type CollectionVisibility } from '@antiquarium/contracts';
import { validateCollectionInput } from '@antiquarium/contracts/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../shared/form-fields';

export const CREATE_COLLECTION_TEXTS = {
  title: 'New collection',
  titleLabel: 'Title',
  visibilityLabel: 'Who can see it',
  visibility: { private: 'Only me (private)', public: 'Anyone with the link (public)' } satisfies Record<CollectionVisibility, string>,
  create: 'Create collection',
  creating: 'Creating…',
  failed: 'The collection could not be created. Try again.',
} as const;

/** Creates an empty collection and opens it; artifacts are added from their pages. */
export function CreateCollectionForm() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<CollectionVisibility>('private');
  const [titleError, setTitleError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const checked = validateCollectionInput({ title, visibility });
    if (!checked.ok) {
      setTitleError(checked.fields['title']);
      titleRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { id } = await createCollection(checked.value);
      navigate(collectionPagePath(id));
    } catch (failure) {
      // What was typed stays in the form, with the api's reason.
      if (failure instanceof ApiRequestError && failure.fields?.['title']) setTitleError(failure.fields['title']);
      setError(errorMessage(failure, CREATE_COLLECTION_TEXTS.failed));
      setBusy(false);
    }
  };

  return (
    <form className="acc-form acc-collections__create" aria-labelledby="create-collection-title" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h2 id="create-collection-title">{CREATE_COLLECTION_TEXTS.title}</h2>
      <TextField
        id="new-collection-title"
        label={CREATE_COLLECTION_TEXTS.titleLabel}
        value={title}
        error={titleError}
        inputRef={titleRef}
        onChange={(value) => {
          setTitle(value);
          setTitleError(undefined);
        }}
      />
      <div className="aq-field">
        <label htmlFor="new-collection-visibility">{CREATE_COLLECTION_TEXTS.visibilityLabel}</label>
        <select
          id="new-collection-visibility"
          className="aq-select"
          value={visibility}
          onChange={(event) => setVisibility(event.target.value as CollectionVisibility)}
        >
          {COLLECTION_VISIBILITIES.map((choice) => (
            <option key={choice} value={choice}>
              {CREATE_COLLECTION_TEXTS.visibility[choice]}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="aq-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="aq-button aq-button--primary" disabled={busy}>
          {busy ? CREATE_COLLECTION_TEXTS.creating : CREATE_COLLECTION_TEXTS.create}
        </button>
      </div>
    </form>
  );
}
