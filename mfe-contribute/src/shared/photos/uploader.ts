import { createContext } from 'react';
import { startTusUpload } from './tus-uploader';

export interface UploadCallbacks {
  /** Bytes sent so far, of the file's size. */
  onProgress: (sent: number, total: number) => void;
  /** The file is all on the api; `uploadId` names it in an artifact's `images` and to uploadStatus. */
  onSuccess: (uploadId: string) => void;
  /** The upload stopped for good (after its retries), with the words to show. */
  onError: (message: string) => void;
}

export interface UploadHandle {
  /** Stops the upload (the photo was removed, or the form left). */
  abort: () => void;
}

/** Sends one photo to the api. */
export type StartUpload = (file: File, callbacks: UploadCallbacks) => UploadHandle;

/**
 * The uploader the photo picker uses: tus (resumable) in the browser. Component tests provide a
 * fake one (fake-uploader.ts): jsdom has no api to upload to.
 */
export const UploaderContext = createContext<StartUpload>(startTusUpload);
