import MiniSearch from 'minisearch';
import { normaliseText } from '@antiquarium/contracts';
import { makeArtifacts } from '../seed/factory';
import { TextIndex } from './text-index';

// MiniSearch, which the catalog used before (decision 0007), is the oracle: the same fields,
// boosts, words and scores, in a fraction of the memory (decision 0033).
const FIELDS = ['name', 'shortDescription', 'context', 'discoveredBy', 'location'] as const;
type Field = (typeof FIELDS)[number];
type Texts = Record<Field, string>;
const BOOST = { name: 4, shortDescription: 2, context: 1, discoveredBy: 1, location: 1 };
const tokenize = (text: string) => text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
const processTerm = (word: string) => normaliseText(word) || null;

function pair() {
  const ours = new TextIndex<Field>({ fields: FIELDS, boost: BOOST, tokenize, processTerm });
  const oracle = new MiniSearch<{ id: string } & Texts>({ fields: [...FIELDS], tokenize, processTerm, autoVacuum: false });
  return {
    ours,
    add(id: string, texts: Texts) {
      ours.add(id, texts);
      oracle.add({ id, ...texts });
    },
    replace(id: string, texts: Texts) {
      ours.replace(id, texts);
      oracle.replace({ id, ...texts });
    },
    remove(id: string) {
      ours.remove(id);
      oracle.discard(id);
    },
    /** MiniSearch's scores, asked twice: its first pass over a word drops removed documents' postings. */
    expected(query: string, prefix: boolean): Map<string, number> {
      const options = { combineWith: 'AND', prefix: (_term: string, index: number, all: string[]) => prefix && index === all.length - 1, boost: BOOST } as const;
      oracle.search(query, options);
      return new Map(oracle.search(query, options).map((hit) => [hit.id as string, hit.score]));
    },
    expectedNear(term: string, distance: number): Map<string, number> {
      const options = { prefix: false, fuzzy: distance || false };
      oracle.search(term, options);
      const uses = new Map<string, number>();
      for (const hit of oracle.search(term, options)) for (const word of hit.terms) uses.set(word, (uses.get(word) ?? 0) + 1);
      return uses;
    },
  };
}

function textsOf(artifact: Texts): Texts {
  return { name: artifact.name, shortDescription: artifact.shortDescription, context: artifact.context, discoveredBy: artifact.discoveredBy, location: artifact.location };
}

/** How two answers differ (empty when they agree): ids missing or extra, scores apart by more than rounding. */
function differences(actual: Map<string, number>, expected: Map<string, number>, query: string): string[] {
  const found: string[] = [];
  for (const id of actual.keys()) if (!expected.has(id)) found.push(`${query}: ${id} extra`);
  for (const [id, score] of expected) {
    const ours = actual.get(id);
    if (ours === undefined) found.push(`${query}: ${id} missing`);
    else if (Math.abs(ours - score) > 1e-9 * Math.max(1, score)) found.push(`${query}: ${id} scored ${ours}, not ${score}`);
  }
  return found;
}

/** Queries from the collection's own words: one word, a prefix of one, two words of one artifact. */
function queriesOf(items: Texts[]): string[] {
  const queries: string[] = [];
  items.slice(0, 40).forEach((item, index) => {
    const words = tokenize(`${item.name} ${item.shortDescription} ${item.context}`).filter((word) => word.length > 2);
    const first = words[index % words.length] as string;
    const last = words[(index * 7 + 3) % words.length] as string;
    queries.push(first, first.slice(0, Math.max(2, first.length - 2)), `${first} ${last}`, `${last} ${first.slice(0, 3)}`);
  });
  return [...queries, 'zzqqxx', 'the', 'a'];
}

test('scores, hits and near words equal MiniSearch’s, through adds, text changes and removals', () => {
  const items = makeArtifacts(600, { seed: 11, now: Date.UTC(2026, 0, 1) }).map(textsOf);
  const index = pair();
  items.slice(0, 400).forEach((item, i) => index.add(`a${i}`, item));
  const check = () => {
    const queries = queriesOf(items);
    const found = queries.flatMap((query) => [
      ...differences(index.ours.search(query, { prefix: true }), index.expected(query, true), `${query}…`),
      ...differences(index.ours.search(query, { prefix: false }), index.expected(query, false), query),
    ]);
    expect(found).toEqual([]);
    // Not agreeing on nothing: most queries find something.
    expect(queries.filter((query) => index.ours.search(query, { prefix: true }).size > 0).length).toBeGreaterThan(queries.length * 0.9);
    for (const term of ['bronze', 'brnze', 'brozne', 'stone', 'ston', 'jar', 'qqq']) {
      for (const distance of [0, 1, 2]) expect(new Map([...index.ours.nearWords(term, distance)].sort())).toEqual(new Map([...index.expectedNear(term, distance)].sort()));
    }
  };
  check();
  // Packed as after a bulk build: the same answers, and the packed lists still take changes.
  index.ours.compact();
  const packed = () => [...(index.ours as unknown as { postings: Map<string, ArrayLike<number>> }).postings.values()].filter((list) => list instanceof Int32Array).length;
  expect(packed()).toBeGreaterThan(5);
  check();
  // Texts changed (the document gets another's texts), documents removed, and new ones in freed slots.
  for (let i = 0; i < 150; i += 1) index.replace(`a${i}`, items[(i * 13) % 600] as Texts);
  for (let i = 150; i < 300; i += 1) index.remove(`a${i}`);
  items.slice(400).forEach((item, i) => index.add(`b${i}`, item));
  expect(index.ours.documentCount).toBe(450);
  check();
  index.ours.compact();
  check();
});

test('one document’s score is the one its search gives now, to the bit, through changes', () => {
  const items = makeArtifacts(400, { seed: 5, now: Date.UTC(2026, 0, 1) }).map(textsOf);
  const index = new TextIndex<Field>({ fields: FIELDS, boost: BOOST, tokenize, processTerm });
  const current = new Map<string, Texts>();
  const add = (id: string, texts: Texts) => {
    index.add(id, texts);
    current.set(id, texts);
  };
  items.slice(0, 250).forEach((item, i) => add(`a${i}`, item));
  const check = () => {
    const mismatches: string[] = [];
    let found = 0;
    for (const query of queriesOf(items).slice(0, 60)) {
      for (const prefix of [true, false]) {
        const scores = index.search(query, { prefix });
        found += scores.size;
        for (const [id, texts] of current) {
          const one = index.scoreOf(id, texts, query, { prefix });
          if (one !== (scores.get(id) ?? null)) mismatches.push(`${query}${prefix ? '…' : ''} ${id}: ${one} against ${scores.get(id)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(found).toBeGreaterThan(500);
  };
  check();
  for (let i = 0; i < 60; i += 1) {
    const texts = items[(i * 13) % 400] as Texts;
    index.replace(`a${i}`, texts);
    current.set(`a${i}`, texts);
  }
  for (let i = 60; i < 120; i += 1) {
    index.remove(`a${i}`);
    current.delete(`a${i}`);
  }
  items.slice(250).forEach((item, i) => add(`b${i}`, item));
  index.compact();
  check();
  expect(index.scoreOf('a70', items[70] as Texts, 'bronze', { prefix: true })).toBeNull();
});

test('a removed document is never found, and its words go with it once no one holds them', () => {
  const index = new TextIndex<Field>({ fields: FIELDS, boost: BOOST, tokenize, processTerm });
  const blank = { name: '', shortDescription: '', context: '', discoveredBy: '', location: '' };
  index.add('1', { ...blank, name: 'Zorbulan Quill' });
  index.add('2', { ...blank, name: 'Bronze Quill' });
  index.remove('1');
  expect([...index.search('quill', { prefix: false }).keys()]).toEqual(['2']);
  expect(index.search('zorbulan', { prefix: true }).size).toBe(0);
  expect(index.nearWords('zorbulan', 1).size).toBe(0);
  expect(index.matchesAll('zorbulan quill')).toBe(false);
  expect(index.matchesAll('bronze quill')).toBe(true);
  expect(index.has('1')).toBe(false);
  // The same id again: found by its new words only.
  index.add('1', { ...blank, name: 'Iron Mask' });
  expect([...index.search('iron', { prefix: true }).keys()]).toEqual(['1']);
  expect(() => index.add('1', blank)).toThrow(/already indexed/);
});

test('thousands of removals are swept: slots are reused and the words left with no document go', () => {
  const index = new TextIndex<Field>({ fields: FIELDS, boost: BOOST, tokenize, processTerm });
  const blank = { name: '', shortDescription: '', context: '', discoveredBy: '', location: '' };
  for (let round = 0; round < 5; round += 1) {
    for (let i = 0; i < 2000; i += 1) index.add(`${round}-${i}`, { ...blank, name: `word${round}x${i} common` });
    for (let i = 0; i < 2000; i += 1) index.remove(`${round}-${i}`);
  }
  index.add('last', { ...blank, name: 'common' });
  expect([...index.search('common', { prefix: false }).keys()]).toEqual(['last']);
  expect(index.search('word0x1', { prefix: true }).size).toBe(0);
  expect(index.nearWords('word4x1999', 0).size).toBe(0);
  // Internals read only to see the sweep: slots stay within two rounds' worth, words within one.
  const internals = index as unknown as { ids: unknown[]; postings: Map<string, number[]> };
  expect(internals.ids.length).toBeLessThanOrEqual(4000);
  expect(internals.postings.size).toBeLessThanOrEqual(2002);
});
