// What one write costs the catalog's next answer (api/src/catalog/catalog-index.ts, issue 47): the
// time of the first list or count after a like, a rename, an add and a removal, on a catalog of
// generated artifacts.
//
//   node scripts/bench/catalog-changes.mjs [--size 100000] [--runs 5] [--catalog api/dist/catalog]
//
// The rows are the api's hot paths (scripts/bench/latency.mjs: featured, list page, filtered,
// search, years and era order, facets) and three more orders. Each is asked once before the write,
// so the catalog holds what it keeps between requests, then the write, then the same again: the
// table shows the median time of that second answer, in milliseconds. Needs `npm run build` (the
// api's factory, places and catalog); --catalog points at another compiled catalog folder to
// compare two versions.
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
  ['featured (likes)', (index) => index.list({}, 'likes', 1, 8)],
  ['list page (latest)', (index) => index.list({}, 'latest', 2, 24)],
  ['filtered (Weapons, latest)', (index) => index.list({ type: 'Weapons' }, 'latest', 1, 24)],
  ['search (bronze, relevance)', (index) => index.list({ search: 'bronze' }, 'relevance', 1, 24)],
  ['years + era order', (index) => index.list({ from: -1000, to: 1000 }, 'era-asc', 1, 24)],
  ['facets (Weapons, years)', (index) => index.facets({ type: 'Weapons', from: -3000, to: 500 })],
  ['name', (index) => index.list({}, 'name', 1, 24)],
  ['filtered (Tools, likes)', (index) => index.list({ type: 'Tools' }, 'likes', 1, 24)],
  ['search (bronze, by name)', (index) => index.list({ search: 'bronze' }, 'name', 1, 24)],
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
  'a removal': (run) => {
    index.remove(docs[run * 983 + 2]._id.toHexString());
  },
};

const table = LISTS.map(([label]) => ({ answer: label }));
const writeTimes = {};
for (const [write, apply] of Object.entries(WRITES)) {
  writeTimes[write] = [];
  LISTS.forEach(([, ask], row) => {
    const times = [];
    for (let run = 0; run < RUNS; run += 1) {
      ask(index);
      const writing = performance.now();
      apply(run + row * RUNS);
      writeTimes[write].push(performance.now() - writing);
      const started = performance.now();
      ask(index);
      times.push(performance.now() - started);
    }
    table[row][`after ${write} (ms)`] = round(median(times), 2);
  });
}
// The write itself: what it costs the catalog to update what it keeps (median and slowest).
table.push(Object.fromEntries([['answer', 'the write itself: median; slowest'], ...Object.entries(writeTimes).map(([write, times]) => [`after ${write} (ms)`, `${round(median(times), 2)}; ${round(Math.max(...times), 2)}`])]));

console.log(`Catalog of ${thousands(SIZE)} artifacts (${values.catalog}), median of ${RUNS} runs`);
console.table(table);
