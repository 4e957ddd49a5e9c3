import { createArtifact } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { METADATA_LICENCE } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { alertDialog } from '@antiquarium/ui';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { ArtifactForm } from '../../shared/artifact-form/artifact-form';
import { controlId, EMPTY_VALUES, FORM_ORDER } from '../../shared/artifact-form/form-values';
import { createInput } from '../../shared/artifact-form/picture';
import { useArtifactForm } from '../../shared/artifact-form/use-artifact-form';
import { useSubmission } from '../../shared/artifact-form/use-submission';
import { adderOf } from '../../shared/adder';
import { VerifyEmailNotice } from '../../shared/verify-email-notice';

/** This screen's texts, exactly as users see them (the tests assert each one). */
export const ADD_TEXTS = {
  title: 'Add Historical Artifact',
  intro: 'Fill out the form below to contribute a historical artifact. Make sure all information is accurate and descriptive.',
  submit: 'Add Artifact',
  successTitle: 'Success!',
  successText: 'Artifact added successfully!',
  errorTitle: 'Error!',
  errorText: 'Something went wrong!',
  /** Under the button: the licence of the record's text (the terms page, and the open data). */
  termsBefore: 'By adding, you agree that the text you write is offered as open data under',
  termsLink: 'CC0 1.0',
  termsPage: 'Terms',
  termsAfter: 'The picture keeps the rights you choose above.',
  /** The panel shown after a create, where the member is taken (not the spec's dialog). */
  addedTitle: 'Artifact added',
  addedText: (name: string) => `“${name}” is now in the collection.`,
  viewIt: 'View it',
  addAnother: 'Add another',
  myArtifacts: 'See My Artifacts',
} as const;

/** Exposed as 'contribute/AddArtifact' (a login-required route in the shell). */
export default function AddArtifactPage() {
  const user = useAuthStore((state) => state.user);
  const form = useArtifactForm(EMPTY_VALUES);
  const submission = useSubmission(form, ADD_TEXTS.errorText);
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  const addedHeading = useRef<HTMLHeadingElement>(null);

  /** Back to the (empty) form, ready for the next one: the panel goes, focus is on the first field. */
  const addAnother = () => {
    flushSync(() => {
      form.reset(EMPTY_VALUES);
      setAdded(null);
    });
    const first = FORM_ORDER[0];
    if (first) document.getElementById(controlId(first))?.focus();
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
        // The panel is on screen and focused (scrolled to, under the sticky top bar) before the
        // spec's dialog opens: the dialog gives the focus back to it when closed, so the member is
        // not left half-way down the emptied form.
        flushSync(() => {
          form.reset(EMPTY_VALUES);
          setAdded({ id: answer.insertedId, name: checked.value.name });
        });
        addedHeading.current?.focus();
        void alertDialog({ kind: 'success', title: ADD_TEXTS.successTitle, text: ADD_TEXTS.successText, okLabel: 'OK' });
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
      {/* Announced politely as it appears (and read again from its heading, which gets the focus). */}
      <div role="status" aria-live="polite">
        {added ? (
          <div className="ctb-notice ctb-added">
            <h2 id="artifact-added-title" className="ctb-notice__title" tabIndex={-1} ref={addedHeading}>
              {ADD_TEXTS.addedTitle}
            </h2>
            <p>{ADD_TEXTS.addedText(added.name)}</p>
            <p className="ctb-notice__actions">
              <Link className="aq-button aq-button--primary" to={`/artifacts/${added.id}`}>
                {ADD_TEXTS.viewIt}
              </Link>
              <button type="button" className="aq-button" onClick={addAnother}>
                {ADD_TEXTS.addAnother}
              </button>
              <Link className="aq-button" to="/my-artifacts">
                {ADD_TEXTS.myArtifacts}
              </Link>
            </p>
          </div>
        ) : null}
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
