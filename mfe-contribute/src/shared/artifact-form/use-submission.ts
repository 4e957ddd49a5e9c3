import { ApiRequestError, errorMessage } from '@antiquarium/api-client';
import { toast, useSubmission as useFormSubmission } from '@antiquarium/ui';
import { serverFieldErrors } from './form-values';
import type { ArtifactFormState } from './use-artifact-form';

/**
 * One save at a time for the artifact forms (the libs/ui submission): `run` refuses a second call
 * while one is under way, shows the api's field messages at their fields, and any failure as a toast.
 */
export function useSubmission(form: ArtifactFormState, errorText: string) {
  const submission = useFormSubmission();

  const run = async (work: () => Promise<void>) => {
    await submission.run(work, (error) => {
      if (error instanceof ApiRequestError) {
        const fields = serverFieldErrors(error.fields);
        // The picker shows the api's word on the photos (an upload gone, say) until they change.
        form.photos.showServerMessage(fields.images);
        form.showErrors(fields);
      }
      void toast('error', errorMessage(error, errorText));
      // Said by the toast alone, not again in the form.
      return null;
    });
  };

  return { busy: submission.busy, running: submission.running, run };
}
