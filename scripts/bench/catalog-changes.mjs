// What one write costs the catalog's next list (api/src/catalog/catalog-index.ts, issue 47): the
// time of the first list after a like, a rename and an add, on a catalog of generated artifacts.
//
//   node scripts/bench/catalog-changes.mjs [--size 100000] [--runs 5] [--catalog api/dist/catalog]
//
// Each list (in the orders name, latest, likes and era-asc, one filtered by type, one searched) is
// asked once before the write, so the catalog holds what it keeps between requests, then the write,
// then the list again: the table shows the median time of that second list, in milliseconds. Needs
// `npm run build` (the api's factory, places and catalog); --catalog points at another compiled
// catalog folder to compare two versions.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../lib/services.mjs';
import { median, round, thousands } from './helpers.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    catalog: { type: 'string', default: path.join(ROOT, 'api/dist/catalog') },
  },
});
const SIZE = Number(values.size);
const RUNS = Number(values.runs);

const requireApi = createRequire(path.join(ROOT, 'api/dist/seed/factory.js'));
const { makeArtifacts } = requireApi('./factory.js');
const { placeOf } = requireApi('../artifacts/places.js');
const { nameSortKey, readDate } = requireApi('@antiquarium/contracts');
const { CatalogIndex } = createRequire(path.resolve(values.catalog, 'catalog-index.js'))('./catalog-index.js');

/** A stand-in for the database's ObjectId: only its hex string is read. */
const idOf = (number) => {
  const hex = number.toString(16).padStart(24, '0');
  return { toHexString: () => hex };
};

function docOf(artifact, number) {
  const range = readDate(artifact.createdAt);
  return {
    ...artifact,
    _id: idOf(number),
    nameLower: nameSortKey(artifact.name),
    yearStart: range?.start ?? null,
    yearEnd: range?.end ?? null,
    place: placeOf(artifact.location),
  };
}

const LISTS = [
  ['name', {}, 'name'],
  ['latest', {}, 'latest'],
  ['likes', {}, 'likes'],
  ['era-asc', {}, 'era-asc'],
  ['filtered (Tools, likes)', { type: 'Tools' }, 'likes'],
  ['search (relevance)', { search: 'bronze' }, 'relevance'],
];

const artifacts = makeArtifacts(SIZE + RUNS * LISTS.length, { seed: 7, now: Date.UTC(2026, 0, 1), maxLikes: 50 });
const docs = artifacts.map(docOf);
const index = new CatalogIndex();
for (const doc of docs.slice(0, SIZE)) index.upsert(doc);

// Every write changes something: a like adds one to the artifact's likes, a rename gives a new name.
let writes = 0;
let added = SIZE;
const WRITES = {
  'a like': (run) => {
    const kept = index.get(docs[run * 997]._id.toHexString());
    index.upsert({ ...kept, likes: (kept.likes ?? 0) + 1 });
  },
  'a rename': (run) => {
    const kept = index.get(docs[run * 991 + 1]._id.toHexString());
    writes += 1;
    const name = `${kept.name.replace(/ \(renamed \d+\)$/, '')} (renamed ${writes})`;
    index.upsert({ ...kept, name, nameLower: nameSortKey(name) });
  },
  'an add': () => {
    index.upsert(docs[added]);
    added += 1;
  },
};

const table = LISTS.map(([label]) => ({ list: label }));
for (const [write, apply] of Object.entries(WRITES)) {
  LISTS.forEach(([, filter, sort], row) => {
    const times = [];
    for (let run = 0; run < RUNS; run += 1) {
      index.list(filter, sort, 1, 24);
      apply(run);
      const started = performance.now();
      index.list(filter, sort, 1, 24);
      times.push(performance.now() - started);
    }
    table[row][`after ${write} (ms)`] = round(median(times), 2);
  });
}

console.log(`Catalog of ${thousands(SIZE)} artifacts (${values.catalog}), median of ${RUNS} runs`);
console.table(table);
