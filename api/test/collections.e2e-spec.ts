// Members' collections over real HTTP (issue 28, docs/decisions/0014-collections.md): the owner
// decided by the server, private ones 404 for anyone else, items in the owner's order with card
// data, an artifact hidden by moderation or deleted dropping out of everyone's view (and back on
// a reversal), bad input refused with the field named and nothing stored, one write budget, the
// member's export and the account's deletion.
import { MAX_COLLECTION_ITEMS, MEMBER_EXPORT_FORMAT, type Collection, type CollectionSummary, type CreateCollectionResponse } from '@antiquarium/contracts';
import { createArtifact, missingId } from './support/artifacts';
import { createUser, grantModerator, type TestUser } from './support/auth';
import { db, objectId } from './support/db';
import { RATE_LIMIT, RATE_LIMITED_API_URL } from './support/env';
import { api, expectApiError, expectStatus, pageHeaders } from './support/http';

let owner: TestUser;
let other: TestUser;
let contributor: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  [owner, other, contributor, moderator] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  moderator = await grantModerator(moderator);
});

const stored = async (id: string) => (await db()).collection('collections').findOne({ _id: objectId(id) });
const countOwnedBy = async (uid: string) => (await db()).collection('collections').countDocuments({ ownerUid: uid });

function post(body: unknown, user: TestUser | null = owner) {
  return api<CreateCollectionResponse>('/collections', { method: 'POST', token: user?.token, body });
}

async function newCollection(user: TestUser = owner, body: Record<string, unknown> = {}): Promise<string> {
  const answer = await post({ title: 'Lamps of Rome', visibility: 'public', ...body }, user);
  expectStatus(answer, 201);
  return answer.body.id;
}

const read = (id: string, user?: TestUser | null) => api<Collection>(`/collections/${id}`, { token: user?.token });
const patch = (id: string, body: unknown, user: TestUser | null = owner) => api<Collection>(`/collections/${id}`, { method: 'PATCH', token: user?.token, body });
const putItems = (id: string, body: unknown, user: TestUser | null = owner) => api<Collection>(`/collections/${id}/items`, { method: 'PUT', token: user?.token, body });
const remove = (id: string, user: TestUser | null = owner) => api(`/collections/${id}`, { method: 'DELETE', token: user?.token });

async function decide(artifactId: string, action: 'restrict' | 'remove' | 'keep') {
  const answer = await api('/moderation/decisions', { method: 'POST', token: moderator.token, body: { artifactId, action, ground: 'spam', facts: 'Checked by hand', reportIds: [] } });
  expectStatus(answer, 201);
}

const shownIds = (collection: Collection) => collection.items.map((item) => item.artifactId);

describe('POST /collections', () => {
  test('401 signed out; 201 with the id; the owner is the caller, whatever the body says', async () => {
    expectApiError(await post({ title: 'Mine', visibility: 'public' }, null), 401);
    const id = await newCollection(owner, { title: '  Lamps of Rome  ', description: 'Oil lamps I like' });
    const doc = await stored(id);
    expect(doc).toEqual(expect.objectContaining({ ownerUid: owner.uid, ownerName: owner.name, title: 'Lamps of Rome', description: 'Oil lamps I like', visibility: 'public', items: [] }));
    const answer = await read(id);
    expectStatus(answer, 200);
    expect(answer.body).toEqual({
      id,
      ownerUid: owner.uid,
      ownerName: owner.name,
      title: 'Lamps of Rome',
      description: 'Oil lamps I like',
      visibility: 'public',
      items: [],
      itemCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const refused = await post({ title: 'Theirs', visibility: 'public', ownerUid: other.uid });
    expect(expectApiError(refused, 400).fields).toEqual({ ownerUid: 'Unknown field' });
    expect(await countOwnedBy(other.uid)).toBe(0);
  });

  test.each([
    [{ visibility: 'public' }, 'title', 'Title is required'],
    [{ title: '   ', visibility: 'public' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(121), visibility: 'public' }, 'title', 'Title must be at most 120 characters'],
    [{ title: 'A\u0000B', visibility: 'public' }, 'title', 'Title contains invalid characters'],
    [{ title: 'gnp.\u202Eexe', visibility: 'public' }, 'title', 'Title must not contain characters that change the reading direction'],
    [{ title: '\u200B\u200B', visibility: 'public' }, 'title', 'Title must contain visible characters'],
    [{ title: { $gt: '' }, visibility: 'public' }, 'title', 'Title must be text'],
    [{ title: 'Fine', visibility: 'secret' }, 'visibility', 'Visibility must be one of public, private'],
    [{ title: 'Fine' }, 'visibility', 'Visibility must be one of public, private'],
    [{ title: 'Fine', visibility: 'public', description: 'd'.repeat(2001) }, 'description', 'Description must be at most 2000 characters'],
    [{ title: 'Fine', visibility: 'public', items: [] }, 'items', 'Unknown field'],
  ])('400 naming the field for %j, nothing stored', async (body, field, message) => {
    const before = await countOwnedBy(owner.uid);
    const error = expectApiError(await post(body), 400);
    expect(error.fields?.[field]).toBe(message);
    expect(error.message).toContain(field);
    expect(await countOwnedBy(owner.uid)).toBe(before);
  });

  test('400 for a body that is not an object (an array, a string, broken JSON, a __proto__ key)', async () => {
    const before = await countOwnedBy(owner.uid);
    expect(expectApiError(await post([{ title: 'x', visibility: 'public' }]), 400).message).toBe('Send a JSON object');
    expectApiError(await post('title'), 400);
    expectApiError(await api('/collections', { method: 'POST', token: owner.token, rawBody: '{"title": "x",' }), 400);
    expectApiError(await api('/collections', { method: 'POST', token: owner.token, rawBody: '{"title":"x","visibility":"public","__proto__":{"ownerUid":"x"}}' }), 400);
    expect(await countOwnedBy(owner.uid)).toBe(before);
  });
});

describe('GET /collections/:id', () => {
  test('a public one is readable by anyone; a private one is 404 for everyone but its owner; bad and unknown ids 404', async () => {
    const open = await newCollection();
    const closed = await newCollection(owner, { title: 'Secret hoard', visibility: 'private' });
    expectStatus(await read(open), 200);
    expectStatus(await read(open, other), 200);
    expect(expectApiError(await read(closed), 404).message).toBe('Collection not found');
    expectApiError(await read(closed, other), 404);
    const mine = await read(closed, owner);
    expectStatus(mine, 200);
    expect(mine.body.visibility).toBe('private');
    expectApiError(await read(missingId()), 404);
    expectApiError(await read('not-an-id'), 404);
    expectApiError(await read('%24where'), 404);
  });
});

describe('PATCH /collections/:id', () => {
  test('the owner changes title, description and visibility; others get 403 (public) or 404 (private); 401 signed out', async () => {
    const id = await newCollection();
    expectApiError(await patch(id, { title: 'Not signed in' }, null), 401);
    expect(expectApiError(await patch(id, { title: 'Taken over' }, other), 403).message).toMatch(/owner/);
    const changed = await patch(id, { title: 'Lamps and candles', description: 'Lighting', visibility: 'private' });
    expectStatus(changed, 200);
    expect(changed.body).toEqual(expect.objectContaining({ id, title: 'Lamps and candles', description: 'Lighting', visibility: 'private', ownerUid: owner.uid }));
    expect(Date.parse(changed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(changed.body.createdAt));
    // Private now: to anyone else it does not exist.
    expectApiError(await patch(id, { title: 'Taken over' }, other), 404);
    expectApiError(await read(id, other), 404);
    expect((await stored(id))?.['title']).toBe('Lamps and candles');
    expectApiError(await patch(missingId(), { title: 'Nothing' }), 404);
  });

  test.each([
    [{}, undefined, 'Send at least one field to update'],
    [{ visibility: 'friends' }, 'visibility', 'Visibility must be one of public, private'],
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: 'x', ownerUid: 'someone' }, 'ownerUid', 'Unknown field'],
    [{ description: ['a'] }, 'description', 'Description must be text'],
  ])('400 for %j, nothing changed', async (body, field, message) => {
    const id = await newCollection();
    const before = await stored(id);
    const error = expectApiError(await patch(id, body), 400);
    if (field) expect(error.fields?.[field]).toBe(message);
    else expect(error.message).toBe(message);
    expect(await stored(id)).toEqual(before);
  });
});

describe('PUT /collections/:id/items', () => {
  test('replaces the list in the order given, with notes and each artifact’s card data', async () => {
    const [a, b, c] = await Promise.all([createArtifact(contributor), createArtifact(contributor), createArtifact(owner)]);
    const id = await newCollection();
    const first = await putItems(id, [{ artifactId: b.id, note: '  The best one  ' }, { artifactId: a.id }, { artifactId: c.id, note: '' }]);
    expectStatus(first, 200);
    expect(shownIds(first.body)).toEqual([b.id, a.id, c.id]);
    expect(first.body.items.map((item) => item.note)).toEqual(['The best one', '', '']);
    expect(first.body.itemCount).toBe(3);
    expect(first.body.items[0]?.artifact).toEqual(expect.objectContaining({ _id: b.id, name: b.input.name, image: b.input.image, adderName: contributor.name, likes: 0 }));
    // Card data is public data: no contributor's email, not even the caller's own.
    expect(first.body.items[2]?.artifact?.adderEmail).toBeUndefined();
    const again = await read(id, other);
    expect(shownIds(again.body)).toEqual([b.id, a.id, c.id]);

    const reordered = await putItems(id, [{ artifactId: c.id, note: 'Now first' }, { artifactId: b.id }]);
    expectStatus(reordered, 200);
    expect(reordered.body.items.map((item) => [item.artifactId, item.note])).toEqual([
      [c.id, 'Now first'],
      [b.id, ''],
    ]);
    expect((await read(id)).body.itemCount).toBe(2);
    expectStatus(await putItems(id, []), 200);
    expect((await read(id)).body.items).toEqual([]);
  });

  test('400 naming the item: duplicates, unknown or malformed ids, bad notes, unknown keys, too many, not a list; nothing stored', async () => {
    const { id: artifactId } = await createArtifact(contributor);
    const id = await newCollection();
    expectStatus(await putItems(id, [{ artifactId, note: 'kept' }]), 200);
    const before = await stored(id);
    const cases: [unknown, string, string][] = [
      [[{ artifactId }, { artifactId }], 'items[1].artifactId', 'This artifact is already in the list'],
      [[{ artifactId }, { artifactId: missingId() }], 'items[1].artifactId', 'No such artifact, or it is not available'],
      [[{ artifactId: 'abc' }], 'items[0].artifactId', 'Artifact is not a valid id'],
      [[{ artifactId: { $ne: null } }], 'items[0].artifactId', 'Artifact is required'],
      [[{ note: 'no id' }], 'items[0].artifactId', 'Artifact is required'],
      [[{ artifactId, note: 'n'.repeat(1001) }], 'items[0].note', 'Note must be at most 1000 characters'],
      [[{ artifactId, note: 'bad\u0007bell' }], 'items[0].note', 'Note contains invalid characters'],
      [[{ artifactId, note: 'right\u202Eleft' }], 'items[0].note', 'Note must not contain characters that change the reading direction'],
      [[{ artifactId, position: 1 }], 'items[0].position', 'Unknown field'],
      [['just an id'], 'items[0]', 'Each item must be an object with artifactId and note'],
      [{ items: [{ artifactId }] }, 'items', 'Send a list of items'],
      [Array.from({ length: MAX_COLLECTION_ITEMS + 1 }, () => ({ artifactId: missingId() })), 'items', `A collection holds at most ${MAX_COLLECTION_ITEMS} artifacts`],
    ];
    for (const [body, field, message] of cases) {
      const error = expectApiError(await putItems(id, body), 400);
      expect({ body: JSON.stringify(body).slice(0, 80), field: error.fields?.[field] }).toEqual({ body: JSON.stringify(body).slice(0, 80), field: message });
      expect(error.message).toBe(`${field}: ${message}`);
    }
    // Exactly the maximum passes the count rule: these fail only for naming nothing, each named.
    const full = expectApiError(await putItems(id, Array.from({ length: MAX_COLLECTION_ITEMS }, () => ({ artifactId: missingId() }))), 400);
    expect(Object.keys(full.fields ?? {})).toHaveLength(MAX_COLLECTION_ITEMS);
    expect(full.fields?.[`items[${MAX_COLLECTION_ITEMS - 1}].artifactId`]).toBe('No such artifact, or it is not available');
    expect(await stored(id)).toEqual(before);
  });

  test('others: 403 on a public one, 404 on a private one, 401 signed out; nothing stored', async () => {
    const { id: artifactId } = await createArtifact(contributor);
    const open = await newCollection();
    const closed = await newCollection(owner, { visibility: 'private' });
    expectApiError(await putItems(open, [{ artifactId }], null), 401);
    expectApiError(await putItems(open, [{ artifactId }], other), 403);
    expectApiError(await putItems(closed, [{ artifactId }], other), 404);
    expectApiError(await putItems(missingId(), [{ artifactId }]), 404);
    expect((await stored(open))?.['items']).toEqual([]);
    expect((await stored(closed))?.['items']).toEqual([]);
  });
});

describe('artifacts that stop being public', () => {
  test('restricted by moderation: out of everyone’s view and counts, kept for the owner marked unavailable; a reversal brings it back', async () => {
    const [a, b, c] = await Promise.all([createArtifact(contributor), createArtifact(contributor), createArtifact(contributor)]);
    const id = await newCollection(owner, { title: 'Watched' });
    expectStatus(await putItems(id, [{ artifactId: a.id }, { artifactId: b.id, note: 'middle' }, { artifactId: c.id }]), 200);

    await decide(b.id, 'restrict');
    for (const seen of await Promise.all([null, other, contributor, moderator].map((viewer) => read(id, viewer)))) {
      expectStatus(seen, 200);
      expect({ items: shownIds(seen.body), count: seen.body.itemCount }).toEqual({ items: [a.id, c.id], count: 2 });
    }
    const own = await read(id, owner);
    expect(own.body.items).toEqual([
      expect.objectContaining({ artifactId: a.id }),
      { artifactId: b.id, note: 'middle', unavailable: true },
      expect.objectContaining({ artifactId: c.id }),
    ]);
    expect(own.body.itemCount).toBe(3);
    const listed = await api<CollectionSummary[]>(`/members/${owner.uid}/collections?limit=100`);
    expect(listed.body.find((item) => item.id === id)?.itemCount).toBe(2);
    const mine = await api<CollectionSummary[]>('/me/collections?limit=100', { token: owner.token });
    expect(mine.body.find((item) => item.id === id)?.itemCount).toBe(3);

    // The owner reorders around it; a new hidden artifact cannot be added.
    expectStatus(await putItems(id, [{ artifactId: c.id }, { artifactId: b.id, note: 'middle' }, { artifactId: a.id }]), 200);
    const elsewhere = await newCollection(owner, { title: 'Fresh' });
    expect(expectApiError(await putItems(elsewhere, [{ artifactId: b.id }]), 400).fields).toEqual({ 'items[0].artifactId': 'No such artifact, or it is not available' });

    await decide(b.id, 'keep');
    const back = await read(id, other);
    expect({ items: shownIds(back.body), count: back.body.itemCount }).toEqual({ items: [c.id, b.id, a.id], count: 3 });
    expect(back.body.items[1]?.artifact?._id).toBe(b.id);
  });

  test('removed by moderation or deleted by its contributor: out of the public view', async () => {
    const [a, b, c] = await Promise.all([createArtifact(contributor), createArtifact(contributor), createArtifact(contributor)]);
    const id = await newCollection();
    expectStatus(await putItems(id, [{ artifactId: a.id }, { artifactId: b.id }, { artifactId: c.id }]), 200);
    await decide(a.id, 'remove');
    expectStatus(await api(`/artifacts/${c.id}`, { method: 'DELETE', token: contributor.token }), 200);
    const seen = await read(id, other);
    expect({ items: shownIds(seen.body), count: seen.body.itemCount }).toEqual({ items: [b.id], count: 1 });
    const own = await read(id, owner);
    expect(own.body.items.map((item) => [item.artifactId, item.unavailable ?? false])).toEqual([
      [a.id, true],
      [b.id, false],
      [c.id, true],
    ]);
    const listed = await api<CollectionSummary[]>(`/members/${owner.uid}/collections?limit=100`);
    expect(listed.body.find((item) => item.id === id)).toEqual(expect.objectContaining({ itemCount: 1, coverImage: b.input.image }));
  });
});

describe('DELETE /collections/:id', () => {
  test('the owner deletes it; others get 403 or 404; then it is gone', async () => {
    const open = await newCollection();
    const closed = await newCollection(owner, { visibility: 'private' });
    expectApiError(await remove(open, null), 401);
    expectApiError(await remove(open, other), 403);
    expectApiError(await remove(closed, other), 404);
    expect(await stored(open)).not.toBeNull();
    for (const id of [open, closed]) {
      const answer = await remove(id);
      expectStatus(answer, 200);
      expect(answer.body).toEqual({ deletedCount: 1 });
      expectApiError(await read(id, owner), 404);
      expectApiError(await remove(id), 404);
      expect(await stored(id)).toBeNull();
    }
  });
});

describe('lists', () => {
  test('GET /me/collections: 401 signed out; the caller’s own, public and private, last changed first, paginated', async () => {
    expectApiError(await api('/me/collections'), 401);
    const member = await createUser();
    const first = await newCollection(member, { title: 'First', visibility: 'private' });
    const second = await newCollection(member, { title: 'Second' });
    await newCollection(other, { title: 'Not theirs' });
    const all = await api<CollectionSummary[]>('/me/collections', { token: member.token });
    expectStatus(all, 200);
    expect(all.body.map((item) => item.id)).toEqual([second, first]);
    expect(all.body[1]).toEqual(expect.objectContaining({ title: 'First', visibility: 'private', ownerUid: member.uid, itemCount: 0, coverImage: null }));
    expect(all.body[1]).not.toHaveProperty('items');
    // A change moves it to the front.
    expectStatus(await patch(first, { description: 'Touched' }, member), 200);
    const page1 = await api<CollectionSummary[]>('/me/collections?limit=1', { token: member.token });
    expect(page1.body.map((item) => item.id)).toEqual([first]);
    expect(pageHeaders(page1)).toEqual(expect.objectContaining({ total: 2, page: 1, pageSize: 1, nextPage: 2 }));
    const page2 = await api<CollectionSummary[]>('/me/collections?limit=1&page=2', { token: member.token });
    expect(page2.body.map((item) => item.id)).toEqual([second]);
    expect(pageHeaders(page2).nextPage).toBeUndefined();
    expect(expectApiError(await api('/me/collections?limit=101', { token: member.token }), 400).message).toMatch(/limit/);
    expectApiError(await api('/me/collections?page=0', { token: member.token }), 400);
  });

  test('GET /members/:uid/collections: anyone sees a member’s public ones only, paginated; a malformed uid is 404', async () => {
    const member = await createUser();
    const open = await newCollection(member, { title: 'Open' });
    const closed = await newCollection(member, { title: 'Closed', visibility: 'private' });
    const seen = await api<CollectionSummary[]>(`/members/${member.uid}/collections`);
    expectStatus(seen, 200);
    expect(seen.body.map((item) => item.id)).toEqual([open]);
    expect(pageHeaders(seen).total).toBe(1);
    // Made public, it is listed; nothing of the private one leaks before.
    expect(JSON.stringify(seen.body)).not.toContain(closed);
    expectStatus(await patch(closed, { visibility: 'public' }, member), 200);
    const both = await api<CollectionSummary[]>(`/members/${member.uid}/collections?limit=1`, { token: other.token });
    expect(both.body.map((item) => item.id)).toEqual([closed]);
    expect(pageHeaders(both)).toEqual(expect.objectContaining({ total: 2, nextPage: 2 }));
    const nobody = await api<CollectionSummary[]>('/members/nobody-at-all/collections');
    expectStatus(nobody, 200);
    expect(nobody.body).toEqual([]);
    expectApiError(await api(`/members/${'x'.repeat(129)}/collections`), 404);
    expectApiError(await api('/members/a%20b/collections'), 404);
    expectApiError(await api(`/members/${member.uid}/collections?limit=0`), 400);
  });
});

describe('the member’s data', () => {
  test('collections are in the export (private ones and unavailable items too) and deleted with the account', async () => {
    const member = await createUser();
    const { id: artifactId } = await createArtifact(contributor);
    const open = await newCollection(member, { title: 'Shown', description: 'Mine' });
    const closed = await newCollection(member, { title: 'Hidden', visibility: 'private' });
    expectStatus(await putItems(closed, [{ artifactId, note: 'a note' }], member), 200);
    const exported = await api<{ format: string; collections: unknown[] }>('/me/export', { token: member.token });
    expectStatus(exported, 200);
    expect(exported.body.format).toBe(MEMBER_EXPORT_FORMAT);
    expect(exported.body.collections).toEqual([
      { id: open, title: 'Shown', description: 'Mine', visibility: 'public', items: [], createdAt: expect.any(String), updatedAt: expect.any(String) },
      { id: closed, title: 'Hidden', description: '', visibility: 'private', items: [{ artifactId, note: 'a note' }], createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    const theirs = await api<{ collections: unknown[] }>('/me/export', { token: contributor.token });
    expect(JSON.stringify(theirs.body.collections)).not.toContain(open);

    expectStatus(await api('/me', { method: 'DELETE', token: member.token, body: { contributions: 'anonymize', confirmEmail: member.email } }), 200);
    expect(await countOwnedBy(member.uid)).toBe(0);
    expectApiError(await read(open), 404);
  });
});

describe('abuse control', () => {
  test('collection writes share the one write budget of every write route', async () => {
    const member = await createUser();
    const { id: artifactId } = await createArtifact(contributor);
    const write = (path: string, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', body?: unknown) => api(`${RATE_LIMITED_API_URL}${path}`, { method, token: member.token, body });
    const created = await write('/collections', 'POST', { title: 'Budgeted', visibility: 'public' });
    expectStatus(created, 201);
    const id = (created.body as CreateCollectionResponse).id;
    expectStatus(await write(`/collections/${id}`, 'PATCH', { title: 'Still budgeted' }), 200);
    expectStatus(await write(`/collections/${id}/items`, 'PUT', [{ artifactId }]), 200);
    expectStatus(await write(`/artifacts/toggle-like/${artifactId}`, 'PATCH'), 200);
    expectStatus(await write('/collections', 'POST', { title: 'Fifth', visibility: 'private' }), 201);
    expect(RATE_LIMIT).toBe(5);
    expectApiError(await write(`/collections/${id}`, 'DELETE'), 429);
    expectApiError(await write('/collections', 'POST', { title: 'Sixth', visibility: 'public' }), 429);
    expect(await stored(id)).not.toBeNull();
    expect(await countOwnedBy(member.uid)).toBe(2);
  });
});
