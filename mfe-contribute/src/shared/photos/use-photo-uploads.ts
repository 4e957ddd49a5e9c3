import { errorMessage } from '@antiquarium/api-client';
import { useContext, useEffect, useRef } from 'react';
import type { Photo } from './photo-list';
import { PHOTO_TEXTS } from './photo-texts';
import { waitUntilProcessed } from './status-poll';
import { UploaderContext, type UploadHandle } from './uploader';

interface Running {
  upload?: UploadHandle;
  poll?: AbortController;
}

/**
 * Each new photo's way through the api: its upload (with progress), then the wait while the api
 * cleans and resizes it, reported through `update`. Everything still running stops when the form goes.
 */
export function usePhotoUploads(update: (key: string, patch: Partial<Photo>) => void) {
  const startUpload = useContext(UploaderContext);
  const running = useRef(new Map<string, Running>());

  useEffect(() => {
    const map = running.current;
    return () => {
      for (const entry of map.values()) stopEntry(entry);
      map.clear();
    };
  }, []);

  const follow = async (key: string, entry: Running, uploadId: string) => {
    const poll = new AbortController();
    entry.poll = poll;
    try {
      const status = await waitUntilProcessed(uploadId, poll.signal);
      if (poll.signal.aborted) return;
      if (status.state === 'ready') update(key, { stage: 'ready', locationRemoved: status.locationRemoved });
      else update(key, { stage: 'failed', problem: status.reason || PHOTO_TEXTS.uploadRefused, locationRemoved: status.locationRemoved });
    } catch (error) {
      if (poll.signal.aborted) return;
      // A refusal (4xx) in the api's words; otherwise the wait gave up.
      update(key, { stage: 'failed', problem: errorMessage(error, PHOTO_TEXTS.tooLong) });
    }
  };

  const start = (photo: Photo) => {
    const { file, key } = photo;
    if (!file) return;
    stop(key);
    // In the map before the upload starts: an uploader may report at once.
    const entry: Running = {};
    running.current.set(key, entry);
    entry.upload = startUpload(file, {
      onProgress: (sent, total) => {
        if (running.current.get(key) === entry) update(key, { sent: total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0 });
      },
      onSuccess: (uploadId) => {
        if (running.current.get(key) !== entry) return;
        update(key, { stage: 'processing', sent: 100, upload: uploadId });
        void follow(key, entry, uploadId);
      },
      onError: (message) => {
        if (running.current.get(key) === entry) update(key, { stage: 'failed', problem: message });
      },
    });
  };

  const stop = (key: string) => {
    const entry = running.current.get(key);
    if (entry) stopEntry(entry);
    running.current.delete(key);
  };

  const stopAll = () => {
    for (const key of [...running.current.keys()]) stop(key);
  };

  return { start, stop, stopAll };
}

function stopEntry(entry: Running) {
  entry.upload?.abort();
  entry.poll?.abort();
}
