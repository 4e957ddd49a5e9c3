// GET /artifacts and GET /artifacts/:id. The database may hold other data (the seed): expectations
// are computed over the artifacts made here, found by a unique tag word in their names.
import { ARTIFACT_TYPES, MAX_SEARCH_LENGTH, type Artifact, type ArtifactType } from '@antiquarium/contracts';
import { createArtifact, INTERNAL_FIELDS, missingId, toggleLike } from './support/artifacts';
import { createUser, uniqueTag, type TestUser } from './support/auth';
import { api, expectApiError, expectStatus, nextLink, pageHeaders, type ApiResponse } from './support/http';

const tag = uniqueTag('rd');
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

interface Made {
  id: string;
  name: string;
  type: ArtifactType;
  owner: TestUser;
}
const made: Made[] = [];
const byWord = (word: string): Made => {
  const found = made.find((item) => item.name.split(' ')[1] === word);
  if (!found) throw new Error(`no artifact named ${word}`);
  return found;
};
const ids = (items: readonly { _id: string }[]) => items.map((item) => item._id);

// Names chosen so that name order is the same with or without accent folding, and so that no plain
// name has words that a regex-looking query's letters could start ('[a-z]+' -> "a" and "z").
const SPECS: { word: string; rest: string; type: ArtifactType; by: 'alice' | 'bob' }[] = [
  { word: 'apple', rest: 'press', type: 'Tools', by: 'alice' },
  { word: 'Banana', rest: 'knife', type: 'Weapons', by: 'alice' },
  { word: 'cherry', rest: 'scroll', type: 'Documents', by: 'alice' },
  { word: 'Delta', rest: 'tablet', type: 'Writings', by: 'alice' },
  { word: 'eagle', rest: 'brooch', type: 'Others', by: 'alice' },
  { word: 'Fibula', rest: 'Épée', type: 'Weapons', by: 'alice' },
  { word: 'Rosetta', rest: 'Stele fragment', type: 'Documents', by: 'alice' },
  { word: 'Goblet', rest: '(gilded) .* \\ end', type: 'Others', by: 'alice' },
  { word: 'Hammer', rest: 'stone', type: 'Tools', by: 'bob' },
];
const PLAIN_WORDS = SPECS.filter((spec) => spec.word !== 'Goblet').map((spec) => spec.word);

beforeAll(async () => {
  [alice, bob, carol] = [await createUser(), await createUser(), await createUser()];
  for (const spec of SPECS) {
    const owner = spec.by === 'alice' ? alice : bob;
    const name = `${tag} ${spec.word} ${spec.rest}`;
    const { id } = await createArtifact(owner, { name, type: spec.type });
    made.push({ id, name, type: spec.type, owner });
  }
  await toggleLike(bob, byWord('cherry').id);
  await toggleLike(bob, byWord('Rosetta').id);
  await toggleLike(carol, byWord('Rosetta').id);
});

// The page checks need more rows than this file makes: the collection is filled up to FILLED_TO
// (with names of another tag, so that the tagged searches below do not see them), so that the
// default page of 24 is full and has a next page, and two pages of PAGE are full.
const FILLED_TO = 30;
const PAGE = 12;
beforeAll(async () => {
  const total = pageHeaders(await list('')).total ?? 0;
  const filler = await createUser();
  const fill = uniqueTag('fill');
  for (let index = total; index < FILLED_TO; index += 1) await createArtifact(filler, { name: `${fill} row ${String(index).padStart(2, '0')}` });
});

const list = (query: string, token?: string) => api<Artifact[]>(`/artifacts${query}`, { token });
const tagged = (extra = '', token?: string) => list(`?search=${encodeURIComponent(tag)}&limit=100${extra}`, token);

function expectArray(response: ApiResponse<Artifact[]>): Artifact[] {
  expectStatus(response, 200);
  expect(Array.isArray(response.body)).toBe(true);
  return response.body;
}

describe('GET /artifacts: page bounds', () => {
  test('the default page is bounded and says how many there are', async () => {
    const response = await list('');
    const items = expectArray(response);
    const headers = pageHeaders(response);
    expect(items.length).toBeLessThanOrEqual(24);
    expect(items.length).toBeGreaterThan(0);
    expect(headers.total).toBeGreaterThanOrEqual(Math.max(items.length, made.length));
    expect(headers.page).toBe(1);
    expect(headers.pageSize).toBe(24);
    expect(headers.total).toBeGreaterThanOrEqual(FILLED_TO);
    expect(items).toHaveLength(24);
    expect(headers.nextPage).toBe(2);
  });

  test.each(['0', '101', '-1', 'abc', '1.5', '%20'])('limit=%s answers 400', async (limit) => {
    const body = expectApiError(await list(`?limit=${limit}`), 400);
    expect(body.message).toMatch(/limit/i);
  });

  test('limit=100 and limit=1 are accepted and respected', async () => {
    const hundred = await list('?limit=100');
    expect(expectArray(hundred).length).toBeLessThanOrEqual(100);
    expect(pageHeaders(hundred).pageSize).toBe(100);
    const one = await list('?limit=1');
    expect(expectArray(one)).toHaveLength(1);
    expect(pageHeaders(one).nextPage).toBe(2);
  });

  test.each(['0', '-1', 'abc', '2.5'])('page=%s answers 400', async (page) => {
    expectApiError(await list(`?page=${page}`), 400);
  });

  test('pages follow each other without overlap, with X-Next-Page and Link until the last page', async () => {
    const seen: string[] = [];
    let url: string | undefined = `/artifacts?search=${encodeURIComponent(tag)}&sort=name&limit=4`;
    const expectedPages = Math.ceil(made.length / 4);
    for (let page = 1; page <= expectedPages; page += 1) {
      expect(url).toBeDefined();
      const response: ApiResponse<Artifact[]> = await api<Artifact[]>(url as string);
      const items = expectArray(response);
      const headers = pageHeaders(response);
      expect(headers.total).toBe(made.length);
      expect(headers.page).toBe(page);
      expect(headers.pageSize).toBe(4);
      expect(items).toHaveLength(page < expectedPages ? 4 : made.length - 4 * (expectedPages - 1));
      seen.push(...ids(items));
      if (page < expectedPages) {
        expect(headers.nextPage).toBe(page + 1);
        expect(headers.link).toMatch(/rel="?next"?/);
        // The Link must lead to the same answer as asking for the next page by number.
        const byNumber = await api<Artifact[]>(`/artifacts?search=${encodeURIComponent(tag)}&sort=name&limit=4&page=${page + 1}`);
        url = nextLink(headers.link);
        const viaLink = await api<Artifact[]>(url as string);
        expect(ids(expectArray(viaLink))).toEqual(ids(expectArray(byNumber)));
      } else {
        expect(headers.nextPage).toBeUndefined();
        expect(headers.link).toBeUndefined();
        url = undefined;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(made.map((item) => item.id).sort());
  });

  test('a page beyond the end is an empty array without a next page', async () => {
    const response = await list(`?search=${encodeURIComponent(tag)}&limit=4&page=99`);
    expect(expectArray(response)).toEqual([]);
    const headers = pageHeaders(response);
    expect(headers.total).toBe(made.length);
    expect(headers.nextPage).toBeUndefined();
    expect(headers.link).toBeUndefined();
  });
});

describe('GET /artifacts: type filter', () => {
  test.each([...ARTIFACT_TYPES])('type=%s lists only that type', async (type) => {
    const items = expectArray(await tagged(`&type=${type}`));
    expect(ids(items).sort()).toEqual(made.filter((item) => item.type === type).map((item) => item.id).sort());
    const all = expectArray(await list(`?type=${type}&limit=100`));
    expect(all.every((item) => item.type === type)).toBe(true);
  });

  test.each(['tools', 'Jewelry', 'Tools,Weapons'])('type=%s answers 400', async (type) => {
    const body = expectApiError(await list(`?type=${encodeURIComponent(type)}`), 400);
    expect(body.message).toMatch(/type/i);
  });
});

describe('GET /artifacts: sort orders', () => {
  const lower = (text: string) => text.toLowerCase();
  const createdOrder = () => made.map((item) => item.id);

  test('name is A-Z, case-insensitive, and the default without a search', async () => {
    const expected = [...made].sort((a, b) => (lower(a.name) < lower(b.name) ? -1 : 1)).map((item) => item.id);
    expect(ids(expectArray(await tagged('&sort=name')))).toEqual(expected);
    expect(ids(expectArray(await list('?limit=30')))).toEqual(ids(expectArray(await list('?sort=name&limit=30'))));
  });

  test('name order folds accents as a person reads: Mask, Mästermyr, Mold', async () => {
    const foldTag = uniqueTag('fold');
    const names = ['Mold Gold Cape', 'Mästermyr Tool Chest', 'mask of Agamemnon'].map((name) => `${foldTag} ${name}`);
    const adder = await createUser();
    for (const name of names) await createArtifact(adder, { name });
    const listed = expectArray(await list(`?search=${encodeURIComponent(foldTag)}&sort=name&limit=10`));
    expect(listed.map((item) => item.name)).toEqual([names[2], names[1], names[0]]);
  });

  test('latest is newest added first, oldest the reverse', async () => {
    const latest = expectArray(await tagged('&sort=latest'));
    expect(ids(latest)).toEqual([...createdOrder()].reverse());
    const oldest = expectArray(await tagged('&sort=oldest'));
    expect(ids(oldest)).toEqual(createdOrder());
    const times = oldest.map((item) => Date.parse(item.addedAt));
    expect(times.every((time, i) => Number.isFinite(time) && (i === 0 || time >= (times[i - 1] as number)))).toBe(true);
  });

  test('likes is most liked first', async () => {
    const items = expectArray(await tagged('&sort=likes'));
    expect(items.map((item) => item.likes)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ids(items).slice(0, 2)).toEqual([byWord('Rosetta').id, byWord('cherry').id]);
  });

  test('sort=random answers 400; repeated parameters answer 400', async () => {
    expectApiError(await list('?sort=random'), 400);
    for (const query of ['type=Tools&type=Weapons', 'sort=name&sort=likes', 'limit=2&limit=3', 'page=1&page=2', 'search=a&search=b']) {
      expectApiError(await list(`?${query}`), 400);
    }
  });

  describe.each([
    ['name', (a: Artifact, b: Artifact) => lower(a.name) <= lower(b.name)],
    ['latest', (a: Artifact, b: Artifact) => Date.parse(a.addedAt) >= Date.parse(b.addedAt)],
    ['oldest', (a: Artifact, b: Artifact) => Date.parse(a.addedAt) <= Date.parse(b.addedAt)],
    ['likes', (a: Artifact, b: Artifact) => a.likes >= b.likes],
  ] as const)('over the whole collection, sort=%s', (sort, inOrder) => {
    test('is in order across the first two pages', async () => {
      const first = expectArray(await list(`?sort=${sort}&limit=${PAGE}`));
      const second = expectArray(await list(`?sort=${sort}&limit=${PAGE}&page=2`));
      // Both pages full (FILLED_TO rows at least): the boundary between them is checked.
      expect([first.length, second.length]).toEqual([PAGE, PAGE]);
      // Names with non-ASCII letters are left out: where they sort is not part of the contract.
      const items = [...first, ...second].filter((item) => sort !== 'name' || /^[\x20-\x7e]*$/.test(item.name));
      const outOfOrder = items.slice(1).filter((item, i) => !inOrder(items[i] as Artifact, item));
      expect(outOfOrder.map((item) => item.name)).toEqual([]);
      const seen = ids([...first, ...second]);
      expect(new Set(seen).size).toBe(seen.length);
    });
  });
});

describe('GET /artifacts: search', () => {
  const search = (text: string, extra = '') => list(`?search=${encodeURIComponent(text)}&limit=100${extra}`);

  test('matches the start of words, case-insensitively', async () => {
    const rosetta = byWord('Rosetta').id;
    expect(ids(expectArray(await search(`${tag} rose`)))).toEqual([rosetta]);
    expect(ids(expectArray(await search(`${tag.toUpperCase()} ROSE`)))).toEqual([rosetta]);
    expect(ids(expectArray(await search(`${tag} stele rosetta`)))).toEqual([rosetta]);
    expect(ids(expectArray(await search(`${tag} fragm`)))).toEqual([rosetta]);
    expect(expectArray(await search(`${tag} setta`))).toEqual([]);
    expect(expectArray(await search(`${tag} rosettas`))).toEqual([]);
  });

  test('ignores accents', async () => {
    const fibula = byWord('Fibula').id;
    expect(ids(expectArray(await search(`${tag} epee`)))).toEqual([fibula]);
    expect(ids(expectArray(await search(`${tag} ÉPÉE`)))).toEqual([fibula]);
  });

  test('the tag alone finds every artifact made here, and the total says so', async () => {
    const response = await search(tag);
    expect(ids(expectArray(response)).sort()).toEqual(made.map((item) => item.id).sort());
    expect(pageHeaders(response).total).toBe(made.length);
  });

  test('punctuation in a query is text, not a pattern', async () => {
    const goblet = byWord('Goblet').id;
    expect(ids(expectArray(await search(`${tag} (gilded)`)))).toEqual([goblet]);
    expect(ids(expectArray(await search(`${tag} gil.*`)))).toEqual([goblet]);
    expect(ids(expectArray(await search(`${tag} g.*`)))).toEqual([goblet]);
  });

  test.each(['.*', '(', ')', '[a-z]+', '\\', '.', '*', '+', '?', '|', '^', '$', '$where', '$ne', '{}', '[', '(?i)', 'a|b|c|d|e'])(
    'search=%s never errors and never matches everything',
    async (text) => {
      const everything = pageHeaders(await list('')).total ?? 0;
      const response = await search(text);
      const items = expectArray(response);
      const plain = new Set(made.filter((item) => PLAIN_WORDS.includes(item.name.split(' ')[1] ?? '')).map((item) => item.id));
      expect(ids(items).filter((id) => plain.has(id))).toEqual([]);
      expect(pageHeaders(response).total).toBeLessThan(everything);
    },
  );

  test(`a search of ${MAX_SEARCH_LENGTH} characters is accepted, one longer answers 400`, async () => {
    expectStatus(await search('a'.repeat(MAX_SEARCH_LENGTH)), 200);
    const body = expectApiError(await search('a'.repeat(MAX_SEARCH_LENGTH + 1)), 400);
    expect(body.message).toMatch(/search/i);
  });
});

describe('GET /artifacts: what a list reveals', () => {
  function expectNoInternals(items: readonly Artifact[]) {
    for (const item of items) {
      for (const field of INTERNAL_FIELDS) expect(item).not.toHaveProperty(field);
    }
  }

  test('a visitor sees no email and no internal field', async () => {
    const response = await tagged();
    const items = expectArray(response);
    expect(items.filter((item) => 'adderEmail' in item)).toEqual([]);
    expectNoInternals(items);
    expect(response.text).not.toContain(alice.email);
    expect(response.text).not.toContain(bob.email);
    const everything = await list('?limit=100');
    expect(expectArray(everything).filter((item) => 'adderEmail' in item)).toEqual([]);
    expectNoInternals(everything.body);
  });

  test("a signed-in user never sees another user's email", async () => {
    const asCarol = await tagged('', carol.token);
    expect(expectArray(asCarol).filter((item) => 'adderEmail' in item)).toEqual([]);
    expect(asCarol.text).not.toContain(alice.email);
    const asBob = await tagged('', bob.token);
    expect(asBob.text).not.toContain(alice.email);
    for (const item of expectArray(asBob)) {
      const mine = made.find((entry) => entry.id === item._id)?.owner === bob;
      if (!mine) expect(item).not.toHaveProperty('adderEmail');
      else if ('adderEmail' in item) expect(item.adderEmail).toBe(bob.email);
    }
    expectNoInternals(asBob.body);
  });

  test('every artifact has the public shape', async () => {
    for (const item of expectArray(await tagged())) {
      expect(item).toEqual(
        expect.objectContaining({
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: expect.any(String),
          image: expect.any(String),
          type: expect.stringMatching(new RegExp(`^(${ARTIFACT_TYPES.join('|')})$`)),
          context: expect.any(String),
          shortDescription: expect.any(String),
          createdAt: expect.any(String),
          discoveredAt: expect.any(String),
          discoveredBy: expect.any(String),
          location: expect.any(String),
          adderName: expect.any(String),
          likes: expect.any(Number),
          addedAt: expect.any(String),
        }),
      );
      expect(new Date(item.addedAt).toISOString()).toBe(item.addedAt);
    }
  });
});

describe('GET /artifacts?email=', () => {
  test("with the caller's own email: exactly their artifacts, with their email", async () => {
    const response = await list(`?email=${encodeURIComponent(alice.email)}&limit=100`, alice.token);
    const items = expectArray(response);
    const mine = made.filter((item) => item.owner === alice).map((item) => item.id);
    expect(ids(items).sort()).toEqual([...mine].sort());
    expect(pageHeaders(response).total).toBe(mine.length);
    expect(items.every((item) => item.adderEmail === alice.email)).toBe(true);
  });

  test('combines with the type filter', async () => {
    const items = expectArray(await list(`?email=${encodeURIComponent(alice.email)}&type=Weapons`, alice.token));
    expect(ids(items).sort()).toEqual(made.filter((item) => item.owner === alice && item.type === 'Weapons').map((item) => item.id).sort());
  });

  test("another user's email answers 403", async () => {
    expectApiError(await list(`?email=${encodeURIComponent(bob.email)}`, alice.token), 403);
    expectApiError(await list(`?email=${encodeURIComponent(alice.email)}`, carol.token), 403);
  });

  test('without a token answers 401', async () => {
    expectApiError(await list(`?email=${encodeURIComponent(alice.email)}`), 401);
  });
});

describe('GET /artifacts/:id', () => {
  test('answers the artifact', async () => {
    const cherry = byWord('cherry');
    const response = await api<Artifact>(`/artifacts/${cherry.id}`);
    expectStatus(response, 200);
    expect(response.body).toEqual(
      expect.objectContaining({ _id: cherry.id, name: cherry.name, type: 'Documents', adderName: alice.name, likes: 1 }),
    );
    expect(response.body).not.toHaveProperty('adderEmail');
    for (const field of INTERNAL_FIELDS) expect(response.body).not.toHaveProperty(field);
  });

  test('says whether the signed-in caller likes it', async () => {
    const cherry = byWord('cherry').id;
    const apple = byWord('apple').id;
    const asBob = await api<Artifact>(`/artifacts/${cherry}`, { token: bob.token });
    expectStatus(asBob, 200);
    expect(asBob.body.liked).toBe(true);
    expect(asBob.body).not.toHaveProperty('adderEmail');
    const notLiked = await api<Artifact>(`/artifacts/${apple}`, { token: bob.token });
    expect(notLiked.body.liked).toBe(false);
    const asCarol = await api<Artifact>(`/artifacts/${cherry}`, { token: carol.token });
    expect(asCarol.body.liked).toBe(false);
    const asOwner = await api<Artifact>(`/artifacts/${cherry}`, { token: alice.token });
    expect(asOwner.body.liked).toBe(false);
    if ('adderEmail' in asOwner.body) expect(asOwner.body.adderEmail).toBe(alice.email);
  });

  test('a missing artifact answers 404 with a message', async () => {
    const body = expectApiError(await api(`/artifacts/${missingId()}`), 404);
    expect(body.message.length).toBeGreaterThan(0);
    expectApiError(await api(`/artifacts/${missingId()}`, { token: bob.token }), 404);
  });

  test.each([
    ['abc', 'abc'],
    ['1', '1'],
    ['a very long id', 'a'.repeat(4000)],
    ['%24where', '%24where'],
    ['an operator object', encodeURIComponent('{"$gt":""}')],
    ['25 hex digits', 'a'.repeat(25)],
    ['23 hex digits', 'a'.repeat(23)],
    ['24 non-hex characters', 'z'.repeat(24)],
    ['null', 'null'],
  ])('a malformed id (%s) answers 404, never 500', async (_label, id) => {
    expectApiError(await api(`/artifacts/${id}`), 404);
  });
});
