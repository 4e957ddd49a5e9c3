import type { ArtifactImageInput } from '@antiquarium/contracts';

/** A photo as an artifact keeps it: enough to write every address of it without a look-up. */
export interface StoredImage {
  /** The photo's id (its upload's). */
  id: string;
  /** Every derived file's URL starts with this: `<public api>/media/photos/<hash>`. */
  src: string;
  alt: string;
  caption?: string;
  width: number;
  height: number;
  placeholder: string;
}

/**
 * The photos as the artifacts' writes ask for them (docs/decisions/0018-photos.md). The media
 * module provides it from its own module, so that artifacts imports nothing of media.
 */
export abstract class ArtifactPhotos {
  /**
   * The form's list as stored images, in order: each upload must be the member's own and ready,
   * each kept photo one of this artifact's. Throws a 400 naming the photo otherwise.
   */
  abstract resolve(inputs: readonly ArtifactImageInput[], uid: string, artifactId: string | null): Promise<StoredImage[]>;
  /** Names the photos as the artifact's, and deletes those it named before and no longer does. */
  abstract settle(artifactId: string, uid: string, images: readonly StoredImage[]): Promise<void>;
  /**
   * Whether a pasted address is the api's own picture ('own', kept as it is) or another site's
   * ('foreign', to be copied); refuses (400) one the api would never fetch (a private network).
   */
  abstract checkAddress(url: string): Promise<'own' | 'foreign'>;
  /** Copies a pasted address's picture in the background; the artifact shows it once ready. */
  abstract importAddress(artifactId: string, uid: string, url: string, alt: string): void;
  /** The cover's address (the `image` every client of the spec reads). */
  abstract coverUrl(image: StoredImage): string;
  /**
   * The query that opens a hidden artifact's photo to the caller its read is for (its contributor or
   * a moderator, whom to-artifact.ts's mayDisplayHidden names): `?access=<grant>`, for an hour or two.
   */
  abstract accessQuery(image: Pick<StoredImage, 'src'>): string;
}
