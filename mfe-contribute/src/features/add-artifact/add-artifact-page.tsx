import { createArtifact } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { METADATA_LICENCE } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { alertDialog } from '@antiquarium/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ArtifactForm } from '../../shared/artifact-form/artifact-form';
import { EMPTY_VALUES } from '../../shared/artifact-form/form-values';
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
} as const;

/** Exposed as 'contribute/AddArtifact' (a login-required route in the shell). */
export default function AddArtifactPage() {
  const user = useAuthStore((state) => state.user);
  const form = useArtifactForm(EMPTY_VALUES);
  const submission = useSubmission(form, ADD_TEXTS.errorText);
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);

  const submit = async () => {
    if (submission.running()) return;
    const checked = validateArtifactInput(form.values);
    if (!checked.ok) {
      form.showErrors(checked.fields);
      return;
    }
    await submission.run(async () => {
      const answer = await createArtifact(checked.value);
      if (answer?.insertedId) {
        form.reset(EMPTY_VALUES);
        setAdded({ id: answer.insertedId, name: checked.value.name });
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
      <div role="status" aria-live="polite">
        {added ? (
          <div className="ctb-notice">
            <p>
              “{added.name}” is now in the collection. <Link to={`/artifacts/${added.id}`}>View it</Link> or{' '}
              <Link to="/my-artifacts">see My Artifacts</Link>.
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
