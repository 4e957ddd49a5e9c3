// What the database must hold whatever happened to the api: valid artifacts only, and counters
// equal to the records they count (docs/decisions/0002-likes-without-transactions.md).
import type { mongo } from 'mongoose';
import { ARTIFACT_FIELDS, nameSortKey, readDate } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';

// Derived by the server (api/src/artifacts/derived-fields.ts): never taken from a body.
const DERIVED_KEYS = ['nameLower', 'searchTokens', 'yearStart', 'yearEnd', 'datePrecision', 'dateQualifier', 'place', 'derivedVersion'];
const ARTIFACT_KEYS = new Set<string>(['_id', ...ARTIFACT_FIELDS, 'adderName', 'adderEmail', 'adderUid', 'likes', 'addedAt', ...DERIVED_KEYS]);
const LIKE_KEYS = new Set(['_id', 'artifactId', 'uid', 'likedAt']);
const CONTRIBUTOR_KEYS = new Set(['_id', 'name', 'nameKey', 'artifacts', 'likes']);
const DANGEROUS_KEY = /^\$|^(__proto__|constructor|prototype)$|\./;
// eslint-disable-next-line no-control-regex -- control characters must never be stored
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Keys anywhere in a stored value that look like operators or prototype keys. */
function dangerousKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => dangerousKeys(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null || value instanceof Date) return [];
  if ((value as { _bsontype?: string })._bsontype) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [
    ...(DANGEROUS_KEY.test(key) ? [`${at}.${key}`] : []),
    ...dangerousKeys(inner, `${at}.${key}`),
  ]);
}

function unexpectedKeys(doc: mongo.Document, allowed: ReadonlySet<string>): string[] {
  return Object.keys(doc).filter((key) => !allowed.has(key));
}

/** Everything wrong with one stored artifact, given the uids that may own artifacts. */
export function artifactProblems(doc: mongo.Document, ownerUids: ReadonlySet<string>): string[] {
  const id = String(doc['_id']);
  const problems: string[] = [];
  const input = Object.fromEntries(ARTIFACT_FIELDS.map((field) => [field, doc[field]]));
  const checked = validateArtifactInput(input);
  if (!checked.ok) problems.push(`artifact ${id}: invalid stored fields: ${JSON.stringify(checked.fields)}`);
  else {
    // What validation would store must be what is stored (no value that only passes after trimming).
    const changed = ARTIFACT_FIELDS.filter((field) => checked.value[field] !== doc[field]);
    if (changed.length > 0) problems.push(`artifact ${id}: stored fields not in their validated form: ${changed.join(', ')}`);
  }
  const extra = unexpectedKeys(doc, ARTIFACT_KEYS);
  if (extra.length > 0) problems.push(`artifact ${id}: stray keys ${extra.join(', ')}`);
  const dangerous = dangerousKeys(doc);
  if (dangerous.length > 0) problems.push(`artifact ${id}: operator or prototype keys ${dangerous.join(', ')}`);
  if (typeof doc['adderUid'] !== 'string' || !ownerUids.has(doc['adderUid'])) problems.push(`artifact ${id}: adderUid ${String(doc['adderUid'])} is not a signed-in user`);
  const adderName = doc['adderName'];
  if (typeof adderName !== 'string' || adderName.trim().length === 0 || CONTROL_CHARS.test(adderName) || Array.from(adderName).length > 120) {
    problems.push(`artifact ${id}: adderName ${JSON.stringify(adderName)} is not a clean text`);
  }
  if (typeof doc['adderEmail'] !== 'string' || CONTROL_CHARS.test(doc['adderEmail'])) problems.push(`artifact ${id}: adderEmail ${JSON.stringify(doc['adderEmail'])} is not a clean text`);
  if (!(doc['addedAt'] instanceof Date) || Number.isNaN(doc['addedAt'].getTime())) problems.push(`artifact ${id}: addedAt is not a date`);
  if (!Number.isInteger(doc['likes']) || (doc['likes'] as number) < 0) problems.push(`artifact ${id}: likes ${String(doc['likes'])} is not a count`);
  if (doc['nameLower'] !== (typeof doc['name'] === 'string' ? nameSortKey(doc['name']) : undefined)) problems.push(`artifact ${id}: nameLower does not follow name`);
  // The stored range is what the server reads from the stored text (no value a client chose).
  const range = typeof doc['createdAt'] === 'string' ? readDate(doc['createdAt']) : null;
  if ((doc['yearStart'] ?? null) !== (range?.start ?? null) || (doc['yearEnd'] ?? null) !== (range?.end ?? null)) {
    problems.push(`artifact ${id}: yearStart/yearEnd ${String(doc['yearStart'])}..${String(doc['yearEnd'])} do not follow createdAt ${JSON.stringify(doc['createdAt'])}`);
  }
  return problems;
}

/**
 * Counters against records: every artifact's likes equals its like records, no like outlives its
 * artifact, and every contributor's totals equal the sums over their artifacts.
 */
export async function counterProblems(db: mongo.Db): Promise<string[]> {
  const problems: string[] = [];
  const artifacts = await db.collection('artifacts').find({}, { projection: { likes: 1, adderUid: 1 } }).toArray();
  const likes = await db.collection('likes').find({}).toArray();
  const contributors = await db.collection('contributors').find({}).toArray();

  const records = new Map<string, number>();
  const artifactIds = new Set(artifacts.map((artifact) => String(artifact._id)));
  for (const like of likes) {
    const artifactId = String(like['artifactId']);
    records.set(artifactId, (records.get(artifactId) ?? 0) + 1);
    if (!artifactIds.has(artifactId)) problems.push(`like ${String(like._id)} names missing artifact ${artifactId}`);
    const extra = unexpectedKeys(like, LIKE_KEYS);
    if (extra.length > 0) problems.push(`like ${String(like._id)}: stray keys ${extra.join(', ')}`);
  }
  const totals = new Map<string, { artifacts: number; likes: number }>();
  for (const artifact of artifacts) {
    const id = String(artifact._id);
    const expected = records.get(id) ?? 0;
    if (artifact['likes'] !== expected) problems.push(`artifact ${id}: likes ${String(artifact['likes'])} but ${expected} like records`);
    const uid = String(artifact['adderUid']);
    const total = totals.get(uid) ?? { artifacts: 0, likes: 0 };
    total.artifacts += 1;
    total.likes += expected;
    totals.set(uid, total);
  }
  const stored = new Map(contributors.map((doc) => [String(doc._id), doc]));
  for (const [uid, total] of totals) {
    const doc = stored.get(uid);
    if (!doc) problems.push(`contributor ${uid}: missing (has ${total.artifacts} artifacts)`);
    else if (doc['artifacts'] !== total.artifacts || doc['likes'] !== total.likes) {
      problems.push(`contributor ${uid}: stored ${String(doc['artifacts'])} artifacts / ${String(doc['likes'])} likes, records say ${total.artifacts} / ${total.likes}`);
    }
  }
  for (const doc of contributors) {
    const uid = String(doc._id);
    const extra = unexpectedKeys(doc, CONTRIBUTOR_KEYS);
    if (extra.length > 0) problems.push(`contributor ${uid}: stray keys ${extra.join(', ')}`);
    if (typeof doc['name'] !== 'string' || CONTROL_CHARS.test(doc['name'])) problems.push(`contributor ${uid}: name ${JSON.stringify(doc['name'])} is not a clean text`);
    if (!totals.has(uid) && (doc['artifacts'] !== 0 || doc['likes'] !== 0)) {
      problems.push(`contributor ${uid}: stored ${String(doc['artifacts'])} artifacts / ${String(doc['likes'])} likes but has none`);
    }
  }
  return problems;
}
