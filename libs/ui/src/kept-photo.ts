import { keptPhotoPicture, type Artifact, type ArtifactImage as KeptPhoto, type KeptPhotoPicture, type ResponsiveImageOptions } from '@antiquarium/contracts';
import { placeholderDataUrl } from './photo-placeholder';

/** A kept photo as an `<img>` and the `<source>`s before it take it. */
export interface KeptPhotoImage extends KeptPhotoPicture {
  /** The ThumbHash drawn as a data URL, painted behind the photo. */
  placeholder?: string;
}

/** What a kept photo's `<picture>` needs (keptPhotoPicture of @antiquarium/contracts), with its placeholder. */
export function keptPhotoImage(photo: KeptPhoto, options: ResponsiveImageOptions): KeptPhotoImage | undefined {
  const picture = keptPhotoPicture(photo, options);
  return picture && { ...picture, placeholder: placeholderDataUrl(photo.placeholder) };
}

/**
 * An artifact's cover as a kept photo (its first), or undefined for a record that has only an
 * address. Read defensively: a remote is released on its own (docs/decisions/0008) and may meet an
 * api from before photos, whose artifacts carry no `images` at all.
 */
export function coverPhoto(artifact: Pick<Artifact, 'images'>): KeptPhoto | undefined {
  return artifact.images?.[0];
}
