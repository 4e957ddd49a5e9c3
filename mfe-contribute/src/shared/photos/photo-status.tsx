import type { Photo } from './photo-list';
import { PHOTO_TEXTS } from './photo-texts';

/**
 * Where a photo is on its way: its upload's progress, then "Processing…", then ready (with the notice
 * that a location was removed), or the api's refusal. The stage is spoken as it changes; the progress
 * bar is not a live region, so the percentages are not read out one by one.
 */
export function PhotoStatus({ photo, number }: { photo: Photo; number: number }) {
  return (
    <div className="ctb-photo__status">
      {photo.stage === 'uploading' ? (
        <div className="ctb-progress">
          <div
            className="ctb-progress__track"
            role="progressbar"
            aria-label={PHOTO_TEXTS.progressLabel(number)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={photo.sent}
          >
            <div className="ctb-progress__bar" style={{ width: `${photo.sent}%` }} />
          </div>
          <span className="ctb-progress__value" aria-hidden="true">
            {photo.sent}%
          </span>
        </div>
      ) : null}
      <p className={`ctb-photo__stage ctb-photo__stage--${photo.stage}`} role="status">
        {photo.stage === 'uploading' ? PHOTO_TEXTS.uploading : null}
        {photo.stage === 'processing' ? PHOTO_TEXTS.processing : null}
        {photo.stage === 'ready' && photo.file ? PHOTO_TEXTS.ready : null}
      </p>
      {photo.stage === 'failed' ? (
        <p className="ctb-photo__problem" role="alert">
          {photo.problem}
        </p>
      ) : null}
      {photo.locationRemoved ? (
        <p className="ctb-photo__notice" role="status">
          {PHOTO_TEXTS.locationRemoved}
        </p>
      ) : null}
    </div>
  );
}
