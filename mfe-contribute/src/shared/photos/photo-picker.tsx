import { useState, type DragEvent } from 'react';
import { PHOTO_ACCEPT } from './photo-files';
import { PhotoItem } from './photo-item';
import { photoProblems } from './photo-list';
import { PHOTO_TEXTS } from './photo-texts';
import { PHOTO_INPUT_ID, type PhotosState } from './use-photos';
import './photos.css';

const HINT_ID = 'artifact-photos-hint';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

interface PhotoPickerProps {
  photos: PhotosState;
  /** The id of the message that says what stops the photos (a failed submit focuses it). */
  summaryId: string;
}

/**
 * The photos of an artifact: picked with the file input (a phone offers its camera there) or dropped
 * anywhere on the section, each uploaded at once, described, ordered (the first is the cover) and
 * removable. Nothing is disabled while photos are on their way: the form's submit says what is missing.
 */
export function PhotoPicker({ photos, summaryId }: PhotoPickerProps) {
  const [over, setOver] = useState(false);
  const problems = photos.checked ? photoProblems(photos.list) : [];
  let summary: string[] = [];
  if (problems.length > 0) summary = [...problems, PHOTO_TEXTS.waitBefore];
  else if (photos.serverMessage) summary = [photos.serverMessage];

  return (
    // A file dropped anywhere here is taken, never opened by the browser in place of the form.
    <fieldset
      className={`ctb-photos${over ? ' ctb-photos--over' : ''}`}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        photos.add([...event.dataTransfer.files]);
      }}
    >
      <legend className="ctb-photos__legend">{PHOTO_TEXTS.legend}</legend>
      <div className="ctb-photos__drop">
        <input
          id={PHOTO_INPUT_ID}
          className="ctb-photos__input"
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          aria-describedby={HINT_ID}
          onChange={(event) => {
            photos.add([...(event.target.files ?? [])]);
            // The same file can be picked again (after removing it, say).
            event.target.value = '';
          }}
        />
        <label htmlFor={PHOTO_INPUT_ID} className="aq-button aq-button--primary ctb-photos__pick">
          {PHOTO_TEXTS.addPhotos}
        </label>
        <span className="ctb-photos__or">{PHOTO_TEXTS.dropHere}</span>
        <p id={HINT_ID} className="ctb-hint ctb-photos__hint">
          {PHOTO_TEXTS.hint}
        </p>
      </div>
      <div className="ctb-photos__refusals" role="alert">
        {photos.refusals.map((refusal) => (
          <p key={refusal} className="aq-field__error">
            {refusal}
          </p>
        ))}
      </div>
      {summary.length > 0 ? (
        <div id={summaryId} className="ctb-photos__summary" tabIndex={-1}>
          {summary.map((line) => (
            <p key={line} className="aq-field__error">
              {line}
            </p>
          ))}
        </div>
      ) : null}
      {photos.list.length > 0 ? (
        <ol className="ctb-photos__list">
          {photos.list.map((photo, index) => (
            <PhotoItem key={photo.key} photo={photo} index={index} count={photos.list.length} photos={photos} />
          ))}
        </ol>
      ) : null}
      <p className="aq-visually-hidden" aria-live="polite">
        {photos.announcement}
      </p>
    </fieldset>
  );
}
