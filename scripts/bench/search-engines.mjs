// The in-process search engines the catalog could use, side by side on the same artifacts: the
// catalog's own TextIndex (decision 0033), MiniSearch (decision 0007, which it replaced), Orama and
// FlexSearch.
//
//   npm run bench:engines -- --sizes 2000,10000,100000 [--queries 400] [--only catalog] [--require-equal catalog]
//
// For each engine and size it prints: time to index the collection, heap held by the index (after a
// forced collection), the p50/p99 time of a search (one word, two words ANDed, a rare word), the
// time to replace one artifact, and whether the hits equal a plain scan's (every word of the query
// among the folded words of the five searched fields). Needs `npm run build` (the api's factory).
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { ROOT } from '../lib/services.mjs';
import { percentile, round, thousands } from './helpers.mjs';
import { ensureBenchTools } from './tools.mjs';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const require = createRequire(path.join(ROOT, 'api/dist/seed/factory.js'));
const { makeArtifacts } = require('./factory.js');
const { TextIndex } = require('../catalog/text-index.js');
const { default: MiniSearch } = await import('minisearch');
// Orama and FlexSearch are the bench's own tools (scripts/bench/package.json), installed on first use.
await ensureBenchTools();
const orama = await import('@orama/orama');
const { Document: FlexDocument } = createRequire(import.meta.url)('flexsearch');

const FIELDS = ['name', 'shortDescription', 'context', 'discoveredBy', 'location'];
const BOOST = { name: 4, shortDescription: 2, context: 1, discoveredBy: 1, location: 1 };

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '2000,10000,100000' },
    queries: { type: 'string', default: '400' },
    only: { type: 'string' },
    // The engine the catalog uses: the run fails when its hits differ from the scan's.
    'require-equal': { type: 'string' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const QUERIES = Number(values.queries);

/** The same folding as the catalog (libs/contracts normaliseText): NFKD, marks removed, lower case. */
const fold = (text) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function corpus(size) {
  const items = makeArtifacts(size, { seed: 7, now: Date.UTC(2026, 0, 1) });
  return items.map((item, i) => {
    const doc = { id: String(i + 1) };
    for (const field of FIELDS) doc[field] = fold(item[field]);
    return doc;
  });
}

/** Queries drawn from the collection's own words: common, rare, and two words of one artifact. */
function queries(docs) {
  const frequency = new Map();
  for (const doc of docs) for (const word of new Set(FIELDS.flatMap((field) => words(doc[field])))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const vocabulary = [...frequency.entries()].filter(([word]) => word.length > 3).sort((a, b) => b[1] - a[1]);
  const common = vocabulary.slice(0, 40).map(([word]) => word);
  const rare = vocabulary.slice(-40).map(([word]) => word);
  const list = [];
  let seed = 1;
  const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; list.length < QUERIES; i += 1) {
    const kind = i % 3;
    if (kind === 0) list.push([common[Math.floor(next() * common.length)]]);
    else if (kind === 1) list.push([rare[Math.floor(next() * rare.length)]]);
    else {
      const doc = docs[Math.floor(next() * docs.length)];
      const own = [...new Set(words(`${doc.name} ${doc.shortDescription}`))].filter((word) => word.length > 3);
      if (own.length >= 2) list.push([own[0], own[own.length - 1]]);
    }
  }
  return list;
}

/** The hits a search must find: every word among the words of the artifact's fields. */
function scan(docs, terms) {
  const hits = new Set();
  for (const doc of docs) {
    const all = new Set(FIELDS.flatMap((field) => words(doc[field])));
    if (terms.every((term) => all.has(term))) hits.add(doc.id);
  }
  return hits;
}

function versionOf(name) {
  const file = ['node_modules', 'api/node_modules', 'scripts/bench/node_modules'].map((dir) => path.join(ROOT, dir, name, 'package.json')).find(existsSync);
  return file ? JSON.parse(readFileSync(file, 'utf8')).version : '?';
}

const tokenize = (text) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const ENGINES = {
  catalog: {
    version: 'api',
    build(docs) {
      const index = new TextIndex({ fields: FIELDS, boost: BOOST, tokenize, processTerm: (word) => word });
      for (const doc of docs) index.add(doc.id, doc);
      return index;
    },
    search: (index, terms) => new Set(index.search(terms.join(' '), { prefix: false }).keys()),
    replace: (index, doc) => index.replace(doc.id, doc),
  },
  minisearch: {
    version: versionOf('minisearch'),
    build(docs) {
      const index = new MiniSearch({ fields: FIELDS, tokenize });
      index.addAll(docs);
      return index;
    },
    search: (index, terms) => new Set(index.search(terms.join(' '), { combineWith: 'AND', boost: BOOST }).map((hit) => hit.id)),
    replace: (index, doc) => index.replace(doc),
  },
  orama: {
    version: versionOf('@orama/orama'),
    build(docs) {
      const db = orama.create({ schema: Object.fromEntries([['id', 'string'], ...FIELDS.map((field) => [field, 'string'])]) });
      orama.insertMultiple(db, docs, 1000);
      return db;
    },
    search: (db, terms) => {
      // threshold 0: only documents holding every term (Orama: within one field); every hit counted.
      const result = orama.search(db, { term: terms.join(' '), properties: FIELDS, boost: BOOST, threshold: 0, limit: orama.count(db) });
      return new Set(result.hits.map((hit) => hit.document.id));
    },
    replace: (db, doc) => {
      orama.remove(db, doc.id);
      orama.insert(db, doc);
    },
  },
  flexsearch: {
    version: versionOf('flexsearch'),
    build(docs) {
      const index = new FlexDocument({ document: { id: 'id', index: FIELDS }, tokenize: 'strict' });
      for (const doc of docs) index.add(doc);
      return index;
    },
    // No AND across fields: each word's hits are the union over fields, then the words intersect.
    search: (index, terms) => {
      let hits = null;
      for (const term of terms) {
        const found = new Set(index.search(term, { limit: 1_000_000 }).flatMap((field) => field.result.map(String)));
        hits = hits === null ? found : new Set([...hits].filter((id) => found.has(id)));
      }
      return hits ?? new Set();
    },
    replace: (index, doc) => index.update(doc),
  },
};

function heapMb() {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const rows = [];
for (const size of SIZES) {
  const docs = corpus(size);
  const list = queries(docs);
  const expected = list.map((terms) => scan(docs, terms));
  for (const [name, engine] of Object.entries(ENGINES)) {
    if (values.only && values.only !== name) continue;
    const before = heapMb();
    const t0 = performance.now();
    let index = engine.build(docs);
    const buildMs = performance.now() - t0;
    const heap = heapMb() - before;
    // One warm-up pass, then the timed one.
    for (const terms of list.slice(0, 20)) engine.search(index, terms);
    const times = [];
    let mismatched = 0;
    list.forEach((terms, i) => {
      const start = performance.now();
      const hits = engine.search(index, terms);
      times.push(performance.now() - start);
      const want = expected[i];
      if (hits.size !== want.size || [...want].some((id) => !hits.has(id))) mismatched += 1;
    });
    times.sort((a, b) => a - b);
    const replaceTimes = [];
    for (let i = 0; i < 50; i += 1) {
      const doc = { ...docs[(i * 97) % docs.length], name: `${docs[(i * 97) % docs.length].name} renamed` };
      const start = performance.now();
      engine.replace(index, doc);
      replaceTimes.push(performance.now() - start);
    }
    replaceTimes.sort((a, b) => a - b);
    if (mismatched > 0 && values['require-equal'] === name) {
      console.error(`${name}: ${mismatched} of ${list.length} searches differ from a scan at ${size} artifacts`);
      process.exitCode = 1;
    }
    rows.push({
      engine: `${name} ${engine.version}`,
      artifacts: thousands(size),
      'index ms': round(buildMs, 0),
      'heap MB': round(heap, 1),
      'search p50 ms': round(percentile(times, 50), 2),
      'search p99 ms': round(percentile(times, 99), 2),
      'replace p50 ms': round(percentile(replaceTimes, 50), 2),
      'hits equal a scan': `${list.length - mismatched}/${list.length}`,
    });
    index = null;
    console.log(JSON.stringify(rows.at(-1)));
  }
}
console.table(rows);
