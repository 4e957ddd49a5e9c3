// What the database must hold whatever happened to the api: valid artifacts only, counters equal
// to the records they count (docs/decisions/0002-likes-without-transactions.md), and a release
// registry that names only what it holds.
import type { mongo } from 'mongoose';
import { EDITABLE_FIELDS, isReleaseRemote, isReleaseVersion, nameSortKey, readDate, RELEASE_AUDIT_ACTIONS, RELEASE_HISTORY_LIMIT } from '@antiquarium/contracts';
import { validateAppealInput, validateArtifactInput, validateCollectionInput, validateCollectionItems, validateContactMessage, validateDecisionInput, validateReportInput } from '@antiquarium/contracts/validation';
import { INP_BUCKET_FIELDS, LOAD_BUCKET_FIELDS } from '../../../src/releases/load-histogram';
import { releaseInputSchema } from '../../../src/releases/release-input';

// Derived by the server (api/src/artifacts/derived-fields.ts): never taken from a body.
const DERIVED_KEYS = ['nameLower', 'searchTokens', 'yearStart', 'yearEnd', 'datePrecision', 'dateQualifier', 'place', 'derivedVersion'];
// Set by a moderator's decision (api/src/moderation): never taken from a contributor's body.
const MODERATION_KEYS = ['moderation', 'moderationDecisionId'];
// The photos the site keeps (api/src/artifacts/artifact.schema.ts): resolved by the server from uploads.
const ARTIFACT_KEYS = new Set<string>(['_id', ...EDITABLE_FIELDS, 'images', 'adderName', 'adderEmail', 'adderUid', 'likes', 'addedAt', ...DERIVED_KEYS, ...MODERATION_KEYS]);
const STORED_IMAGE_KEYS = new Set(['id', 'src', 'alt', 'caption', 'width', 'height', 'placeholder']);
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
  const input = Object.fromEntries(EDITABLE_FIELDS.filter((field) => doc[field] !== undefined).map((field) => [field, doc[field]]));
  const checked = validateArtifactInput(input);
  if (!checked.ok) problems.push(`artifact ${id}: invalid stored fields: ${JSON.stringify(checked.fields)}`);
  else {
    // What validation would store must be what is stored (no value that only passes after trimming).
    const changed = EDITABLE_FIELDS.filter((field) => checked.value[field] !== doc[field]);
    if (changed.length > 0) problems.push(`artifact ${id}: stored fields not in their validated form: ${changed.join(', ')}`);
  }
  const extra = unexpectedKeys(doc, ARTIFACT_KEYS);
  if (extra.length > 0) problems.push(`artifact ${id}: stray keys ${extra.join(', ')}`);
  problems.push(...storedImageProblems(id, doc['images']));
  const dangerous = dangerousKeys(doc);
  if (dangerous.length > 0) problems.push(`artifact ${id}: operator or prototype keys ${dangerous.join(', ')}`);
  if (typeof doc['adderUid'] !== 'string' || !ownerUids.has(doc['adderUid'])) problems.push(`artifact ${id}: adderUid ${String(doc['adderUid'])} is not a signed-in user`);
  const adderName = doc['adderName'];
  if (typeof adderName !== 'string' || adderName.trim().length === 0 || CONTROL_CHARS.test(adderName) || Array.from(adderName).length > 120) {
    problems.push(`artifact ${id}: adderName ${JSON.stringify(adderName)} is not a clean text`);
  }
  if (typeof doc['adderEmail'] !== 'string' || CONTROL_CHARS.test(doc['adderEmail'])) problems.push(`artifact ${id}: adderEmail ${JSON.stringify(doc['adderEmail'])} is not a clean text`);
  if (!(doc['addedAt'] instanceof Date) || Number.isNaN(doc['addedAt'].getTime())) problems.push(`artifact ${id}: addedAt is not a date`);
  if (doc['moderation'] !== undefined && !['restricted', 'removed'].includes(doc['moderation'] as string)) problems.push(`artifact ${id}: moderation ${String(doc['moderation'])} is not a state`);
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
 * The kept photos of one artifact: a list (empty while it has only an address) of at most 8, each
 * with the server's own fields only, a clean alt text and a positive size.
 */
function storedImageProblems(id: string, images: unknown): string[] {
  if (!Array.isArray(images)) return [`artifact ${id}: images ${JSON.stringify(images)} is not a list`];
  if (images.length > 8) return [`artifact ${id}: ${images.length} photos`];
  return images.flatMap((image: Record<string, unknown>, index) => {
    const at = `artifact ${id}: photo ${index + 1}`;
    const found: string[] = [];
    const stray = unexpectedKeys(image, STORED_IMAGE_KEYS);
    if (stray.length > 0) found.push(`${at}: stray keys ${stray.join(', ')}`);
    for (const key of ['id', 'src', 'alt', 'placeholder']) {
      const value = image[key];
      if (typeof value !== 'string' || value.length === 0 || CONTROL_CHARS.test(value)) found.push(`${at}: ${key} is not a clean text`);
    }
    for (const key of ['width', 'height']) if (!Number.isInteger(image[key]) || (image[key] as number) <= 0) found.push(`${at}: ${key} is not a size`);
    return found;
  });
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
  // A deleted artifact's likes are removed after its delete answers, while an entry says so.
  const removing = new Set((await db.collection('like_removals').find({}).toArray()).map((entry) => String(entry._id)));

  const records = new Map<string, number>();
  const artifactIds = new Set(artifacts.map((artifact) => String(artifact._id)));
  for (const like of likes) {
    const artifactId = String(like['artifactId']);
    records.set(artifactId, (records.get(artifactId) ?? 0) + 1);
    if (!artifactIds.has(artifactId) && !removing.has(artifactId)) problems.push(`like ${String(like._id)} names missing artifact ${artifactId}`);
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

export const RELEASE_COLLECTION_NAMES = ['releases', 'release_routes', 'release_audit', 'release_stats', 'write_locks', 'release_telemetry_claims'];
const RELEASE_KEYS = new Set(['_id', 'remote', 'version', 'manifestUrl', 'shared', 'exposes', 'notes', 'publishedBy', 'publishedAt', 'lastLiveAt']);
const ROUTE_KEYS = new Set(['_id', 'remote', 'live', 'liveSince', 'history', 'canary', 'revision', 'updatedAt']);
const AUDIT_KEYS = new Set(['_id', 'at', 'remote', 'action', 'version', 'fromVersion', 'percent', 'by', 'reason']);
const STATS_COUNTERS = ['views', 'loadFailures', 'renderErrors', ...LOAD_BUCKET_FIELDS, ...INP_BUCKET_FIELDS];
const STATS_KEYS = new Set(['_id', 'remote', 'version', 'minute', 'instance', ...STATS_COUNTERS]);
const CLAIM_KEYS = new Set(['_id', 'remote', 'version', 'slot', 'client', 'at']);

const isDate = (value: unknown) => value instanceof Date && !Number.isNaN(value.getTime());
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/**
 * Everything wrong with the release registry: each stored release is what the publish body's own
 * validation would store, every route names published releases, the audit holds known actions and
 * the stats count published releases only, in non-negative whole numbers.
 */
export async function releaseProblems(db: mongo.Db): Promise<string[]> {
  const problems: string[] = [];
  const releases = await db.collection('releases').find({}).toArray();
  const routes = await db.collection('release_routes').find({}).toArray();
  const audit = await db.collection('release_audit').find({}).toArray();
  const stats = await db.collection('release_stats').find({}).toArray();
  const locks = await db.collection('write_locks').find({ _id: /^release:/ } as object).toArray();
  const claims = await db.collection('release_telemetry_claims').find({}).toArray();
  const published = new Set<string>();
  // Every change let go of its remote's lock.
  if (locks.length > 0) problems.push(`release locks still held: ${locks.map((lock) => String(lock._id)).join(', ')}`);

  for (const doc of [...releases, ...routes, ...audit, ...stats, ...claims]) {
    const dangerous = dangerousKeys(doc);
    if (dangerous.length > 0) problems.push(`release document ${String(doc._id)}: operator or prototype keys ${dangerous.join(', ')}`);
  }

  for (const doc of releases) {
    const key = `${String(doc['remote'])}@${String(doc['version'])}`;
    const at = `release ${key}`;
    if (published.has(key)) problems.push(`${at}: stored twice`);
    published.add(key);
    const extra = unexpectedKeys(doc, RELEASE_KEYS);
    if (extra.length > 0) problems.push(`${at}: stray keys ${extra.join(', ')}`);
    if (!isReleaseRemote(doc['remote'])) problems.push(`${at}: unknown remote`);
    const shared = Array.isArray(doc['shared']) ? (doc['shared'] as { pkg: unknown; range: unknown }[]) : null;
    const input = {
      version: doc['version'],
      manifestUrl: doc['manifestUrl'],
      shared: shared ? Object.fromEntries(shared.map((entry) => [String(entry.pkg), entry.range])) : doc['shared'],
      exposes: doc['exposes'],
      notes: doc['notes'],
      publishedBy: doc['publishedBy'],
    };
    const checked = releaseInputSchema.safeParse(input);
    if (!checked.success) problems.push(`${at}: invalid stored fields: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    else if (JSON.stringify(checked.data) !== JSON.stringify(input)) problems.push(`${at}: stored fields not in their validated form`);
    if (shared && shared.some((entry) => Object.keys(entry).some((field) => field !== 'pkg' && field !== 'range'))) problems.push(`${at}: stray keys in shared`);
    if (!isDate(doc['publishedAt'])) problems.push(`${at}: publishedAt is not a date`);
    if (doc['lastLiveAt'] !== null && !isDate(doc['lastLiveAt'])) problems.push(`${at}: lastLiveAt is neither null nor a date`);
  }

  const routedRemotes = new Set<string>();
  for (const doc of routes) {
    const remote = String(doc['remote']);
    const at = `route ${remote}`;
    if (!isReleaseRemote(doc['remote'])) problems.push(`${at}: unknown remote`);
    if (routedRemotes.has(remote)) problems.push(`${at}: stored twice`);
    routedRemotes.add(remote);
    const extra = unexpectedKeys(doc, ROUTE_KEYS);
    if (extra.length > 0) problems.push(`${at}: stray keys ${extra.join(', ')}`);
    const live = doc['live'];
    if (live !== null && !published.has(`${remote}@${String(live)}`)) problems.push(`${at}: live ${String(live)} is not a published release`);
    if (live !== null && !isDate(doc['liveSince'])) problems.push(`${at}: liveSince is not a date`);
    const canary = doc['canary'] as { version?: unknown; percent?: unknown; since?: unknown } | null;
    if (canary !== null) {
      if (live === null) problems.push(`${at}: a canary without a live release`);
      if (!published.has(`${remote}@${String(canary.version)}`)) problems.push(`${at}: canary ${String(canary.version)} is not a published release`);
      if (canary.version === live) problems.push(`${at}: the canary is the live release`);
      if (!Number.isInteger(canary.percent) || (canary.percent as number) < 1 || (canary.percent as number) > 99) problems.push(`${at}: canary percent ${String(canary.percent)}`);
      if (!isDate(canary.since)) problems.push(`${at}: canary since is not a date`);
    }
    const history = doc['history'];
    if (!Array.isArray(history) || history.length > RELEASE_HISTORY_LIMIT || history.some((version) => !isReleaseVersion(version)) || new Set(history).size !== history.length) {
      problems.push(`${at}: history ${JSON.stringify(history)} is not a short list of distinct versions`);
    }
    if (!isCount(doc['revision'])) problems.push(`${at}: revision ${String(doc['revision'])}`);
    if (!isDate(doc['updatedAt'])) problems.push(`${at}: updatedAt is not a date`);
  }

  for (const doc of audit) {
    const at = `audit ${String(doc._id)}`;
    const extra = unexpectedKeys(doc, AUDIT_KEYS);
    if (extra.length > 0) problems.push(`${at}: stray keys ${extra.join(', ')}`);
    if (!isReleaseRemote(doc['remote'])) problems.push(`${at}: unknown remote`);
    if (!(RELEASE_AUDIT_ACTIONS as readonly unknown[]).includes(doc['action'])) problems.push(`${at}: unknown action ${String(doc['action'])}`);
    if (!isReleaseVersion(doc['version'])) problems.push(`${at}: version ${String(doc['version'])}`);
    if (doc['fromVersion'] !== undefined && !isReleaseVersion(doc['fromVersion'])) problems.push(`${at}: fromVersion ${String(doc['fromVersion'])}`);
    if (typeof doc['by'] !== 'string' || doc['by'].length === 0 || CONTROL_CHARS.test(doc['by'])) problems.push(`${at}: by ${JSON.stringify(doc['by'])} is not a clean text`);
    if (!isDate(doc['at'])) problems.push(`${at}: at is not a date`);
  }

  for (const doc of stats) {
    const key = `${String(doc['remote'])}@${String(doc['version'])}`;
    const at = `stats ${key} ${String(doc['minute'])}`;
    if (!published.has(key)) problems.push(`${at}: counts a release that is not published`);
    const extra = unexpectedKeys(doc, STATS_KEYS);
    if (extra.length > 0) problems.push(`${at}: stray keys ${extra.join(', ')}`);
    if (!isDate(doc['minute']) || (doc['minute'] as Date).getTime() % 60_000 !== 0) problems.push(`${at}: minute is not the start of a minute`);
    const bad = STATS_COUNTERS.filter((field) => doc[field] !== undefined && !isCount(doc[field]));
    if (bad.length > 0) problems.push(`${at}: counters that are not counts: ${bad.join(', ')}`);
    const timed = LOAD_BUCKET_FIELDS.reduce((sum, field) => sum + ((doc[field] as number | undefined) ?? 0), 0);
    if (timed > ((doc['views'] as number | undefined) ?? 0)) problems.push(`${at}: more timed loads than views`);
  }

  // A claim is one ticket's view, failure or INP of one remote: its _id says which, and a ticket's
  // claims agree on the client its ticket was given to.
  const clientOfTicket = new Map<string, unknown>();
  for (const doc of claims) {
    const at = `telemetry claim ${String(doc._id)}`;
    const extra = unexpectedKeys(doc, CLAIM_KEYS);
    if (extra.length > 0) problems.push(`${at}: stray keys ${extra.join(', ')}`);
    const match = /^([\w-]{16,64}):([a-z]+):(view|failure|inp)$/.exec(String(doc._id));
    if (!match || match[2] !== doc['remote'] || match[3] !== doc['slot']) problems.push(`${at}: _id does not name its ticket, remote and slot`);
    if (!isReleaseRemote(doc['remote']) || !isReleaseVersion(doc['version'])) problems.push(`${at}: remote or version is not one`);
    if (typeof doc['client'] !== 'string' || !/^[\w-]{8,64}$/.test(doc['client'])) problems.push(`${at}: client is not a ticket's client hash`);
    if (!isDate(doc['at'])) problems.push(`${at}: at is not a date`);
    const ticket = match?.[1];
    if (ticket !== undefined) {
      if (clientOfTicket.has(ticket) && clientOfTicket.get(ticket) !== doc['client']) problems.push(`${at}: another client than its ticket's other claims`);
      clientOfTicket.set(ticket, doc['client']);
    }
  }
  return problems;
}

/** The moderation collections (api/src/moderation/moderation.schema.ts). */
export const MODERATION_COLLECTION_NAMES = ['moderation_reports', 'moderation_decisions', 'moderation_appeals', 'moderation_audit', 'moderation_cases'];
const REPORT_KEYS = new Set(['_id', 'artifactId', 'contributorUid', 'reason', 'details', 'email', 'reporterUid', 'receiptHash', 'receivedAt', 'status', 'decisionId', 'unfounded']);
const DECISION_KEYS = new Set(['_id', 'artifactId', 'artifactName', 'contributorUid', 'action', 'ground', 'facts', 'reportIds', 'notifierUids', 'unfounded', 'moderatorUid', 'decidedAt', 'reversedAt']);
const APPEAL_KEYS = new Set(['_id', 'decisionId', 'artifactId', 'appellantUid', 'appellant', 'text', 'createdAt', 'status', 'messages', 'decidedBy', 'reasons', 'decidedAt']);

/**
 * Notices, decisions and appeals that validation would not have let in, keys a body chose, or
 * operator keys: each stored record, read back through the shared validation, must pass it as stored.
 */
export async function moderationProblems(db: mongo.Db): Promise<string[]> {
  const problems: string[] = [];
  const check = (what: string, doc: mongo.Document, allowed: ReadonlySet<string>, result: { ok: boolean; fields?: unknown }) => {
    const id = String(doc['_id']);
    if (!result.ok) problems.push(`${what} ${id}: invalid stored fields ${JSON.stringify(result.fields)}`);
    const extra = unexpectedKeys(doc, allowed);
    if (extra.length > 0) problems.push(`${what} ${id}: stray keys ${extra.join(', ')}`);
    const dangerous = dangerousKeys(doc);
    if (dangerous.length > 0) problems.push(`${what} ${id}: operator or prototype keys ${dangerous.join(', ')}`);
  };
  for (const doc of await db.collection('moderation_reports').find({}).toArray()) {
    const input = { artifactId: doc['artifactId'], reason: doc['reason'], details: doc['details'], goodFaith: true, ...(doc['email'] === undefined ? {} : { email: doc['email'] }) };
    check('report', doc, REPORT_KEYS, validateReportInput(input));
    if (typeof doc['receiptHash'] !== 'string' || !/^[0-9a-f]{64}$/.test(doc['receiptHash'])) problems.push(`report ${String(doc['_id'])}: receiptHash is not a hash`);
  }
  for (const doc of await db.collection('moderation_decisions').find({}).toArray()) {
    const input = { artifactId: doc['artifactId'], action: doc['action'], ground: doc['ground'], facts: doc['facts'], reportIds: doc['reportIds'], unfounded: doc['unfounded'] };
    check('decision', doc, DECISION_KEYS, validateDecisionInput(input));
  }
  for (const doc of await db.collection('moderation_appeals').find({}).toArray()) {
    check('appeal', doc, APPEAL_KEYS, validateAppealInput({ decisionId: doc['decisionId'], text: doc['text'] }));
    for (const message of (doc['messages'] as { text?: unknown }[] | undefined) ?? []) {
      if (typeof message.text !== 'string' || CONTROL_CHARS.test(message.text) || message.text.trim() === '') problems.push(`appeal ${String(doc['_id'])}: a message is not a clean text`);
    }
  }
  return problems;
}

const CONTACT_KEYS = new Set(['_id', 'name', 'email', 'message', 'senderUid', 'receivedAt', 'status', 'handledAt', 'handledBy']);

/**
 * Contact messages (api/src/contact) that validation would not have let in: each stored one, read
 * back through the shared validation, must pass it as stored (trimmed), with no keys a body chose,
 * sent by nobody or one of `memberUids`, and handled only with when and by which of them.
 */
export async function contactProblems(db: mongo.Db, memberUids: ReadonlySet<string>): Promise<string[]> {
  const problems: string[] = [];
  for (const doc of await db.collection('contactmessages').find({}).toArray()) {
    const id = String(doc['_id']);
    const checked = validateContactMessage({ name: doc['name'], email: doc['email'], message: doc['message'] });
    if (!checked.ok) problems.push(`contact ${id}: invalid stored fields ${JSON.stringify(checked.fields)}`);
    else if (checked.value.name !== doc['name'] || checked.value.email !== doc['email'] || checked.value.message !== doc['message']) problems.push(`contact ${id}: texts not in their validated form`);
    const extra = unexpectedKeys(doc, CONTACT_KEYS);
    if (extra.length > 0) problems.push(`contact ${id}: stray keys ${extra.join(', ')}`);
    const dangerous = dangerousKeys(doc);
    if (dangerous.length > 0) problems.push(`contact ${id}: operator or prototype keys ${dangerous.join(', ')}`);
    if (doc['senderUid'] !== undefined && !memberUids.has(doc['senderUid'] as string)) problems.push(`contact ${id}: senderUid ${String(doc['senderUid'])} is not a signed-in user`);
    if (!(doc['receivedAt'] instanceof Date)) problems.push(`contact ${id}: receivedAt is not a date`);
    const handled = doc['status'] === 'handled';
    if (!handled && doc['status'] !== 'open') problems.push(`contact ${id}: status ${String(doc['status'])} is not a status`);
    if (handled !== (doc['handledAt'] instanceof Date) || handled !== (typeof doc['handledBy'] === 'string' && memberUids.has(doc['handledBy']))) problems.push(`contact ${id}: handled state not whole`);
  }
  return problems;
}

const COLLECTION_KEYS = new Set(['_id', 'ownerUid', 'ownerName', 'title', 'description', 'visibility', 'items', 'createdAt', 'updatedAt']);

/**
 * Collections (api/src/collections) that validation would not have let in: each stored one, read
 * back through the shared validation, must pass it as stored (trimmed, item ids unique, at most
 * MAX_COLLECTION_ITEMS), owned by a signed-in member, with no keys a body chose.
 */
export async function collectionProblems(db: mongo.Db, ownerUids: ReadonlySet<string>): Promise<string[]> {
  const problems: string[] = [];
  for (const doc of await db.collection('collections').find({}).toArray()) {
    const id = String(doc['_id']);
    const fields = { title: doc['title'], description: doc['description'], visibility: doc['visibility'] };
    const checked = validateCollectionInput(fields);
    if (!checked.ok) problems.push(`collection ${id}: invalid stored fields ${JSON.stringify(checked.fields)}`);
    else if (checked.value.title !== doc['title'] || checked.value.description !== doc['description']) problems.push(`collection ${id}: texts not in their validated form`);
    const rawItems = Array.isArray(doc['items']) ? (doc['items'] as mongo.Document[]) : null;
    const items = rawItems?.map((item) => ({ artifactId: String(item['artifactId']), note: item['note'] }));
    const checkedItems = validateCollectionItems(items);
    if (!checkedItems.ok) problems.push(`collection ${id}: invalid stored items ${JSON.stringify(checkedItems.fields)}`);
    else if (checkedItems.value.some((item, index) => item.note !== items?.[index]?.note)) problems.push(`collection ${id}: notes not in their validated form`);
    for (const item of rawItems ?? []) {
      if (Object.keys(item).some((key) => key !== 'artifactId' && key !== 'note')) problems.push(`collection ${id}: an item has stray keys`);
      if ((item['artifactId'] as { _bsontype?: string } | undefined)?._bsontype !== 'ObjectId') problems.push(`collection ${id}: an item's artifactId is not an ObjectId`);
    }
    const extra = unexpectedKeys(doc, COLLECTION_KEYS);
    if (extra.length > 0) problems.push(`collection ${id}: stray keys ${extra.join(', ')}`);
    const dangerous = dangerousKeys(doc);
    if (dangerous.length > 0) problems.push(`collection ${id}: operator or prototype keys ${dangerous.join(', ')}`);
    if (typeof doc['ownerUid'] !== 'string' || !ownerUids.has(doc['ownerUid'])) problems.push(`collection ${id}: ownerUid ${String(doc['ownerUid'])} is not a signed-in user`);
    const ownerName = doc['ownerName'];
    if (typeof ownerName !== 'string' || ownerName.trim().length === 0 || CONTROL_CHARS.test(ownerName)) problems.push(`collection ${id}: ownerName ${JSON.stringify(ownerName)} is not a clean text`);
    for (const key of ['createdAt', 'updatedAt']) {
      if (!(doc[key] instanceof Date) || Number.isNaN((doc[key] as Date).getTime())) problems.push(`collection ${id}: ${key} is not a date`);
    }
  }
  return problems;
}
