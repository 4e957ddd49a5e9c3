import { DEFAULT_RIGHTS, isRightsUri, readDate, type Artifact, type ArtifactType, type DatePrecision, type DateQualifier, type DateRange } from '@antiquarium/contracts';
import type { ModerationState } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import type { StoredArtifact } from './artifacts.repository';

/** The public shape: the adder's email only for the adder, internal fields never. */
export function toArtifact(doc: StoredArtifact, caller: AuthUser | undefined): Artifact {
  const artifact: Artifact = {
    _id: doc._id.toHexString(),
    name: doc.name,
    image: doc.image,
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
  if (doc.moderation && mayDisplayHidden(doc, caller)) artifact.moderation = doc.moderation as ModerationState;
  return artifact;
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
