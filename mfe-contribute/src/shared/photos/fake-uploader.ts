import type { StartUpload, UploadCallbacks } from './uploader';

export interface FakeUpload {
  file: File;
  callbacks: UploadCallbacks;
  aborted: boolean;
}

/**
 * For component tests only: in jsdom there is no api to upload to, and a test needs to hold a photo
 * at "uploading" or "processing" at will, so the test plays the uploader's part, reporting progress,
 * success or a refusal as the real one does. The real one (tus-uploader.ts) is tested on its own
 * against a tus server on loopback (tus-uploader.test.ts).
 */
export function fakeUploader() {
  const uploads: FakeUpload[] = [];
  const start: StartUpload = (file, callbacks) => {
    const upload: FakeUpload = { file, callbacks, aborted: false };
    uploads.push(upload);
    return {
      abort() {
        upload.aborted = true;
      },
    };
  };
  return { start, uploads };
}

/** Test files: `size` as the browser would report it (a 26 MB photo need not be built in memory). */
export function photoFile(name: string, type = 'image/jpeg', size = 2048): File {
  const file = new File(['photo'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
