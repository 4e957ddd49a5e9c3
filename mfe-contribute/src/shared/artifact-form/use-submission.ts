import { ApiRequestError, errorMessage } from '@antiquarium/api-client';
import { toast } from '@antiquarium/ui';
import { useRef, useState } from 'react';
import { serverFieldErrors } from './form-values';
import type { ArtifactFormState } from './use-artifact-form';

/**
 * One save at a time for the artifact forms: `run` refuses a second call while one is under way
 * (state lands after a render, so a ref stops a double click or Enter at once), shows the api's field
 * messages at their fields, and any failure as a toast.
 */
export function useSubmission(form: ArtifactFormState, errorText: string) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const run = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const fields = serverFieldErrors(error.fields);
        // The picker shows the api's word on the photos (an upload gone, say) until they change.
        form.photos.showServerMessage(fields.images);
        form.showErrors(fields);
      }
      void toast('error', errorMessage(error, errorText));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return { busy, running: () => running.current, run };
}
