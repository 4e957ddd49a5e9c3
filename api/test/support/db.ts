import { mongo } from 'mongoose';
import { MONGODB_URI } from './env';

// The driver comes through mongoose (the api's dependency), so the tests need no package of their own.
let client: mongo.MongoClient | undefined;

/** The api's database, to check what it ends up holding. */
export async function db(): Promise<mongo.Db> {
  if (!client) {
    client = new mongo.MongoClient(MONGODB_URI, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
  }
  return client.db();
}

export async function closeDb(): Promise<void> {
  const open = client;
  client = undefined;
  await open?.close();
}

export type Doc = mongo.Document;

export const artifactsCollection = async () => (await db()).collection('artifacts');
export const likesCollection = async () => (await db()).collection('likes');
export const contributorsCollection = async () => (await db()).collection('contributors');
/** The write locks (api/src/database/write-locks.ts): `_id` is the key. */
export const likeRemovalsCollection = async () => (await db()).collection<{ _id: mongo.ObjectId; since: Date }>('like_removals');
export const writeLocksCollection = async () => (await db()).collection<{ _id: string; token: string; expiresAt: Date }>('write_locks');
/** The release registry's collections (api/src/releases), and the write locks its changes take (api/src/database). */
export const RELEASE_COLLECTIONS = ['releases', 'release_routes', 'release_audit', 'release_stats', 'write_locks', 'release_telemetry_claims'] as const;
export const releaseCollection = async (name: (typeof RELEASE_COLLECTIONS)[number]) => (await db()).collection(name);

/** The moderation records (api/src/moderation). */
export const moderationCollection = async (name: 'moderation_reports' | 'moderation_decisions' | 'moderation_appeals' | 'moderation_audit' | 'moderation_cases') =>
  (await db()).collection(name);

/** The contact form's messages (api/src/contact). */
export const contactCollection = async () => (await db()).collection('contactmessages');

export function objectId(hex: string): mongo.ObjectId {
  return new mongo.ObjectId(hex);
}

export async function storedArtifact(id: string): Promise<Doc | null> {
  return (await artifactsCollection()).findOne({ _id: objectId(id) });
}

/** The like records of one artifact (whatever else a record holds, it names the artifact). */
export async function likeRecordCount(id: string): Promise<number> {
  return (await likesCollection()).countDocuments({ $or: [{ artifactId: objectId(id) }, { artifactId: id }] });
}

/**
 * Waits until an artifact's like records are gone and its removal entry with them (a delete removes
 * them after it answers: api/src/likes/like-removals.ts); fails after `timeoutMs`.
 */
export async function likesRemovedFor(id: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [records, entries] = [await likeRecordCount(id), await (await likeRemovalsCollection()).countDocuments({ _id: objectId(id) })];
    if (records === 0 && entries === 0) return;
    if (Date.now() > until) throw new Error(`artifact ${id}: ${records} like records and ${entries} removal entries left after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
