import { AntdTheme } from '@antiquarium/ui/antd-theme';
import { errorMessage, myCollections, useApiData } from '@antiquarium/api-client';
import { collectionPagePath, MAX_PAGE_SIZE, type CollectionVisibility } from '@antiquarium/contracts';
import { DataView } from '@antiquarium/ui';
import { Modal } from 'antd';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TitleField, titleProblem, VisibilityField } from '../../shared/collection-fields';
import { addToExisting, addToNew, type AddOutcome } from './add-artifact';
import '../../shared/collection.css';

export const ADD_DIALOG_TEXTS = {
  title: 'Add to collection',
  choose: 'Choose a collection',
  newOne: 'A new collection',
  privateMark: ' (private)',
  loading: 'Loading your collections…',
  loadFailed: 'Your collections could not be loaded.',
  retry: 'Try again',
  add: 'Add',
  adding: 'Adding…',
  cancel: 'Cancel',
  done: 'Done',
  failed: 'The artifact could not be added. Try again.',
  added: (title: string) => `Added to “${title}”.`,
  already: (title: string) => `This artifact is already in “${title}”.`,
  open: (title: string) => `Open “${title}”`,
} as const;

const NEW = 'new';

export interface AddToCollectionDialogProps {
  open: boolean;
  artifactId: string;
  onClose: () => void;
  /** Once the dialog is gone: the focus goes back to the button that opened it. */
  returnFocus: () => void;
}

function AddForm({ artifactId, onDone, onCancel }: { artifactId: string; onDone: (outcome: AddOutcome) => void; onCancel: () => void }) {
  const mine = useApiData('add-to-collection:mine', (signal) => myCollections({ limit: MAX_PAGE_SIZE }, { signal }));
  const [choice, setChoice] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<CollectionVisibility>('private');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <DataView result={mine} loading={ADD_DIALOG_TEXTS.loading} failed={ADD_DIALOG_TEXTS.loadFailed} retry={ADD_DIALOG_TEXTS.retry} role="alert">
      {(loaded) => {
        const collections = loaded.items;
        // With no collection yet, the only way is a new one.
        const selected = choice ?? (collections[0]?.id ?? NEW);

        const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          setError(null);
          if (selected === NEW) {
            const problem = titleProblem(title);
            setTitleError(problem);
            if (problem) {
              event.currentTarget.querySelector<HTMLInputElement>('#add-collection-title')?.focus();
              return;
            }
          }
          setBusy(true);
          try {
            onDone(selected === NEW ? await addToNew({ title: title.trim(), visibility }, artifactId) : await addToExisting(selected, artifactId));
          } catch (failure) {
            // What was chosen and typed stays, with the reason.
            setError(errorMessage(failure, ADD_DIALOG_TEXTS.failed));
            setBusy(false);
          }
        };

        return (
          <form className="cat-add-collection" noValidate onSubmit={(event) => void onSubmit(event)}>
            {collections.length > 0 ? (
              <fieldset className="cat-collection__choices cat-add-collection__list">
                <legend>{ADD_DIALOG_TEXTS.choose}</legend>
                {collections.map((collection) => (
                  <label key={collection.id} className="cat-collection__choice">
                    <input type="radio" name="add-collection" value={collection.id} checked={selected === collection.id} onChange={() => setChoice(collection.id)} />
                    {collection.title}
                    {collection.visibility === 'private' ? ADD_DIALOG_TEXTS.privateMark : ''}
                  </label>
                ))}
                <label className="cat-collection__choice">
                  <input type="radio" name="add-collection" value={NEW} checked={selected === NEW} onChange={() => setChoice(NEW)} />
                  {ADD_DIALOG_TEXTS.newOne}
                </label>
              </fieldset>
            ) : null}
            {selected === NEW ? (
              <div className="cat-add-collection__new">
                <TitleField
                  id="add-collection-title"
                  value={title}
                  error={titleError}
                  onChange={(value) => {
                    setTitle(value);
                    setTitleError(null);
                  }}
                />
                <VisibilityField name="add-collection-visibility" value={visibility} onChange={setVisibility} />
              </div>
            ) : null}
            {error ? (
              <p className="cat-collection__error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="cat-collection__actions cat-add-collection__buttons">
              <button type="button" className="aq-button" onClick={onCancel}>
                {ADD_DIALOG_TEXTS.cancel}
              </button>
              <button type="submit" className="aq-button aq-button--primary" disabled={busy}>
                {busy ? ADD_DIALOG_TEXTS.adding : ADD_DIALOG_TEXTS.add}
              </button>
            </div>
          </form>
        );
      }}
    </DataView>
  );
}

function Added({ outcome, onClose }: { outcome: AddOutcome; onClose: () => void }) {
  // The confirmation replaces the form: the focus moves to its link once it is on screen (a frame
  // timed from the answer could run before React has put it there).
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus(), []);
  return (
    <div className="cat-add-collection">
      <p role="status">{outcome.already ? ADD_DIALOG_TEXTS.already(outcome.title) : ADD_DIALOG_TEXTS.added(outcome.title)}</p>
      <div className="cat-collection__actions cat-add-collection__buttons">
        <Link ref={link} className="aq-button aq-button--primary" to={collectionPagePath(outcome.id)} onClick={onClose} data-autofocus>
          {ADD_DIALOG_TEXTS.open(outcome.title)}
        </Link>
        <button type="button" className="aq-button" onClick={onClose}>
          {ADD_DIALOG_TEXTS.done}
        </button>
      </div>
    </div>
  );
}

/** Loaded on the first click of "Add to collection": choose one of my collections or make a new one. */
export function AddToCollectionDialog({ open, artifactId, onClose, returnFocus }: AddToCollectionDialogProps) {
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const focusFirst = () => body.current?.querySelector<HTMLElement>('[data-autofocus], input:checked, input, button')?.focus();

  return (
    <AntdTheme>
      <Modal
        open={open}
        title={ADD_DIALOG_TEXTS.title}
        onCancel={onClose}
        afterClose={() => {
          setOutcome(null);
          returnFocus();
        }}
        afterOpenChange={(visible) => {
          if (visible) focusFirst();
        }}
        footer={null}
        destroyOnHidden
      >
        <div ref={body}>
          {outcome ? (
            <Added outcome={outcome} onClose={onClose} />
          ) : (
            <AddForm
              artifactId={artifactId}
              onCancel={onClose}
              onDone={setOutcome}
            />
          )}
        </div>
      </Modal>
    </AntdTheme>
  );
}
