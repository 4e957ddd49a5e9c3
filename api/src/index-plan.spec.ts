// The database plan, proven without MongoDB (docs/decisions/0003): every read the
// repositories can issue is served by a declared index, by MongoDB's equality-sort-range rule.
//
// The repositories run against a recording model: every `find` / `findOne` / `countDocuments`, and
// the filter of every update and delete, is written down with its filter and sort, for every
// combination of the list's filters and sorts, and for each of the release registry's reads. A
// read is served when an index of its collection begins with one or more of its equality fields (any
// order), then every sort key in order with the directions asked or all of them reversed; range and
// other conditions may follow or be checked on the fetched documents. A read with no equality field
// needs an index that begins with its sort (or the `_id` index for `_id` order). An `$or` is served
// when each of its clauses is (MongoDB plans each clause on its own index). A new query shape,
// or a changed sort, without such an index fails here, naming the read.
//
// It runs every folder's repository, so it sits at the root of api/src beside app.module.ts, not in
// database/, which those folders import (no loops between folders: tooling/lint/folder-cycles.test.ts).
import type { Model, Schema } from 'mongoose';
import { Types } from 'mongoose';
import { ARTIFACT_TYPES, SORT_OPTIONS, type SortOption } from '@antiquarium/contracts';
import { ArtifactChanges } from './artifacts/artifact-changes';
import { artifactSchema } from './artifacts/artifact.schema';
import type { ArtifactFilter } from './artifacts/artifact-query';
import { ArtifactsRepository } from './artifacts/artifacts.repository';
import { contactMessageSchema } from './contact/contact-message.schema';
import { ContactMessagesRepository } from './contact/contact-messages.repository';
import { contributorSchema } from './contributors/contributor.schema';
import { writeLockSchema } from './database/write-lock.schema';
import { lockKeys, WriteLocks } from './database/write-locks';
import { ContributorsRepository } from './contributors/contributors.repository';
import { likeRemovalSchema } from './likes/like-removal.schema';
import { LikeRemovals } from './likes/like-removals';
import { likeSchema } from './likes/like.schema';
import { LikesRepository } from './likes/likes.repository';
import { releaseAuditSchema } from './releases/release-audit.schema';
import { releaseRouteSchema } from './releases/release-route.schema';
import { ReleaseStatsRepository } from './releases/release-stats.repository';
import { releaseStatsSchema } from './releases/release-stats.schema';
import { releaseSchema } from './releases/release.schema';
import { ReleasesRepository, type RouteState } from './releases/releases.repository';

interface Read {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1>;
}

type IndexKeys = [string, 1 | -1][];

/** What a recording model answers besides nothing: a lock's first creation refused, a stale lock found. */
interface RecordingAnswers {
  create?: () => Promise<unknown>;
  findOne?: () => unknown;
}

/** A model that answers nothing and writes down every read it is asked for, and every update's and delete's filter. */
function recordingModel(collection: string, reads: Read[], answers: RecordingAnswers = {}): Model<never> {
  const chain = (read: Read | null): unknown =>
    new Proxy(
      {},
      {
        get(_target, property) {
          if (property === 'then') return undefined;
          if (property === 'exec') {
            return () => {
              if (read?.method === 'countDocuments') return Promise.resolve(0);
              if (read?.method === 'findOne' || read?.method === 'findById') return Promise.resolve(answers.findOne?.() ?? null);
              if (read?.method.startsWith('update') || read?.method.startsWith('delete')) return Promise.resolve({ matchedCount: 0, modifiedCount: 0, deletedCount: 0 });
              return Promise.resolve(read?.method === 'findOneAndUpdate' ? null : []);
            };
          }
          if (property === 'cursor') return () => ({ async *[Symbol.asyncIterator]() {} });
          if (property === 'sort') {
            return (sort: Record<string, 1 | -1>) => {
              if (read) read.sort = { ...sort };
              return chain(read);
            };
          }
          return () => chain(read);
        },
      },
    );
  const reading = (method: string) => (filter: Record<string, unknown> = {}) => {
    const read: Read = { collection, method, filter: structuredClone(filter), sort: {} };
    reads.push(read);
    return chain(read);
  };
  return new Proxy({} as Model<never>, {
    get(_target, property) {
      if (['find', 'findOne', 'countDocuments', 'exists', 'findOneAndUpdate', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany'].includes(String(property))) return reading(String(property));
      if (property === 'create') return (doc: unknown) => answers.create?.() ?? Promise.resolve(doc);
      if (property === 'findById') return (id: unknown) => reading('findById')({ _id: id });
      if (property === 'estimatedDocumentCount') return () => chain(null);
      return () => chain(null);
    },
  });
}

/** Fields compared for equality: plain values and `$eq` (an `$all` beside `$eq` is checked on the documents). */
function equalityFields(filter: Record<string, unknown>): string[] {
  return Object.entries(filter)
    .filter(([, value]) => {
      if (typeof value !== 'object' || value === null || value instanceof Types.ObjectId) return true;
      return '$eq' in (value as object);
    })
    .map(([field]) => field);
}

function declaredIndexes(schema: Schema): IndexKeys[] {
  return [[['_id', 1]], ...schema.indexes().map(([keys]) => Object.entries(keys as Record<string, 1 | -1>))];
}

/** Whether one of a collection's indexes serves a read; an `$or` by serving each of its clauses. */
function served(indexes: IndexKeys[], read: Read): boolean {
  if (indexes.some((index) => serves(index, read))) return true;
  const { $or: clauses, ...rest } = read.filter;
  if (!Array.isArray(clauses) || clauses.length === 0) return false;
  return clauses.every((clause: Record<string, unknown>) => served(indexes, { ...read, filter: { ...rest, ...clause } }));
}

/** Whether an index serves a read by the equality-sort-range rule. */
export function serves(index: IndexKeys, read: Read): boolean {
  const equalities = new Set(equalityFields(read.filter));
  let position = 0;
  while (position < index.length && equalities.has((index[position] as [string, number])[0])) position += 1;
  const sort = Object.entries(read.sort);
  if (position === 0 && equalities.size > 0 && !(sort.length === 0 && index[0]?.[0] === '_id' && equalities.has('_id'))) return false;
  // A count or read without equality or sort: an index that begins with one of its conditions.
  if (sort.length === 0) return position > 0 || (equalities.size === 0 && index[0] !== undefined && index[0][0] in read.filter);
  const rest = index.slice(position, position + sort.length);
  if (rest.length < sort.length) return false;
  const same = sort.every(([field, direction], i) => rest[i]?.[0] === field && rest[i]?.[1] === direction);
  const reversed = sort.every(([field, direction], i) => rest[i]?.[0] === field && rest[i]?.[1] === -direction);
  return same || reversed;
}

const INDEXES: Record<string, IndexKeys[]> = {
  artifacts: declaredIndexes(artifactSchema),
  likes: declaredIndexes(likeSchema),
  like_removals: declaredIndexes(likeRemovalSchema),
  contributors: declaredIndexes(contributorSchema),
  releases: declaredIndexes(releaseSchema),
  release_routes: declaredIndexes(releaseRouteSchema),
  release_audit: declaredIndexes(releaseAuditSchema),
  release_stats: declaredIndexes(releaseStatsSchema),
  write_locks: declaredIndexes(writeLockSchema),
  contactmessages: declaredIndexes(contactMessageSchema),
};

/**
 * Reads of a whole collection on purpose: facets on the database path without a search (every
 * artifact; docs/decisions/0007 says where that path stops being reasonable), and names searched
 * for punctuation.
 */
const WHOLE_COLLECTION = (read: Read) =>
  (read.collection === 'artifacts' && Object.keys(read.sort).length === 0 && Object.keys(read.filter).every((field) => field === 'name' && isUnanchoredPattern(read.filter[field]))) ||
  REGISTRY_WHOLE_READS.has(`${read.collection}.${read.method} ${JSON.stringify(read.filter)}`);

/**
 * The release registry's small collections, read whole on purpose: the routing of every remote (one
 * document per remote, three in all) and the set of published releases (cached for 5 s, kept small
 * by `release prune`; docs/decisions/0008); and the likes being removed after their artifacts'
 * deletes (an entry lives seconds; likes/like-removals.ts).
 */
const REGISTRY_WHOLE_READS = new Set(['release_routes.find {}', 'releases.find {}', 'like_removals.find {}']);

/**
 * A search of punctuation only ('(', '.*') is looked for anywhere in the names: an unanchored,
 * case-insensitive pattern, which no index can bound on MongoDB either (rare; bounded by
 * DB_OPERATION_TIMEOUT_MS). Listed so that any other unindexed read still fails.
 */
function isUnanchoredPattern(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { $regex?: unknown }).$regex === 'string' && !(value as { $regex: string }).$regex.startsWith('^');
}

/** Every filter the list accepts, combined: search (words or punctuation), type, owner, place, years. */
function everyFilter(): ArtifactFilter[] {
  const filters: ArtifactFilter[] = [];
  for (const search of [undefined, 'rosetta', 'bronze age', '(']) {
    for (const type of [undefined, ARTIFACT_TYPES[0]]) {
      for (const adderUid of [undefined, 'uid-1']) {
        for (const place of [undefined, 'Egypt']) {
          for (const years of [{}, { from: -1000 }, { to: 500 }, { from: -1000, to: 500 }, { from: -1000, to: 500, within: true }]) {
            filters.push({ search, type, adderUid, place, ...years });
          }
        }
      }
    }
  }
  return filters;
}

async function allReads(): Promise<Read[]> {
  const reads: Read[] = [];
  const artifacts = new ArtifactsRepository(recordingModel('artifacts', reads) as never, new ArtifactChanges());
  const likes = new LikesRepository(recordingModel('likes', reads) as never);
  const contributors = new ContributorsRepository(recordingModel('contributors', reads) as never);
  const id = new Types.ObjectId();
  for (const filter of everyFilter()) {
    for (const sort of SORT_OPTIONS as readonly SortOption[]) {
      // Page 2: the home lists' cache answers some first pages without a read.
      await artifacts.list(filter, sort, 2, 24);
    }
    await artifacts.findSearchedForCatalog({ search: filter.search, adderUid: filter.adderUid });
  }
  await artifacts.findById(id);
  await artifacts.findManyByIds([id]);
  await artifacts.totalsFor('uid-1');
  await artifacts.hiddenIds();
  await likes.exists(id, 'uid-1');
  await likes.countFor(id);
  await likes.pageForUser('uid-1', 1, 24);
  await likes.pageForUser('uid-1', 1, 24, [id]);
  const removals = new LikeRemovals(recordingModel('like_removals', reads) as never, likes);
  await removals.removeAllFor(id);
  await removals.pendingIds();
  await removals.clearBefore(new Date());
  await removals.onApplicationShutdown();
  await contributors.top(3);
  await contributors.totalsOf('uid-1');
  await contributors.nameKeyHeldByOther('name', 'uid-1');
  await registryReads(reads);
  await lockReads(reads);
  await contactReads(reads);
  return reads;
}

/** Every read, update and delete of the release registry (releases, routes, audit, stats). */
async function registryReads(reads: Read[]): Promise<void> {
  const registry = new ReleasesRepository(
    recordingModel('releases', reads) as never,
    recordingModel('release_routes', reads) as never,
    recordingModel('release_audit', reads) as never,
  );
  const stats = new ReleaseStatsRepository(recordingModel('release_stats', reads) as never);
  const at = new Date();
  const route: RouteState = { remote: 'catalog', live: '1.0.0-aaaaaaaaaaaa', liveSince: at, history: [], canary: null, revision: 3, updatedAt: at };
  await registry.findRelease('catalog', '1.0.0-aaaaaaaaaaaa');
  await registry.markServed('catalog', '1.0.0-aaaaaaaaaaaa', at);
  await registry.deleteRelease('catalog', '1.0.0-aaaaaaaaaaaa', at);
  await registry.latestReleases('catalog', 20);
  await registry.manifests([
    { remote: 'catalog', version: '1.0.0-aaaaaaaaaaaa' },
    { remote: 'account', version: '1.0.0-bbbbbbbbbbbb' },
  ]);
  await registry.releaseKeys();
  await registry.route('catalog');
  await registry.allRoutes(['catalog']);
  await registry.replaceRoute(route, { live: route.live, liveSince: at, history: [], canary: null }, at);
  await registry.clearCanary('catalog', '1.0.0-aaaaaaaaaaaa', at);
  await registry.touchRoute('catalog', at);
  await registry.forgetInHistory('catalog', '1.0.0-aaaaaaaaaaaa');
  await registry.latestAudit(20);
  const row = { remote: 'catalog' as const, version: '1.0.0-aaaaaaaaaaaa', minute: at, instance: 'i-1' };
  await stats.add(row, { views: 1 });
  await stats.since('catalog', at);
  await stats.forRelease('catalog', '1.0.0-aaaaaaaaaaaa', at);
  await stats.removeFor('catalog', '1.0.0-aaaaaaaaaaaa');
  await stats.removeOlderThan(at);
}

/** Every read, update and delete of the write locks: a lock held by a holder that died is found and taken over. */
async function lockReads(reads: Read[]): Promise<void> {
  let creations = 0;
  const locks = new WriteLocks(
    recordingModel('write_locks', reads, {
      create: () => (++creations === 1 ? Promise.reject(Object.assign(new Error('duplicate key'), { code: 11000 })) : Promise.resolve({})),
      findOne: () => ({ _id: lockKeys.release('catalog'), token: 'dead', expiresAt: new Date(0) }),
    }) as never,
  );
  await locks.holding(lockKeys.release('catalog'), async () => undefined);
}

/** Every read, update and delete of the contact form's messages (the inbox, marking handled, members' data). */
async function contactReads(reads: Read[]): Promise<void> {
  const messages = new ContactMessagesRepository(recordingModel('contactmessages', reads) as never);
  for (const status of ['open', 'handled'] as const) await messages.page(status, 2, 24);
  const id = new Types.ObjectId();
  await messages.findById(id);
  await messages.markHandled(id, new Date(), 'uid-1');
  for await (const message of messages.sentBy('uid-1')) void message;
  await messages.deleteSentBy('uid-1');
}

test('every read the repositories issue is served by a declared index (equality, sort, range)', async () => {
  const reads = await allReads();
  // The recording saw the list's reads with and without search and years, for every sort.
  expect(reads.filter((read) => read.collection === 'artifacts' && read.method === 'find').length).toBeGreaterThan(SORT_OPTIONS.length * 100);
  expect(new Set(reads.map((read) => JSON.stringify(read.sort))).size).toBeGreaterThanOrEqual(6);
  // ... and the registry's, in every collection it keeps.
  expect(new Set(reads.map((read) => read.collection))).toEqual(new Set(Object.keys(INDEXES)));
  const unserved = reads.filter((read) => !WHOLE_COLLECTION(read) && !served(INDEXES[read.collection] ?? [], read));
  // One line per equality set and sort (the ranges beside them change nothing).
  const shapes = [...new Set(unserved.map((read) => `${read.collection}.${read.method} equal [${equalityFields(read.filter).sort().join(', ')}] sort ${JSON.stringify(read.sort)}`))];
  expect(shapes).toEqual([]);
});

describe('the rule itself', () => {
  const read = (filter: Record<string, unknown>, sort: Record<string, 1 | -1> = {}): Read => ({ collection: 'artifacts', method: 'find', filter, sort });

  test('equality then sort, in order, directions as asked or all reversed', () => {
    const index: IndexKeys = [['type', 1], ['nameLower', 1], ['_id', 1]];
    expect(serves(index, read({ type: 'Tools' }, { nameLower: 1, _id: 1 }))).toBe(true);
    expect(serves(index, read({ type: 'Tools' }, { nameLower: -1, _id: -1 }))).toBe(true);
    expect(serves(index, read({ type: 'Tools' }, { nameLower: 1, _id: -1 }))).toBe(false);
    expect(serves(index, read({ type: 'Tools' }, { addedAt: -1, _id: -1 }))).toBe(false);
  });

  test('a read with an equality field needs an index that begins with one of them', () => {
    expect(serves([['nameLower', 1], ['_id', 1]], read({ type: 'Tools' }, { nameLower: 1, _id: 1 }))).toBe(false);
    expect(serves([['type', 1], ['nameLower', 1], ['_id', 1]], read({ type: 'Tools', place: 'Egypt' }, { nameLower: 1, _id: 1 }))).toBe(true);
    expect(serves([['type', 1], ['nameLower', 1]], read({ nameLower: { $gte: 'a' } }, { nameLower: 1 }))).toBe(false);
  });

  test('an $or is served when each of its clauses is', () => {
    const indexes: IndexKeys[] = [[['remote', 1], ['version', 1]]];
    expect(served(indexes, read({ $or: [{ remote: 'a', version: '1' }, { remote: 'b', version: '2' }] }))).toBe(true);
    expect(served(indexes, read({ $or: [{ remote: 'a', version: '1' }, { version: '2' }] }))).toBe(false);
    expect(served(indexes, read({ remote: 'a', $or: [{ lastLiveAt: null }, { lastLiveAt: { $lt: 1 } }] }))).toBe(true);
  });

  test('ranges do not take an equality place: sort keys come right after the equalities', () => {
    expect(serves([['yearStart', 1], ['_id', 1]], read({ yearStart: { $lte: 5 } }, { yearStart: 1, _id: 1 }))).toBe(true);
    expect(serves([['type', 1], ['yearStart', 1], ['_id', 1]], read({ type: 'Tools', yearEnd: { $gte: 1 } }, { nameLower: 1, _id: 1 }))).toBe(false);
  });
});
