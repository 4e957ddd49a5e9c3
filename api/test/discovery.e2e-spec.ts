// Exploring the collection: dates read and stored, year ranges, era order, any-word
// search with relevance, facets whose counts agree with the list, and suggestions. Each test scopes
// itself with a unique tag word so the shared database's other artifacts do not disturb it.
import type { Artifact, ArtifactFacets } from '@antiquarium/contracts';
import { artifactInput, createArtifact, createdArtifacts } from './support/artifacts';
import { createUser, uniqueTag, type TestUser } from './support/auth';
import { storedArtifact } from './support/db';
import { RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL } from './support/env';
import { api, expectApiError, expectStatus, newClientAddress, pageHeaders } from './support/http';

/**
 * The suite also runs with the catalog off (API_CATALOG=off: lists from the database, as past
 * CATALOG_MAX_ARTIFACTS). That path's documented differences (docs/decisions/0007): undated first in
 * era-asc, search reads names only, no suggestions.
 */
const databasePath = process.env['API_CATALOG'] === 'off';

let owner: TestUser;
beforeAll(async () => {
  owner = await createUser();
});

async function list(query: string): Promise<{ names: string[]; total: number; didYouMean: string | null }> {
  const response = await api<Artifact[]>(`/artifacts?${query}`);
  expectStatus(response, 200);
  return { names: response.body.map((artifact) => artifact.name), total: pageHeaders(response).total ?? -1, didYouMean: response.headers.get('x-did-you-mean') };
}

async function facets(query: string): Promise<ArtifactFacets> {
  const response = await api<ArtifactFacets>(`/artifacts/facets?${query}`);
  expectStatus(response, 200);
  return response.body;
}

/** Five artifacts of one tag, dated across the eras (one undated), of two types and two places. */
async function dated(tag: string) {
  const made = [
    { name: `Amarna Letter ${tag}`, createdAt: 'c. 1360-1332 BC', type: 'Writings', location: 'British Museum, London' },
    { name: `Legion Gladius ${tag}`, createdAt: 'AD 50-100', type: 'Weapons', location: 'British Museum, London' },
    { name: `Psalter Leaf ${tag}`, createdAt: 'mid-14th century', type: 'Writings', location: 'Musée du Louvre, Paris' },
    { name: `Hand Axe ${tag}`, createdAt: 'c. 1.8 million years ago', type: 'Weapons', location: 'Musée du Louvre, Paris' },
    { name: `Mystery Token ${tag}`, createdAt: 'Unknown', type: 'Writings', location: 'Private collection' },
  ] as const;
  for (const input of made) await createArtifact(owner, { ...input, shortDescription: `Tagged ${tag}.` });
}

test('the server reads the date on create and again on update; a client cannot send the range', async () => {
  const { id } = await createArtifact(owner, { createdAt: 'c. 1360-1332 BC' });
  const read = await api<Artifact>(`/artifacts/${id}`);
  expect(read.body.dating).toEqual({ start: -1380, end: -1312, precision: 'year', qualifier: 'circa' });
  expect(await storedArtifact(id)).toMatchObject({ yearStart: -1380, yearEnd: -1312 });
  expectStatus(await api(`/artifacts/${id}`, { method: 'PATCH', token: owner.token, body: { createdAt: 'early 7th century AD' } }), 200);
  expect((await api<Artifact>(`/artifacts/${id}`)).body.dating).toMatchObject({ start: 601, end: 633, precision: 'century' });
  expectStatus(await api(`/artifacts/${id}`, { method: 'PATCH', token: owner.token, body: { createdAt: 'Sometime long ago' } }), 200);
  expect((await api<Artifact>(`/artifacts/${id}`)).body.dating).toBeNull();
  // Server-owned: the range in a body is refused like any other unknown field.
  expectApiError(await api(`/artifacts/${id}`, { method: 'PATCH', token: owner.token, body: { yearStart: 5 } }), 400);
});

test('year ranges: overlapping [from, to] by default, inside it with within; undated never match', async () => {
  const tag = uniqueTag('yr');
  await dated(tag);
  expect((await list(`search=${tag}&from=-1400&to=-1300`)).names).toEqual([`Amarna Letter ${tag}`]);
  expect((await list(`search=${tag}&from=-1350&to=-1340`)).total).toBe(1);
  expect((await list(`search=${tag}&from=-1350&to=-1340&within=true`)).total).toBe(0);
  expect((await list(`search=${tag}&from=1&sort=name`)).names).toEqual([`Legion Gladius ${tag}`, `Psalter Leaf ${tag}`]);
  expect((await list(`search=${tag}&to=-1`)).total).toBe(2);
});

test('era order: by the start of the range, undated last both ways (first ascending on the database path)', async () => {
  const tag = uniqueTag('era');
  await dated(tag);
  const ascending = [`Hand Axe ${tag}`, `Amarna Letter ${tag}`, `Legion Gladius ${tag}`, `Psalter Leaf ${tag}`];
  expect((await list(`search=${tag}&sort=era-asc`)).names).toEqual(databasePath ? [`Mystery Token ${tag}`, ...ascending] : [...ascending, `Mystery Token ${tag}`]);
  expect((await list(`search=${tag}&sort=era-desc`)).names).toEqual([
    `Psalter Leaf ${tag}`,
    `Legion Gladius ${tag}`,
    `Amarna Letter ${tag}`,
    `Hand Axe ${tag}`,
    `Mystery Token ${tag}`,
  ]);
});

test('facets: counts agree with the list’s totals, and each facet ignores its own filter', async () => {
  const tag = uniqueTag('fc');
  await dated(tag);
  const base = `search=${tag}&type=Writings&from=-3000&to=1500`;
  const answer = await facets(base);
  expect(answer.total).toBe((await list(base)).total);
  expect(answer.total).toBe(2);
  // Types ignore `type`: Weapons still shows what picking it would give.
  for (const { value, count } of answer.types) expect(count).toBe((await list(`search=${tag}&from=-3000&to=1500&type=${value}`)).total);
  expect(answer.types.find((type) => type.value === 'Weapons')?.count).toBe(1);
  // Eras ignore the years: each era counts what choosing it would list.
  for (const era of answer.eras) expect(era.count).toBe((await list(`search=${tag}&type=Writings&from=${era.from}&to=${era.to}`)).total);
  for (const century of answer.centuries) {
    expect(century.count).toBe((await list(`search=${tag}&type=Writings&from=${century.from}&to=${century.from + 99}`)).total);
  }
  expect(answer.places).toEqual(expect.arrayContaining([{ value: 'United Kingdom', count: 1 }, { value: 'France', count: 1 }]));
  expect((await list(`search=${tag}&place=France`)).total).toBe(2);
  expect((await facets(`search=${tag}`)).places).toEqual(expect.arrayContaining([{ value: 'Unknown', count: 1 }]));
});

test('search: any word of any text, accents and case folded, words ANDed, relevance by default', async () => {
  const tag = uniqueTag('sr');
  await createArtifact(owner, { name: `Mästermyr Chest ${tag}`, shortDescription: 'A Viking tool chest.' });
  await createArtifact(owner, { name: `Plain Box ${tag}`, context: 'Found beside the mastermyr chest.', shortDescription: 'A plain box.' });
  // 'mastermyr' is in one's name and in the other's context (the database path reads names only).
  expect((await list(`search=MASTERMYR ${tag}`)).names).toEqual(databasePath ? [`Mästermyr Chest ${tag}`] : [`Mästermyr Chest ${tag}`, `Plain Box ${tag}`]);
  expect((await list(`search=box ${tag}`)).names).toEqual([`Plain Box ${tag}`]);
  if (databasePath) return;
  expect((await list(`search=viking ${tag}`)).names).toEqual([`Mästermyr Chest ${tag}`]);
  expect((await list(`search=viking plain ${tag}`)).total).toBe(0);
});

test('a search that finds nothing suggests the collection’s closest words, in a header and in facets', async () => {
  const tag = uniqueTag('dm');
  await createArtifact(owner, { name: `Obsidian Mirror ${tag}` });
  const missed = await list(`search=obsidain mirorr`);
  expect(missed.total).toBe(0);
  const expected = databasePath ? null : 'obsidian mirror';
  expect(missed.didYouMean).toBe(expected);
  expect((await facets('search=obsidain mirorr')).didYouMean).toBe(expected);
  expect((await list(`search=obsidian ${tag}`)).didYouMean).toBeNull();
  expect((await list('search=zzqqxxkkww')).didYouMean).toBeNull();
});

test('bad values of every new parameter are 400s that name it, never 500s', async () => {
  const cases: Array<[string, RegExp]> = [
    ['from=abc', /^from:/],
    ['from=0', /no year 0/],
    ['to=1.5', /^to:/],
    ['from=-99999999999', /^from:/],
    ['from=100&to=-100', /from must not be after to/],
    ['within=maybe', /^within:/],
    [`place=${'x'.repeat(61)}`, /^place:/],
    ['place=', /^place:/],
    ['from=1&from=2', /^from:/],
  ];
  expect(expectApiError(await api('/artifacts?sort=era'), 400).message).toMatch(/^sort:/);
  for (const [query, message] of cases) {
    for (const path of ['/artifacts', '/artifacts/facets']) {
      const body = expectApiError(await api(`${path}?${query}`), 400);
      expect(body.message).toMatch(message);
    }
  }
});

test('a write is in the next list at once (the catalog is refreshed before the write answers)', async () => {
  const tag = uniqueTag('rw');
  const { id } = await createArtifact(owner, { name: `Fresh Relic ${tag}` });
  expect((await list(`search=${tag}`)).names).toEqual([`Fresh Relic ${tag}`]);
  expectStatus(await api(`/artifacts/${id}`, { method: 'PATCH', token: owner.token, body: { name: `Renamed Relic ${tag}` } }), 200);
  expect((await list(`search=renamed ${tag}`)).total).toBe(1);
  expectStatus(await api(`/artifacts/${id}`, { method: 'DELETE', token: owner.token }), 200);
  expect((await list(`search=${tag}`)).total).toBe(0);
  expect((await facets(`search=${tag}`)).total).toBe(0);
});

test('two instances over one database and Redis: a write through one is in the other’s lists within a second', async () => {
  const tag = uniqueTag('mi');
  const member = await createUser();
  const client = { 'x-forwarded-for': newClientAddress() };
  const created = await api<{ insertedId: string }>(`${RATE_LIMITED_API_URL}/artifacts`, {
    method: 'POST',
    token: member.token,
    body: artifactInput({ name: `Twin Relic ${tag}` }),
    headers: client,
  });
  expectStatus(created, 201);
  createdArtifacts.push({ id: created.body.insertedId, owner: member });
  const started = Date.now();
  let seen = 0;
  while (Date.now() - started < 1000 && seen === 0) {
    seen = pageHeaders(await api(`${RATE_LIMITED_TWIN_URL}/artifacts?search=${tag}`, { headers: client })).total ?? 0;
    if (seen === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(seen).toBe(1);
});
