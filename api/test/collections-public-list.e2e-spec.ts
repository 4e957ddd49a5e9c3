// GET /collections?visibility=public over real HTTP (issue 28): every public collection, never a
// private one, in id order so that pages stay put as collections are added (the shell's sitemap
// pages through it), paginated and bounded like every list, the query checked with the field named.
import type { CollectionSummary, CreateCollectionResponse } from '@antiquarium/contracts';
import { createArtifact } from './support/artifacts';
import { createUser, type TestUser } from './support/auth';
import { api, expectApiError, expectStatus, pageHeaders } from './support/http';

let owner: TestUser;

beforeAll(async () => {
  owner = await createUser();
});

async function newCollection(title: string, visibility: 'public' | 'private'): Promise<string> {
  const answer = await api<CreateCollectionResponse>('/collections', { method: 'POST', token: owner.token, body: { title, visibility } });
  expectStatus(answer, 201);
  return answer.body.id;
}

/** Every collection the public list gives, page by page. */
async function everyPublic(limit: number): Promise<CollectionSummary[]> {
  const all: CollectionSummary[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<CollectionSummary[]>(`/collections?visibility=public&limit=${limit}&page=${page}`);
    expectStatus(answer, 200);
    expect(pageHeaders(answer).page).toBe(page);
    all.push(...answer.body);
    if (answer.body.length < limit) return all;
  }
}

describe('GET /collections?visibility=public', () => {
  test('lists every public collection in id order, with no private one and nothing of the owner only', async () => {
    const first = await newCollection('Public lamps', 'public');
    const hidden = await newCollection('My secret lamps', 'private');
    const second = await newCollection('Public coins', 'public');
    const { id: artifactId } = await createArtifact(owner);
    expectStatus(await api(`/collections/${second}/items`, { method: 'PUT', token: owner.token, body: [{ artifactId, note: 'mine' }] }), 200);

    const listed = await everyPublic(7);
    const ids = listed.map((collection) => collection.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(ids).not.toContain(hidden);
    expect(listed.every((collection) => collection.visibility === 'public')).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(listed.find((collection) => collection.id === second)).toEqual(expect.objectContaining({ title: 'Public coins', itemCount: 1, ownerUid: owner.uid }));
    const total = pageHeaders(await api(`/collections?visibility=public&limit=1`)).total;
    expect(total).toBe(listed.length);
  });

  test('400 naming the field for a missing or other visibility and an unbounded page; never a 500', async () => {
    for (const query of ['', '?visibility=private', '?visibility=', '?visibility=public&visibility=public']) {
      const error = expectApiError(await api(`/collections${query}`), 400);
      expect(error.message).toMatch(/visibility/);
    }
    expect(expectApiError(await api('/collections?visibility=public&limit=101'), 400).message).toMatch(/limit/);
    expect(expectApiError(await api('/collections?visibility=public&page=0'), 400).message).toMatch(/page/);
  });
});
