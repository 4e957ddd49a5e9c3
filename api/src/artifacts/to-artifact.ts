import { DEFAULT_RIGHTS, PHOTO_FORMATS, PHOTO_CONTENT_TYPES, isRightsUri, photoWidths, readDate, type Artifact, type ArtifactImage, type ArtifactType, type DatePrecision, type DateQualifier, type DateRange } from '@antiquarium/contracts';
import type { ModerationState } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import type { StoredImage } from './artifact-photos';
import type { StoredArtifact } from './artifact-projections';

/**
 * The public shape: the adder's email only for the adder, internal fields never. A hidden artifact's
 * photos are served only with a grant (api/src/media/photo-access.ts): `access` gives the query that
 * opens one, for the reads of those who may see the artifact (its contributor, a moderator).
 */
export function toArtifact(doc: StoredArtifact, caller: AuthUser | undefined, access?: (image: Pick<StoredImage, 'src'>) => string): Artifact {
  const hidden = Boolean(doc.moderation) && mayDisplayHidden(doc, caller);
  const queryOf = (image: Pick<StoredImage, 'src'>) => (hidden && access ? access(image) : '');
  const artifact: Artifact = {
    _id: doc._id.toHexString(),
    name: doc.name,
    image: hidden && access ? coverWithAccess(doc, access) : doc.image,
    images: (doc.images ?? []).map((image) => toArtifactImage(image, queryOf(image))),
    type: doc.type as ArtifactType,
    context: doc.context,
    shortDescription: doc.shortDescription,
    createdAt: doc.createdAt,
    discoveredAt: doc.discoveredAt,
    discoveredBy: doc.discoveredBy,
    location: doc.location,
    rights: isRightsUri(doc.rights) ? doc.rights : DEFAULT_RIGHTS,
    credit: doc.credit ?? '',
    adderName: doc.adderName,
    likes: doc.likes ?? 0,
    addedAt: new Date(doc.addedAt).toISOString(),
    dating: datingOf(doc),
  };
  if (caller && doc.adderUid === caller.uid) artifact.adderEmail = doc.adderEmail ?? caller.email ?? '';
  if (hidden) artifact.moderation = doc.moderation as ModerationState;
  return artifact;
}

/** The cover's address with the grant that opens it, when the cover is a photo the site keeps (else the address as stored). */
export function coverWithAccess(doc: Pick<StoredArtifact, 'image' | 'images'>, access: (image: Pick<StoredImage, 'src'>) => string): string {
  const cover = doc.images?.[0];
  return cover && doc.image.startsWith(`${cover.src}-`) ? `${doc.image}${access(cover)}` : doc.image;
}

/** The widest file a details page shows (its picture is at most 568 px wide, 2x). */
const DETAILS_WIDTH = 1280;

/** A kept photo with every address of it: each published width, in each format (each with `query`, a grant or nothing). */
export function toArtifactImage(image: Omit<StoredImage, 'caption'> & { caption?: string | null }, query = ''): ArtifactImage {
  const widths = photoWidths(image.width);
  const srcsetOf = (format: (typeof PHOTO_FORMATS)[number]) => widths.map((width) => `${image.src}-${width}.${format}${query} ${width}w`).join(', ');
  const shown = widths.filter((width) => width <= DETAILS_WIDTH).at(-1) ?? widths[0];
  const result: ArtifactImage = {
    id: image.id,
    url: `${image.src}-${shown}.jpg${query}`,
    srcset: srcsetOf('jpg'),
    sources: PHOTO_FORMATS.filter((format) => format !== 'jpg').map((format) => ({ type: PHOTO_CONTENT_TYPES[format], srcset: srcsetOf(format) })),
    alt: image.alt,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
  };
  if (image.caption) result.caption = image.caption;
  return result;
}

/**
 * The stored range (derived-fields.ts); a document written before ranges were stored, and not yet
 * reached by the start-up reconciliation, is read on the fly by the same rules.
 */
function datingOf(doc: StoredArtifact): DateRange | null {
  if (doc.yearStart === undefined) return readDate(doc.createdAt);
  if (doc.yearStart === null || doc.yearEnd === null || doc.yearEnd === undefined) return null;
  return { start: doc.yearStart, end: doc.yearEnd, precision: doc.datePrecision as DatePrecision, qualifier: doc.dateQualifier as DateQualifier };
}

/** Who may see an artifact that a moderation decision hid: its contributor and moderators. */
export function mayDisplayHidden(doc: Pick<StoredArtifact, 'adderUid'>, caller: AuthUser | undefined): boolean {
  return caller !== undefined && (caller.uid === doc.adderUid || caller.moderator === true);
}
