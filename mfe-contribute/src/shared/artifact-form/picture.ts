import type { ArtifactImage, ArtifactImageInput, FieldErrors } from '@antiquarium/contracts';
import { samePhotos, type Photo } from '../photos/photo-list';
import { PHOTO_TEXTS } from '../photos/photo-texts';
import type { PhotosState } from '../photos/use-photos';
import { changedFields, type FormValues } from './form-values';

// The picture comes one way (the api takes `images` or `image`, never both): the photos when there are
// any, and then the address field is left out; otherwise the address.

export interface PictureChecked<T> {
  input: T;
  /** `images` when a photo is not ready or lacks its alt text: the submit is refused, the focus goes to the picker's message. */
  photoErrors: FieldErrors;
}

function withPhotos<T extends object>(fields: T, photos: PhotosState): PictureChecked<T & { images: ArtifactImageInput[] }> {
  const images = photos.check();
  return { input: { ...fields, images: images ?? [] }, photoErrors: images ? {} : { images: PHOTO_TEXTS.waitBefore } };
}

/** What a create sends, before the shared validation: the fields and the photos, or the fields and the address. */
export function createInput(values: FormValues, photos: PhotosState): PictureChecked<object> {
  if (photos.list.length === 0) return { input: values, photoErrors: {} };
  const { image: _address, ...fields } = values;
  return withPhotos(fields, photos);
}

/**
 * What an update changes: the fields that differ from the saved ones (compared trimmed), and whether
 * the photos differ (order, texts, added or removed). While there are photos the address is not
 * sent; an artifact whose photos were all removed needs the address instead.
 */
export function pictureChanges(values: FormValues, saved: FormValues, photos: readonly Photo[], savedImages: readonly ArtifactImage[]) {
  const changes = changedFields(values, saved);
  if (photos.length > 0) delete changes.image;
  else if (savedImages.length > 0) changes.image = values.image;
  return { changes, photosChanged: photos.length > 0 && !samePhotos(photos, savedImages) };
}

/** What an update sends, before the shared validation: the changed fields, and all the photos in order when they changed. */
export function updateInput(changes: Partial<FormValues>, photosChanged: boolean, photos: PhotosState): PictureChecked<object> {
  return photosChanged ? withPhotos(changes, photos) : { input: changes, photoErrors: {} };
}
