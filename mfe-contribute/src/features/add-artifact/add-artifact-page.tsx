import { createArtifact } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { METADATA_LICENCE } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { alertDialog, LeaveGuard, VerifyEmailNotice } from '@antiquarium/ui';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { ArtifactForm } from '../../shared/artifact-form/artifact-form';
import { controlId, EMPTY_VALUES, FORM_ORDER } from '../../shared/artifact-form/form-values';
import { createInput } from '../../shared/artifact-form/picture';
import { useArtifactForm } from '../../shared/artifact-form/use-artifact-form';
import { useSubmission } from '../../shared/artifact-form/use-submission';
import { adderOf } from '../../shared/adder';
import { AddedPanel, DraftNotice, type AddedArtifact } from './add-artifact-notices';
import { ADD_LEAVE_TEXTS, ADD_TEXTS } from './add-artifact-texts';
import { clearDraft, hasContent, readDraft, writeDraft } from './add-draft';

/** Exposed as 'contribute/AddArtifact' (a login-required route in the shell). */
export default function AddArtifactPage() {
  const user = useAuthStore((state) => state.user);
  const uid = user?.uid ?? null;
  const [draft] = useState(() => (uid ? readDraft(uid) : null));
  const form = useArtifactForm(draft ?? EMPTY_VALUES);
  const submission = useSubmission(form, ADD_TEXTS.errorText);
  const [added, setAdded] = useState<AddedArtifact | null>(null);
  const [draftShown, setDraftShown] = useState(draft !== null);
  const [discarded, setDiscarded] = useState(false);
  const addedHeading = useRef<HTMLHeadingElement>(null);

  // Kept as it is typed (an empty form removes it): nothing to do on the way out, however it goes.
  useEffect(() => {
    if (uid) writeDraft(uid, form.values);
  }, [uid, form.values]);

  const focusFirstField = () => {
    const first = FORM_ORDER[0];
    if (first) document.getElementById(controlId(first))?.focus();
  };

  const discardDraft = () => {
    flushSync(() => {
      form.reset(EMPTY_VALUES);
      setDraftShown(false);
      setDiscarded(true);
    });
    if (uid) clearDraft(uid);
    focusFirstField();
  };

  /** Back to the (empty) form, ready for the next one: the panel goes, focus is on the first field. */
  const addAnother = () => {
    flushSync(() => {
      form.reset(EMPTY_VALUES);
      setAdded(null);
    });
    focusFirstField();
  };

  const submit = async () => {
    if (submission.running()) return;
    // Refused, with every message shown, until each photo is ready and has its alt text.
    const { input, photoErrors } = createInput(form.values, form.photos);
    const checked = validateArtifactInput(input);
    if (!checked.ok || photoErrors.images) {
      form.showErrors({ ...(checked.ok ? {} : checked.fields), ...photoErrors });
      return;
    }
    await submission.run(async () => {
      const answer = await createArtifact(checked.value);
      if (answer?.insertedId) {
        // The panel is the one success message (no dialog over it, issue 43): on screen and focused
        // (scrolled to, under the sticky top bar), so the member is not left half-way down the
        // emptied form. The emptied form removes the draft.
        flushSync(() => {
          form.reset(EMPTY_VALUES);
          setAdded({ id: answer.insertedId, name: checked.value.name });
          setDraftShown(false);
          setDiscarded(false);
        });
        addedHeading.current?.focus();
      } else {
        void alertDialog({ kind: 'error', title: ADD_TEXTS.errorTitle, text: ADD_TEXTS.errorText });
      }
    });
  };

  return (
    <section className="aq-container ctb-page" aria-labelledby="add-artifact-title">
      <header className="ctb-page__head">
        <h1 id="add-artifact-title">{ADD_TEXTS.title}</h1>
        <p>{ADD_TEXTS.intro}</p>
      </header>
      <VerifyEmailNotice />
      {/* Photos are not part of the draft: leaving with some asks first. */}
      <LeaveGuard when={form.photos.list.length > 0} texts={ADD_LEAVE_TEXTS} />
      {draftShown ? <DraftNotice onDiscard={discardDraft} /> : null}
      {/* Announced politely as it appears (and read again from its heading, which gets the focus). */}
      <div role="status" aria-live="polite">
        {discarded && !hasContent(form.values) ? <p className="ctb-hint">{ADD_TEXTS.draftDiscarded}</p> : null}
        {added ? <AddedPanel added={added} headingRef={addedHeading} onAddAnother={addAnother} /> : null}
      </div>
      <ArtifactForm
        form={form}
        adder={adderOf(user)}
        submitLabel={ADD_TEXTS.submit}
        submitDisabled={submission.busy}
        busy={submission.busy}
        onSubmit={() => void submit()}
        footer={
          <p className="ctb-hint ctb-terms-note">
            {ADD_TEXTS.termsBefore}{' '}
            <a href={METADATA_LICENCE.uri} rel="license">
              {ADD_TEXTS.termsLink}
            </a>{' '}
            (see our <Link to="/terms">{ADD_TEXTS.termsPage}</Link>). {ADD_TEXTS.termsAfter}
          </p>
        }
      />
    </section>
  );
}
