import { ApiRequestError, errorMessage, getArtifact, updateArtifact, useApiData } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { type Artifact } from '@antiquarium/contracts';
import { validateArtifactUpdate } from '@antiquarium/contracts/validation';
import { alertDialog, LeaveGuard, Spinner } from '@antiquarium/ui';
import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useParams } from 'react-router-dom';
import { adderOf } from '../../shared/adder';
import { ArtifactForm } from '../../shared/artifact-form/artifact-form';
import { savedImages, valuesOf, type FormValues } from '../../shared/artifact-form/form-values';
import { pictureChanges, updateInput } from '../../shared/artifact-form/picture';
import { useArtifactForm } from '../../shared/artifact-form/use-artifact-form';
import { useSubmission } from '../../shared/artifact-form/use-submission';

/** This screen's texts, exactly as users see them (the tests assert each one). */
export const UPDATE_TEXTS = {
  title: 'Update Artifact',
  intro: 'Correct or complete the details of your artifact. Save becomes available once you change something.',
  save: 'Save Changes',
  unchanged: 'Change a field to enable saving.',
  /** The one success message: a panel above the form, focused (no confirmation before, no dialog after: issue 43). */
  successText: 'Artifact Updated successfully!',
  savedText: 'Your changes are saved and shown on the artifact’s page.',
  errorTitle: 'Error!',
  errorText: 'Something went wrong!',
  viewArtifact: 'View artifact',
  notOwnerTitle: 'You can only update your own artifacts',
  notOwnerText: 'This artifact was added by someone else, so it cannot be changed from your account.',
  notFoundTitle: 'Artifact not found',
  notFoundText: 'There is no artifact at this address. It may have been deleted.',
  loadFailedTitle: 'This artifact could not be loaded',
  tryAgain: 'Try again',
} as const;

/**
 * Whether the signed-in caller added this artifact. The api sends adderEmail only when the verified
 * token's uid is the one stored with the artifact (docs/api.md), so its presence is the server's own
 * ownership answer. Comparing e-mails here instead would lock out an owner whose e-mail changed, or
 * whose address differs in case; the client has no adder uid to compare. The api checks again on save.
 */
export function isOwnArtifact(artifact: Artifact): boolean {
  return typeof artifact.adderEmail === 'string';
}

function Message({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className="aq-container ctb-message" aria-labelledby="update-message-title">
      <h1 id="update-message-title">{title}</h1>
      <p>{text}</p>
      <div className="ctb-message__actions">{children}</div>
    </section>
  );
}

function UpdateForm({ artifact }: { artifact: Artifact }) {
  const user = useAuthStore((state) => state.user);
  const [saved, setSaved] = useState<FormValues>(() => valuesOf(artifact));
  const [savedPhotos, setSavedPhotos] = useState(() => savedImages(artifact));
  const form = useArtifactForm(saved, savedPhotos);
  const submission = useSubmission(form, UPDATE_TEXTS.errorText);
  const { changes, photosChanged } = pictureChanges(form.values, saved, form.photos.list, savedPhotos);
  const dirty = Object.keys(changes).length > 0 || photosChanged;
  const [savedShown, setSavedShown] = useState(false);
  const savedHeading = useRef<HTMLHeadingElement>(null);

  /**
   * After a new picture was saved, the artifact is read again: its photos have ids of their own now
   * (an upload is named once), and the form goes on from them.
   */
  const reloadAfterSave = async () => {
    try {
      const fresh = await getArtifact(artifact._id);
      setSaved(valuesOf(fresh));
      setSavedPhotos(savedImages(fresh));
      form.reset(valuesOf(fresh), savedImages(fresh));
    } catch {
      // The save itself worked and is reported so; the form keeps what was sent, and the next
      // visit reads the artifact afresh.
    }
  };

  // Held from the click to the answer: one save at a time.
  const submit = async () => {
    if (submission.running() || !dirty) return;
    const { input, photoErrors } = updateInput(changes, photosChanged, form.photos);
    const checked = validateArtifactUpdate(input);
    if (!checked.ok || photoErrors.images) {
      form.showErrors({ ...(checked.ok ? {} : checked.fields), ...photoErrors });
      return;
    }
    setSavedShown(false);
    await submission.run(async () => {
      const answer = await updateArtifact(artifact._id, checked.value);
      if (answer?.modifiedCount) {
        // The saved values become the new baseline (as the api stored them), so Save disables again.
        // A new picture is re-read: the api keeps photos (and a pasted address as one) under new ids.
        if (checked.value.images !== undefined || checked.value.image !== undefined) await reloadAfterSave();
        flushSync(() => {
          if (checked.value.images === undefined && checked.value.image === undefined) setSaved((previous) => ({ ...previous, ...checked.value }));
          setSavedShown(true);
        });
        savedHeading.current?.focus();
      } else {
        void alertDialog({ kind: 'error', title: UPDATE_TEXTS.errorTitle, text: UPDATE_TEXTS.errorText });
      }
    });
  };

  return (
    <section className="aq-container ctb-page" aria-labelledby="update-artifact-title">
      <header className="ctb-page__head">
        <h1 id="update-artifact-title">{UPDATE_TEXTS.title}</h1>
        <p>{UPDATE_TEXTS.intro}</p>
      </header>
      <LeaveGuard when={dirty} />
      {/* Announced politely as it appears (and read again from its heading, which gets the focus). */}
      <div role="status" aria-live="polite">
        {savedShown && !dirty ? (
          <div className="aq-notice ctb-added">
            <h2 className="aq-notice__title" tabIndex={-1} ref={savedHeading}>
              {UPDATE_TEXTS.successText}
            </h2>
            <p>{UPDATE_TEXTS.savedText}</p>
          </div>
        ) : null}
      </div>
      <ArtifactForm
        form={form}
        adder={adderOf(user)}
        submitLabel={UPDATE_TEXTS.save}
        submitDisabled={submission.busy || !dirty}
        busy={submission.busy}
        submitNote={dirty ? undefined : UPDATE_TEXTS.unchanged}
        onSubmit={() => void submit()}
        footer={
          <Link className="aq-button" to={`/artifacts/${artifact._id}`}>
            {UPDATE_TEXTS.viewArtifact}
          </Link>
        }
      />
    </section>
  );
}

/** Exposed as 'contribute/UpdateArtifact' (a login-required route in the shell); reads `:id`. */
export default function UpdateArtifactPage() {
  const { id = '' } = useParams();
  const loaded = useApiData(`artifact:${id}`, (signal) => getArtifact(id, { signal }));

  if (loaded.status === 'loading') return <Spinner label="Loading artifact…" />;
  if (loaded.status === 'error' && loaded.error instanceof ApiRequestError && loaded.error.status === 404) {
    return (
      <Message title={UPDATE_TEXTS.notFoundTitle} text={UPDATE_TEXTS.notFoundText}>
        <Link className="aq-button aq-button--primary" to="/my-artifacts">
          My Artifacts
        </Link>
        <Link className="aq-button" to="/all-artifacts">
          All Artifacts
        </Link>
      </Message>
    );
  }
  if (loaded.status === 'error') {
    return (
      <Message title={UPDATE_TEXTS.loadFailedTitle} text={errorMessage(loaded.error, 'Please try again.')}>
        <button type="button" className="aq-button aq-button--primary" onClick={loaded.retry}>
          {UPDATE_TEXTS.tryAgain}
        </button>
      </Message>
    );
  }
  const artifact = loaded.data;
  if (!isOwnArtifact(artifact)) {
    return (
      <Message title={UPDATE_TEXTS.notOwnerTitle} text={UPDATE_TEXTS.notOwnerText}>
        <Link className="aq-button aq-button--primary" to={`/artifacts/${artifact._id}`}>
          {UPDATE_TEXTS.viewArtifact}
        </Link>
        <Link className="aq-button" to="/my-artifacts">
          My Artifacts
        </Link>
      </Message>
    );
  }
  // Keyed by id: another artifact starts from its own values.
  return <UpdateForm key={artifact._id} artifact={artifact} />;
}
