import type { DragEvent } from 'react';
import { textErrors, type Photo } from './photo-list';
import { PhotoStatus } from './photo-status';
import { PhotoTextField } from './photo-text-field';
import { PHOTO_TEXTS } from './photo-texts';
import { photoControlId, photoItemId, type PhotosState } from './use-photos';

/** What a photo dragged within the list carries (a file dragged in from outside carries 'Files'). */
export const PHOTO_DRAG_TYPE = 'application/x-antiquarium-photo';

interface PhotoItemProps {
  photo: Photo;
  index: number;
  count: number;
  photos: PhotosState;
}

function isPhotoDrag(event: DragEvent) {
  return event.dataTransfer.types.includes(PHOTO_DRAG_TYPE);
}

/** One photo: its thumbnail and progress, its alt text and caption, and the buttons that order or remove it. */
export function PhotoItem({ photo, index, count, photos }: PhotoItemProps) {
  const number = index + 1;
  const { key } = photo;
  const titleId = photoControlId(key, 'title');
  const errors = textErrors(photo, photos.checked);
  const upId = photoControlId(key, 'up');
  const downId = photoControlId(key, 'down');
  const hidden = <span className="aq-visually-hidden"> {PHOTO_TEXTS.photo(number).toLowerCase()}</span>;
  // Not `disabled` at the ends: the button keeps the focus it had when its photo got there.
  const edge = (at: boolean) => (at ? { 'aria-disabled': true as const } : {});

  return (
    <li
      id={photoItemId(key)}
      className="ctb-photo"
      tabIndex={-1}
      aria-labelledby={titleId}
      onDragOver={(event) => {
        if (!isPhotoDrag(event)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDrop={(event) => {
        if (!isPhotoDrag(event)) return;
        event.preventDefault();
        event.stopPropagation();
        photos.move(event.dataTransfer.getData(PHOTO_DRAG_TYPE), index);
      }}
    >
      <fieldset className="ctb-photo__group">
        <legend id={titleId} className="ctb-photo__title">
          {PHOTO_TEXTS.photo(number)}
          {index === 0 ? <span className="ctb-photo__cover"> {PHOTO_TEXTS.cover}</span> : null}
        </legend>
        <div className="ctb-photo__top">
          <div
            className="ctb-photo__thumb"
            draggable
            title={PHOTO_TEXTS.dragHandle}
            onDragStart={(event) => {
              event.dataTransfer.setData(PHOTO_DRAG_TYPE, key);
              event.dataTransfer.effectAllowed = 'move';
            }}
          >
            <img src={photo.preview} srcSet={photo.srcset} sizes="96px" alt={PHOTO_TEXTS.preview(number)} draggable={false} />
          </div>
          <div className="ctb-photo__about">
            {photo.name ? <p className="ctb-photo__name">{photo.name}</p> : null}
            <PhotoStatus photo={photo} number={number} />
          </div>
        </div>
        <PhotoTextField
          id={photoControlId(key, 'alt')}
          label={PHOTO_TEXTS.altLabel}
          hint={PHOTO_TEXTS.altHint}
          value={photo.alt}
          required
          error={errors.alt}
          onChange={(value) => photos.edit(key, 'alt', value)}
        />
        <PhotoTextField
          id={photoControlId(key, 'caption')}
          label={PHOTO_TEXTS.captionLabel}
          hint={PHOTO_TEXTS.captionHint}
          value={photo.caption}
          error={errors.caption}
          onChange={(value) => photos.edit(key, 'caption', value)}
        />
        <div className="ctb-photo__actions">
          <button type="button" id={upId} className="aq-button" {...edge(index === 0)} onClick={() => photos.move(key, index - 1, upId)}>
            {PHOTO_TEXTS.moveUp}
            {hidden}
          </button>
          <button type="button" id={downId} className="aq-button" {...edge(index === count - 1)} onClick={() => photos.move(key, index + 1, downId)}>
            {PHOTO_TEXTS.moveDown}
            {hidden}
          </button>
          {photo.stage === 'failed' && photo.file ? (
            <button type="button" className="aq-button" onClick={() => photos.retry(key)}>
              {PHOTO_TEXTS.retry}
              {hidden}
            </button>
          ) : null}
          <button type="button" className="aq-button ctb-photo__remove" onClick={() => photos.remove(key)}>
            {PHOTO_TEXTS.remove}
            {hidden}
          </button>
        </div>
      </fieldset>
    </li>
  );
}
