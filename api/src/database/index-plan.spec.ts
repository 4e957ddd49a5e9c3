// The database plan, proven without MongoDB (docs/decisions/0003): every read the
// repositories can issue is served by a declared index, by MongoDB's equality-sort-range rule.
//
// The repositories run against a recording model: every `find` / `findOne` / `countDocuments` is
// written down with its filter and sort, for every combination of the list's filters and sorts. A
// read is served when an index of its collection begins with one or more of its equality fields (any
// order), then every sort key in order with the directions asked or all of them reversed; range and
// other conditions may follow or be checked on the fetched documents. A read with no equality field
// needs an index that begins with its sort (or the `_id` index for `_id` order). A new query shape,
// or a changed sort, without such an index fails here, naming the read.
import type { Model, Schema } from 'mongoose';
import { Types } from 'mongoose';
import { ARTIFACT_TYPES, SORT_OPTIONS, type SortOption } from '@antiquarium/contracts';
import { ArtifactChanges } from '../catalog/artifact-changes';
import { artifactSchema } from '../artifacts/artifact.schema';
import { ArtifactsRepository, type ArtifactFilter } from '../artifacts/artifacts.repository';
import { contributorSchema } from '../contributors/contributor.schema';
import { ContributorsRepository } from '../contributors/contributors.repository';
import { likeSchema } from '../likes/like.schema';
import { LikesRepository } from '../likes/likes.repository';

interface Read {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1>;
}

type IndexKeys = [string, 1 | -1][];

/** A model that answers nothing and writes down every read it is asked for. */
function recordingModel(collection: string, reads: Read[]): Model<never> {
  const chain = (read: Read | null): unknown =>
    new Proxy(
      {},
      {
        get(_target, property) {
          if (property === 'then') return undefined;
          if (property === 'exec') return () => Promise.resolve(read?.method === 'countDocuments' ? 0 : read?.method === 'findOne' ? null : []);
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
      if (property === 'find' || property === 'findOne' || property === 'countDocuments' || property === 'exists') return reading(property);
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
  contributors: declaredIndexes(contributorSchema),
};

/**
 * Reads of a whole collection on purpose: facets on the database path without a search (every
 * artifact; docs/decisions/0007 says where that path stops being reasonable), and names searched
 * for punctuation.
 */
const WHOLE_COLLECTION = (read: Read) =>
  read.collection === 'artifacts' && Object.keys(read.sort).length === 0 && Object.keys(read.filter).every((field) => field === 'name' && isUnanchoredPattern(read.filter[field]));

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
  await likes.exists(id, 'uid-1');
  await likes.countFor(id);
  await likes.pageForUser('uid-1', 1, 24);
  await contributors.top(3);
  await contributors.totalsOf('uid-1');
  await contributors.nameKeyHeldByOther('name', 'uid-1');
  return reads;
}

test('every read the repositories issue is served by a declared index (equality, sort, range)', async () => {
  const reads = await allReads();
  // The recording saw the list's reads with and without search and years, for every sort.
  expect(reads.filter((read) => read.collection === 'artifacts' && read.method === 'find').length).toBeGreaterThan(SORT_OPTIONS.length * 100);
  expect(new Set(reads.map((read) => JSON.stringify(read.sort))).size).toBeGreaterThanOrEqual(6);
  const unserved = reads.filter((read) => !WHOLE_COLLECTION(read) && !INDEXES[read.collection]?.some((index) => serves(index, read)));
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

  test('ranges do not take an equality place: sort keys come right after the equalities', () => {
    expect(serves([['yearStart', 1], ['_id', 1]], read({ yearStart: { $lte: 5 } }, { yearStart: 1, _id: 1 }))).toBe(true);
    expect(serves([['type', 1], ['yearStart', 1], ['_id', 1]], read({ type: 'Tools', yearEnd: { $gte: 1 } }, { nameLower: 1, _id: 1 }))).toBe(false);
  });
});
