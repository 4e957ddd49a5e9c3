import { Types } from 'mongoose';
import { ARTIFACT_TYPES, CENTURY_FACET_FROM, CENTURY_FACET_TO, centuryStart, nameSortKey, readDate, type ArtifactType, type SortOption } from '@antiquarium/contracts';
import { DEMO_ARTIFACTS } from '../seed/demo-data';
import { CatalogIndex, centuryIndex, MAX_PLACES, type CatalogDoc, type CatalogFilter } from './catalog-index';
import { SortedOrders } from './catalog-orders';
import { TextIndex } from './text-index';
import { KNOWN_COUNTRIES, placeOf } from '../artifacts/places';

let clock = Date.UTC(2025, 0, 1);

function doc(overrides: Partial<CatalogDoc> & { createdAt?: string } = {}): CatalogDoc {
  const name = overrides.name ?? `Relic ${clock}`;
  const range = readDate(overrides.createdAt ?? 'Unknown');
  clock += 1000;
  return {
    _id: new Types.ObjectId(),
    name,
    type: 'Tools',
    shortDescription: 'A thing.',
    context: 'Somewhere.',
    discoveredBy: 'Someone',
    location: 'British Museum, London',
    adderUid: 'u1',
    likes: 0,
    addedAt: new Date(clock),
    nameLower: nameSortKey(name),
    yearStart: range?.start ?? null,
    yearEnd: range?.end ?? null,
    place: placeOf(overrides.location ?? 'British Museum, London'),
    ...overrides,
  };
}

function seeded(): CatalogIndex {
  const index = new CatalogIndex();
  for (const artifact of DEMO_ARTIFACTS) {
    index.upsert(doc({ ...artifact, nameLower: nameSortKey(artifact.name), yearStart: readDate(artifact.createdAt)?.start ?? null, yearEnd: readDate(artifact.createdAt)?.end ?? null, place: placeOf(artifact.location) }));
  }
  return index;
}

const names = (page: { items: CatalogDoc[] }) => page.items.map((item) => item.name);

test('any word of any text, accents and case folded, words ANDed', () => {
  const index = seeded();
  expect(names(index.list({ search: 'mastermyr' }, 'name', 1, 10))).toEqual(['Mästermyr Tool Chest']);
  expect(names(index.list({ search: 'ROSETTA' }, 'name', 1, 10))).toEqual(['Rosetta Stone']);
  expect(names(index.list({ search: 'hieroglyphic' }, 'name', 1, 100))).toContain('Rosetta Stone');
  expect(index.list({ search: 'rosetta hieroglyphic' }, 'name', 1, 10).total).toBe(1);
  expect(index.list({ search: 'rosetta zzzqqq' }, 'name', 1, 10).total).toBe(0);
});

test('relevance puts a name match before a mention in another text', () => {
  const index = new CatalogIndex();
  index.upsert(doc({ name: 'Plain Bowl', context: 'Found beside the Amber Necklace.' }));
  index.upsert(doc({ name: 'Amber Necklace' }));
  expect(names(index.list({ search: 'amber' }, 'relevance', 1, 10))).toEqual(['Amber Necklace', 'Plain Bowl']);
});

test('year ranges overlap [from, to], or lie inside it with within; undated artifacts never match', () => {
  const index = new CatalogIndex();
  index.upsert(doc({ name: 'Bronze', createdAt: 'c. 1360-1332 BC' })); // -1380..-1312
  index.upsert(doc({ name: 'Medieval', createdAt: 'mid-14th century' })); // 1334..1366
  index.upsert(doc({ name: 'Undated', createdAt: 'Unknown' }));
  expect(names(index.list({ from: -1400, to: -1350 }, 'name', 1, 10))).toEqual(['Bronze']);
  expect(names(index.list({ from: -1400, to: -1350, within: true }, 'name', 1, 10))).toEqual([]);
  expect(names(index.list({ from: 1000 }, 'name', 1, 10))).toEqual(['Medieval']);
  expect(names(index.list({ to: 1 }, 'name', 1, 10))).toEqual(['Bronze']);
});

test('era order: by the start of the range, undated last in both directions', () => {
  const index = new CatalogIndex();
  for (const createdAt of ['1500', 'Unknown', '196 BC', 'early 7th century AD']) index.upsert(doc({ name: createdAt, createdAt }));
  expect(names(index.list({}, 'era-asc', 1, 10))).toEqual(['196 BC', 'early 7th century AD', '1500', 'Unknown']);
  expect(names(index.list({}, 'era-desc', 1, 10))).toEqual(['1500', 'early 7th century AD', '196 BC', 'Unknown']);
});

test('facets: totals equal the list’s, and a facet ignores its own filter', () => {
  const index = seeded();
  const filter = { type: 'Writings' as ArtifactType, from: -3000, to: 500 };
  const facets = index.facets(filter);
  expect(facets.total).toBe(index.list(filter, 'name', 1, 1).total);
  // The types facet counts every type within the years; picking Writings does not zero the others.
  for (const { value, count } of facets.types) expect(count).toBe(index.list({ ...filter, type: value as ArtifactType }, 'name', 1, 1).total);
  // The eras count within the type, whatever years are chosen.
  for (const era of facets.eras) expect(era.count).toBe(index.list({ type: 'Writings', from: era.from, to: era.to }, 'name', 1, 1).total);
  for (const century of facets.centuries) {
    expect(century.count).toBe(index.list({ type: 'Writings', from: century.from, to: century.from + 99 }, 'name', 1, 1).total);
  }
  for (const place of facets.places) expect(place.count).toBe(index.list({ ...filter, place: place.value }, 'name', 1, 1).total);
});

test('a misspelt search that finds nothing gets the closest words; nothing close, no suggestion', () => {
  const index = seeded();
  const missed = index.list({ search: 'roseta stnoe' }, 'relevance', 1, 10);
  expect(missed.total).toBe(0);
  expect(missed.didYouMean).toBe('rosetta stone');
  expect(index.facets({ search: 'roseta stnoe' }).didYouMean).toBe('rosetta stone');
  expect(index.list({ search: 'qqxqqxzz' }, 'relevance', 1, 10).didYouMean).toBeNull();
  expect(index.list({ search: 'rosetta' }, 'relevance', 1, 10).didYouMean).toBeNull();
});

test('changes show at once: an update moves an artifact, a removal takes it out of lists and counts', () => {
  const index = new CatalogIndex();
  const item = doc({ name: 'Copper Axe', createdAt: '3rd century BC' });
  index.upsert(item);
  index.upsert({ ...item, name: 'Iron Axe', nameLower: 'iron axe' });
  expect(index.list({ search: 'copper' }, 'name', 1, 10).total).toBe(0);
  expect(names(index.list({ search: 'iron' }, 'name', 1, 10))).toEqual(['Iron Axe']);
  index.remove(item._id.toHexString());
  expect(index.list({}, 'name', 1, 10).total).toBe(0);
  expect(index.facets({}).total).toBe(0);
});

test('punctuation-only searches are literal text, never patterns', () => {
  const index = new CatalogIndex();
  index.upsert(doc({ name: 'Bowl (restored)' }));
  index.upsert(doc({ name: 'Jar' }));
  expect(names(index.list({ search: '(' }, 'name', 1, 10))).toEqual(['Bowl (restored)']);
  expect(index.list({ search: '.*' }, 'name', 1, 10).total).toBe(0);
});

test('a repeated search answers from its kept scores until the collection changes, then sees the change', () => {
  const index = seeded();
  expect(index.list({ search: 'zorbulan quill' }, 'relevance', 1, 10).total).toBe(0);
  const added = doc({ name: 'Brass Zorbulan', shortDescription: 'Engraved with a quill.' });
  index.upsert(added);
  expect(names(index.list({ search: 'zorbulan quill' }, 'relevance', 1, 10))).toEqual(['Brass Zorbulan']);
  index.upsert({ ...added, shortDescription: 'Engraved.' });
  expect(index.list({ search: 'zorbulan quill' }, 'relevance', 1, 10).total).toBe(0);
  expect(index.facets({ search: 'zorbulan' }).total).toBe(1);
  index.remove(added._id.toHexString());
  expect(index.facets({ search: 'zorbulan' }).total).toBe(0);
});

test('kept searches are bounded by the scores they hold: broad ones are scored again rather than all kept', () => {
  const build = (scores: number) => {
    const index = new CatalogIndex({ scores });
    for (let i = 0; i < 40; i += 1) index.upsert(doc({ name: `Bronze Zorbulan ${i}`, shortDescription: 'A cast vessel.' }));
    return index;
  };
  const searched = jest.spyOn(TextIndex.prototype, 'search');
  const askBoth = (index: CatalogIndex) => {
    // The last in another order: not the kept list, but the kept scores if there are any.
    for (const [search, sort] of [['bronze', 'relevance'], ['zorbulan', 'relevance'], ['bronze', 'name']] as const) expect(index.list({ search }, sort, 1, 5).total).toBe(40);
  };
  // Room for both searches' 40 scores each: 'bronze' is answered from its kept scores the second time.
  askBoth(build(80));
  expect(searched).toHaveBeenCalledTimes(2);
  searched.mockClear();
  // Room for one: 'zorbulan' pushed 'bronze' out, which is scored again.
  askBoth(build(79));
  expect(searched).toHaveBeenCalledTimes(3);
  searched.mockRestore();
});

test('get returns the kept document of an id, and nothing once it is removed', () => {
  const index = seeded();
  const kept = doc({ name: 'Bone Flute' });
  index.upsert(kept);
  expect(index.get(kept._id.toHexString())?.name).toBe('Bone Flute');
  index.remove(kept._id.toHexString());
  expect(index.get(kept._id.toHexString())).toBeUndefined();
});

test('a century is found by arithmetic at its place among the counted centuries, across the missing year 0', () => {
  const starts: number[] = [];
  for (let year = CENTURY_FACET_FROM; year <= CENTURY_FACET_TO; year += 1) {
    if (year === 0) continue;
    const start = centuryStart(year);
    if (starts.at(-1) !== start) starts.push(start);
  }
  starts.forEach((start, position) => expect([start, centuryIndex(start)]).toEqual([start, position]));
  expect(centuryIndex(-100)).toBe(centuryIndex(1) - 1);
});

test('facets of the same filters are counted again after a change, and a caller cannot alter the kept counts', () => {
  const index = seeded();
  const first = index.facets({ type: 'Tools' });
  first.types.length = 0;
  expect(index.facets({ type: 'Tools' }).types.length).toBeGreaterThan(0);
  index.upsert(doc({ name: 'Counted Adze', type: 'Tools' }));
  expect(index.facets({ type: 'Tools' }).total).toBe(first.total + 1);
});

test('facets with within count only the artifacts inside the years, and with adderUid only that member’s: as the list does', () => {
  const index = new CatalogIndex();
  const inside = doc({ createdAt: '1510', type: 'Tools' });
  const straddling = doc({ createdAt: '1450-1550', type: 'Weapons' });
  const othersInside = doc({ createdAt: '1520', type: 'Writings', adderUid: 'u2', location: 'Musée du Louvre, Paris' });
  for (const entry of [inside, straddling, othersInside]) index.upsert(entry);
  const overlapping = index.facets({ from: 1500, to: 1599 });
  expect(overlapping.total).toBe(3);
  const within = { from: 1500, to: 1599, within: true };
  const inYears = index.facets(within);
  // The straddling one overlaps the years but is not within them: not counted, in no facet.
  expect(inYears.total).toBe(2);
  expect(inYears.total).toBe(index.list(within, 'name', 1, 1).total);
  expect(inYears.types.find((type) => type.value === 'Weapons')?.count).toBe(0);
  for (const { value, count } of inYears.types) expect(count).toBe(index.list({ ...within, type: value as ArtifactType }, 'name', 1, 1).total);
  for (const { value, count } of inYears.places) expect(count).toBe(index.list({ ...within, place: value }, 'name', 1, 1).total);
  expect(inYears.places).toEqual([
    { value: 'France', count: 1 },
    { value: 'United Kingdom', count: 1 },
  ]);

  const mine = index.facets({ adderUid: 'u1' });
  expect(mine.total).toBe(2);
  expect(mine.total).toBe(index.list({ adderUid: 'u1' }, 'name', 1, 1).total);
  expect(mine.types.find((type) => type.value === 'Writings')?.count).toBe(0);
  expect(mine.places).toEqual([{ value: 'United Kingdom', count: 2 }]);
  expect(index.facets({ adderUid: 'u2', within: true, from: 1500, to: 1599 }).total).toBe(1);
});

test(`the places facet names the ${MAX_PLACES} most frequent places (ties by name), no more`, () => {
  const index = new CatalogIndex();
  const places = KNOWN_COUNTRIES.slice(0, MAX_PLACES + 5);
  expect(places).toHaveLength(MAX_PLACES + 5);
  // The first place has the most artifacts, the last five one each (as the five before them).
  for (const [position, place] of places.entries()) {
    const copies = position === 0 ? 3 : position < 10 ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) index.upsert(doc({ place }));
  }
  const facets = index.facets({});
  expect(facets.total).toBe(places.length + 2 + 9);
  expect(facets.places).toHaveLength(MAX_PLACES);
  expect(facets.places[0]).toEqual({ value: places[0], count: 3 });
  const singles = places.slice(10).sort();
  expect(facets.places.map((place) => place.value)).toEqual([places[0], ...places.slice(1, 10).sort(), ...singles.slice(0, MAX_PLACES - 10)]);
});

/** A seeded generator (mulberry32): the same steps on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const SORTS: SortOption[] = ['relevance', 'name', 'latest', 'oldest', 'likes', 'era-asc', 'era-desc'];
/** Listed in every order: as many lists as the index keeps (LISTS_KEPT), so they stay kept between changes. */
const LISTED: CatalogFilter[] = [{}, { type: 'Tools', adderUid: 'u2' }, { from: -500, to: 1000, place: 'France' }, { search: 'bronze', from: -1000 }];
const COUNTED: CatalogFilter[] = [...LISTED, { from: 1, to: 1500, within: true }, { search: 'ja' }, { search: 'iron mask', type: 'Weapons' }, { search: '(' }];

/**
 * Every answer the index gives: lists in every order (whole and one page) and facets. Relevance
 * lists too: the text index's word statistics after changes are a fresh build's, to the bit.
 */
function answers(index: CatalogIndex): unknown[] {
  const ids = (items: CatalogDoc[]) => items.map((item) => `${item._id.toHexString()} ${item.name} ${item.likes}`);
  const lists = LISTED.flatMap((filter) =>
    SORTS.flatMap((sort) => {
      const whole = index.list(filter, sort, 1, 1000);
      const page = index.list(filter, sort, 2, 3);
      return [{ ...whole, items: ids(whole.items) }, { ...page, items: ids(page.items) }];
    }),
  );
  return [...lists, ...COUNTED.map((filter) => index.facets(filter))];
}

test('after any sequence of changes, every list, page and count equals a freshly built index’s', () => {
  const next = random(47);
  const pick = <V>(values: readonly V[]) => values[Math.floor(next() * values.length)] as V;
  const words = ['Bronze', 'Iron', 'Jade', 'Mask', 'Coin', 'Lamp', 'Jar'];
  const dates = ['Unknown', '196 BC', 'c. 1360-1332 BC', 'mid-14th century', '1510', '1450-1550', 'early 7th century AD'];
  const locations = ['British Museum, London', 'Musée du Louvre, Paris', 'Egyptian Museum, Cairo'];
  const named = (name: string) => ({ name: next() < 0.2 ? `${name} (` : name, nameLower: nameSortKey(name) });
  const dated = (createdAt: string) => ({ yearStart: readDate(createdAt)?.start ?? null, yearEnd: readDate(createdAt)?.end ?? null });
  const located = (location: string) => ({ location, place: placeOf(location) });
  const fresh = () =>
    doc({
      ...named(`${pick(words)} ${pick(words)}`),
      ...dated(pick(dates)),
      ...located(pick(locations)),
      type: pick(ARTIFACT_TYPES),
      adderUid: pick(['u1', 'u2']),
      likes: Math.floor(next() * 4),
      addedAt: new Date(Date.UTC(2025, 0, 1 + Math.floor(next() * 5))),
    });
  const current = new Map<string, CatalogDoc>();
  const index = new CatalogIndex();
  for (let step = 0; step < 300; step += 1) {
    const ids = [...current.keys()];
    const chosen = current.get(pick(ids));
    const roll = next();
    let changed: CatalogDoc | null;
    if (!chosen || roll < 0.2) changed = fresh();
    else if (roll < 0.3) changed = null;
    else if (roll < 0.6) changed = { ...chosen, likes: (chosen.likes ?? 0) + (next() < 0.8 ? 1 : -1) };
    else if (roll < 0.75) changed = { ...chosen, ...named(`${pick(words)} ${pick(words)}`) };
    else if (roll < 0.85) changed = { ...chosen, type: pick(ARTIFACT_TYPES) };
    else if (roll < 0.95) changed = { ...chosen, ...dated(pick(dates)) };
    else changed = { ...chosen, ...located(pick(locations)), adderUid: pick(['u1', 'u2']) };
    if (changed) {
      current.set(changed._id.toHexString(), changed);
      index.upsert(changed);
    } else if (chosen) {
      current.delete(chosen._id.toHexString());
      index.remove(chosen._id.toHexString());
    }
    const rebuilt = new CatalogIndex();
    for (const kept of current.values()) rebuilt.upsert(kept);
    expect([step, answers(index)]).toEqual([step, answers(rebuilt)]);
  }
});

test('a like keeps the kept searches, facets and lists, moving it in those sorted by likes; a rename scores it again', () => {
  const index = seeded();
  const searched = jest.spyOn(TextIndex.prototype, 'search');
  const sorted = jest.spyOn(SortedOrders.prototype, 'get');
  // Private: counted here only to see that kept counts are not counted again.
  const counted = jest.spyOn(CatalogIndex.prototype as unknown as { countFacets: () => unknown }, 'countFacets');
  const filter = { search: 'stone' };
  const first = index.list(filter, 'relevance', 1, 10);
  expect(first.total).toBeGreaterThan(1);
  const byName = names(index.list({ type: 'Others' }, 'name', 1, 10));
  const facets = index.facets(filter);
  index.list({}, 'likes', 1, 3);
  const calls = () => [searched.mock.calls.length, sorted.mock.calls.length, counted.mock.calls.length];
  const before = calls();
  const liked = first.items[1] as CatalogDoc;
  index.upsert({ ...liked, likes: 1000 });

  const again = index.list(filter, 'relevance', 1, 10);
  expect(names(again)).toEqual(names(first));
  // The kept list holds the same entry, which now shows the new document.
  expect(again.items[1]?.likes).toBe(1000);
  expect(names(index.list({ type: 'Others' }, 'name', 1, 10))).toEqual(byName);
  expect(index.facets(filter)).toEqual(facets);
  expect(calls()).toEqual(before);
  // Sorted by likes: the kept list, with the liked artifact moved to the top.
  expect(index.list({}, 'likes', 1, 3).items[0]?.name).toBe(liked.name);
  expect(calls()).toEqual(before);

  index.upsert({ ...liked, likes: 1000, name: `${liked.name} Renamed`, nameLower: `${liked.nameLower} renamed` });
  expect(names(index.list(filter, 'relevance', 1, 10))).toContain(`${liked.name} Renamed`);
  expect(searched.mock.calls.length).toBeGreaterThan(before[0] as number);
  for (const spy of [searched, sorted, counted]) spy.mockRestore();
});

test('a write updates the kept scores, counts and lists rather than working them out again; a search is scored again after writes of a share of the collection', () => {
  const index = new CatalogIndex({ rescoreAfter: 0.05 });
  const current = new Map<string, CatalogDoc>();
  const put = (kept: CatalogDoc) => {
    current.set(kept._id.toHexString(), kept);
    index.upsert(kept);
  };
  const metals = ['Bronze', 'Iron', 'Copper'];
  for (let i = 0; i < 200; i += 1) {
    put(doc({ name: `${metals[i % 3]} Lamp ${i}`, type: i % 2 ? 'Tools' : 'Weapons', likes: i % 7, createdAt: i % 5 ? `${100 + i} BC` : 'Unknown' }));
  }
  const FILTERS: CatalogFilter[] = [{ search: 'bronze' }, { search: 'bronze lam', type: 'Tools' }, { type: 'Weapons', from: -250, to: 0 }, {}];
  const ids = (page: { items: CatalogDoc[] }) => page.items.map((item) => `${item._id.toHexString()} ${item.name} ${item.likes}`);
  const ask = (catalog: CatalogIndex) => [
    ...FILTERS.flatMap((filter) => [ids(catalog.list(filter, 'name', 1, 500)), ids(catalog.list(filter, 'likes', 1, 500)), ids(catalog.list(filter, 'era-asc', 1, 500)), catalog.facets(filter)]),
    // In relevance order the kept scores of the artifacts not written lag the statistics: the same artifacts.
    ids(catalog.list({ search: 'bronze' }, 'relevance', 1, 500)).sort(),
  ];
  const fresh = () => {
    const rebuilt = new CatalogIndex();
    for (const kept of current.values()) rebuilt.upsert(kept);
    return rebuilt;
  };
  ask(index);
  const searched = jest.spyOn(TextIndex.prototype, 'search');
  const sorted = jest.spyOn(SortedOrders.prototype, 'get');
  const counted = jest.spyOn(CatalogIndex.prototype as unknown as { countFacets: () => unknown }, 'countFacets');
  const pick = (n: number) => [...current.values()][n] as CatalogDoc;
  const writes: (() => void)[] = [
    () => put(doc({ name: 'Bronze Lamp new', type: 'Tools', createdAt: '120 BC' })),
    () => put(doc({ name: 'Jade Mask new', type: 'Weapons', createdAt: '50 BC' })),
    () => put({ ...pick(0), name: 'Iron Lamp renamed', nameLower: 'iron lamp renamed' }),
    () => put({ ...pick(3), likes: 99 }),
    () => put({ ...pick(6), type: 'Tools' }),
    () => put({ ...pick(9), yearStart: null, yearEnd: null }),
    () => {
      index.remove(pick(12)._id.toHexString());
      current.delete(pick(12)._id.toHexString());
    },
  ];
  for (const write of writes) {
    write();
    const calls = [searched.mock.calls.length, sorted.mock.calls.length, counted.mock.calls.length];
    const answers = ask(index);
    // Nothing scored, sorted or counted again by the index written to.
    expect([searched.mock.calls.length, sorted.mock.calls.length, counted.mock.calls.length]).toEqual(calls);
    expect(calls).toEqual([0, 0, 0]);
    expect(answers).toEqual(ask(fresh()));
    searched.mockClear();
    sorted.mockClear();
    counted.mockClear();
  }
  // Four writes of the texts so far; more than a twentieth of the collection (10) makes the next
  // list score the kept searches again.
  for (let i = 0; i < 7; i += 1) put({ ...pick(20 + i), shortDescription: `Written ${i}.` });
  const before = searched.mock.calls.length;
  ask(index);
  expect(searched.mock.calls.length).toBeGreaterThan(before);
  for (const spy of [searched, sorted, counted]) spy.mockRestore();
});
