import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

/**
 * The `_id` of a member's like of an artifact, the same every time: whether they like it, and the
 * unlike, are then a lookup by `_id`, the only filter FerretDB's SQLite handler answers without
 * reading every like (docs/decisions/0043-writes-by-id.md). Records written before it have random
 * ids: the repository looks them up by their fields when the id finds nothing.
 */
export function likeIdOf(artifactId: Types.ObjectId, uid: string): Types.ObjectId {
  const digest = createHash('sha256').update(`${artifactId.toHexString()}\n${uid}`).digest();
  return new Types.ObjectId(digest.subarray(0, 12));
}
