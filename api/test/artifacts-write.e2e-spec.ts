// POST, PATCH and DELETE /artifacts: what the api answers and what the database ends up holding.
import { ARTIFACT_FIELDS, FIELD_LIMITS, type Artifact, type ArtifactField, type CreateArtifactResponse } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { artifactInput, createArtifact, createdArtifacts, missingId, toggleLike } from './support/artifacts';
import { createUser, type TestUser } from './support/auth';
import { artifactsCollection, likeRecordCount, likesRemovedFor, objectId, storedArtifact, type Doc } from './support/db';
import { api, expectApiError, expectStatus, pageHeaders } from './support/http';

let writer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [writer, stranger] = [await createUser(), await createUser()];
});

const post = (body: unknown, user: TestUser = writer) =>
  api<CreateArtifactResponse>('/artifacts', { method: 'POST', token: user.token, body });

async function ownCount(user: TestUser): Promise<number> {
  return (await artifactsCollection()).countDocuments({ adderEmail: user.email });
}

function editable(doc: Doc | null) {
  expect(doc).not.toBeNull();
  return Object.fromEntries(ARTIFACT_FIELDS.map((field) => [field, doc?.[field]]));
}

describe('POST /artifacts', () => {
  test('the test factory makes input that the shared schema accepts', () => {
    expect(validateArtifactInput(artifactInput())).toEqual(expect.objectContaining({ ok: true }));
  });

  test('answers 201 { insertedId } and stores the artifact with the server-owned fields', async () => {
    const before = Date.now();
    const input = artifactInput({ type: 'Writings' });
    const response = await post(input);
    expectStatus(response, 201);
    expect(Object.keys(response.body)).toEqual(['insertedId']);
    expect(response.body.insertedId).toMatch(/^[0-9a-f]{24}$/);
    createdArtifacts.push({ id: response.body.insertedId, owner: writer });

    const doc = await storedArtifact(response.body.insertedId);
    expect(editable(doc)).toEqual(input);
    expect(doc?.['adderName']).toBe(writer.name);
    expect(doc?.['adderEmail']).toBe(writer.email);
    expect(doc?.['likes']).toBe(0);
    const addedAt = new Date(doc?.['addedAt'] as string | Date).getTime();
    expect(addedAt).toBeGreaterThanOrEqual(before - 5000);
    expect(addedAt).toBeLessThanOrEqual(Date.now() + 5000);

    const read = await api<Artifact>(`/artifacts/${response.body.insertedId}`);
    expectStatus(read, 200);
    expect(read.body).toEqual(expect.objectContaining({ ...input, _id: response.body.insertedId, adderName: writer.name, likes: 0 }));
  });

  test("a user without a display name is stored as 'Anonymous'", async () => {
    const nameless = await createUser({ name: null });
    const { id } = await createArtifact(nameless);
    const doc = await storedArtifact(id);
    expect(doc?.['adderName']).toBe('Anonymous');
    expect(doc?.['adderEmail']).toBe(nameless.email);
  });

  test('a name at the length limit is accepted', async () => {
    const name = `Limit ${'x'.repeat(FIELD_LIMITS.name - 6)}`;
    const { id } = await createArtifact(writer, { name });
    expect((await storedArtifact(id))?.['name']).toBe(name);
  });

  test('an image URL is stored as parsed: text after a space cannot become a srcset candidate', async () => {
    const image = 'https://example.org/a.png 1x, data:image/svg+xml,%3Csvg%3E 2x';
    const { id } = await createArtifact(writer, { image });
    const stored = (await storedArtifact(id))?.['image'];
    expect(stored).toBe('https://example.org/a.png%201x,%20data:image/svg+xml,%3Csvg%3E%202x');
    expect(String(stored)).not.toMatch(/\s/);
    expectStatus(await post({ ...artifactInput(), image: 'data:image/png;base64,AAAA' }), 400);
  });

  test('server-owned fields in the body change nothing (mass assignment)', async () => {
    const forcedId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const input = artifactInput();
    const response = await post({
      ...input,
      likes: 99,
      adderEmail: 'x@y.example',
      adderName: 'Mallory Injected',
      adderUid: 'someone-else',
      _id: forcedId,
      addedAt: '1999-01-01T00:00:00.000Z',
      searchTokens: ['injectedtoken'],
      nameLower: 'injected lower',
      __v: 7,
      liked: true,
    });
    expectStatus(response, 201);
    const id = response.body.insertedId;
    createdArtifacts.push({ id, owner: writer });
    expect(id).not.toBe(forcedId);
    expect(await storedArtifact(forcedId)).toBeNull();

    const doc = await storedArtifact(id);
    expect(editable(doc)).toEqual(input);
    expect(doc?.['likes']).toBe(0);
    expect(doc?.['adderEmail']).toBe(writer.email);
    expect(doc?.['adderName']).toBe(writer.name);
    expect(new Date(doc?.['addedAt'] as string | Date).getFullYear()).toBeGreaterThan(2000);
    const stored = JSON.stringify(doc);
    for (const injected of ['x@y.example', 'Mallory Injected', 'someone-else', 'injectedtoken', 'injected lower']) {
      expect(stored).not.toContain(injected);
    }
    expect(doc).not.toHaveProperty('liked');
  });

  describe('validation: 400 with per-field messages, nothing stored', () => {
    let countBefore: number;
    beforeAll(async () => {
      countBefore = await ownCount(writer);
    });

    test.each([...ARTIFACT_FIELDS])('without %s', async (field) => {
      const input: Record<string, unknown> = { ...artifactInput() };
      delete input[field];
      const body = expectApiError(await post(input), 400);
      expect(body.fields?.[field]).toEqual(expect.any(String));
    });

    test.each([...ARTIFACT_FIELDS])('with %s blank', async (field) => {
      const body = expectApiError(await post({ ...artifactInput(), [field]: '   ' }), 400);
      expect(body.fields?.[field]).toEqual(expect.any(String));
    });

    test.each([...ARTIFACT_FIELDS])('with %s not a string', async (field) => {
      const body = expectApiError(await post({ ...artifactInput(), [field]: { $gt: '' } }), 400);
      expect(body.fields?.[field]).toEqual(expect.any(String));
    });

    test.each(['not a url', 'javascript:alert(1)', 'ftp://x', 'data:image/png;base64,AAAA', 'http://', '//example.com/a.png'])(
      'with image %s',
      async (image) => {
        const body = expectApiError(await post({ ...artifactInput(), image }), 400);
        expect(body.fields?.image).toEqual(expect.any(String));
      },
    );

    test.each(['tools', 'Jewelry', 'Tools ', 'Others,Tools'])('with type %p', async (type) => {
      const body = expectApiError(await post({ ...artifactInput(), type }), 400);
      expect(body.fields?.type).toEqual(expect.any(String));
    });

    test.each(Object.entries(FIELD_LIMITS) as [ArtifactField, number][])('with %s over its limit of %d', async (field, limit) => {
      const value = field === 'image' ? `https://example.com/${'a'.repeat(limit)}` : 'x'.repeat(limit + 1);
      const body = expectApiError(await post({ ...artifactInput(), [field]: value }), 400);
      expect(body.fields?.[field]).toEqual(expect.any(String));
    });

    test('with every field missing, every field is named', async () => {
      const body = expectApiError(await post({}), 400);
      expect(Object.keys(body.fields ?? {}).sort()).toEqual([...ARTIFACT_FIELDS].sort());
    });

    test.each([
      ['an array', []],
      ['a string', 'artifact'],
      ['a number', 42],
      ['null', null],
    ])('with a body that is %s', async (_label, body) => {
      expectApiError(await post(body), 400);
    });

    test('with a control character in a field', async () => {
      const body = expectApiError(await post({ ...artifactInput(), name: 'Bad\u0000name' }), 400);
      expect(body.fields?.name).toEqual(expect.any(String));
    });

    test.each([
      ['name', '\u200B\u200B', /visible/],
      ['discoveredBy', '\u202Eynomitset', /reading direction/],
      ['location', 'Museum \u2066of\u2069 Lies', /reading direction/],
      ['context', 'broken \uD800 text', /not text/],
    ])('with %s not readable as what it is (%j)', async (field, value, message) => {
      const body = expectApiError(await post({ ...artifactInput(), [field]: value }), 400);
      expect(body.fields?.[field]).toMatch(message);
    });

    test('with malformed JSON: 400 in the error shape', async () => {
      const response = await api('/artifacts', { method: 'POST', token: writer.token, rawBody: '{"name": "Broken",' });
      expectApiError(response, 400);
    });

    test('with a body over 1 MB: 413 in the error shape', async () => {
      const huge = JSON.stringify({ ...artifactInput(), shortDescription: 'x'.repeat(1_100_000) });
      expectApiError(await api('/artifacts', { method: 'POST', token: writer.token, rawBody: huge }), 413);
    });

    test('none of the refused bodies stored anything', async () => {
      expect(await ownCount(writer)).toBe(countBefore);
    });
  });
});

describe('PATCH /artifacts/:id', () => {
  let id: string;
  beforeEach(async () => {
    ({ id } = await createArtifact(writer));
  });

  const patch = (target: string, body: unknown, user: TestUser = writer) =>
    api<{ modifiedCount: number }>(`/artifacts/${target}`, { method: 'PATCH', token: user.token, body });

  test('the owner updates: { modifiedCount: 1 } and the change is stored', async () => {
    const before = await storedArtifact(id);
    const response = await patch(id, { name: 'Renamed Quernstone', location: 'New Gallery', type: 'Others' });
    expectStatus(response, 200);
    expect(response.body).toEqual({ modifiedCount: 1 });
    const after = await storedArtifact(id);
    expect(after).toEqual(
      expect.objectContaining({ name: 'Renamed Quernstone', location: 'New Gallery', type: 'Others', context: before?.['context'] }),
    );
    expect(after?.['adderEmail']).toBe(writer.email);
    expect(after?.['likes']).toBe(before?.['likes']);
    expect(String(after?.['addedAt'])).toBe(String(before?.['addedAt']));
    const read = await api<Artifact>(`/artifacts/${id}`);
    expect(read.body.name).toBe('Renamed Quernstone');
  });

  test('a renamed artifact is found by its new name and no longer by its old one', async () => {
    const word = `qz${Date.now().toString(36)}`;
    const old = (await storedArtifact(id))?.['name'] as string;
    expectStatus(await patch(id, { name: `Renamed ${word} Amphora` }), 200);
    const found = await api<Artifact[]>(`/artifacts?search=${encodeURIComponent(`${word} amph`)}`);
    expect(found.body.map((item) => item._id)).toEqual([id]);
    const byOld = await api<Artifact[]>(`/artifacts?search=${encodeURIComponent(old)}`);
    expect(byOld.body.map((item) => item._id)).not.toContain(id);
  });

  test('server-owned fields in the body are ignored', async () => {
    await toggleLike(stranger, id);
    const response = await patch(id, {
      context: 'Changed context',
      likes: 99,
      adderEmail: 'x@y.example',
      adderName: 'Mallory Injected',
      adderUid: stranger.uid,
      _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      addedAt: '1999-01-01T00:00:00.000Z',
    });
    expectStatus(response, 200);
    const doc = await storedArtifact(id);
    expect(doc?.['context']).toBe('Changed context');
    expect(doc?.['likes']).toBe(1);
    expect(doc?.['adderEmail']).toBe(writer.email);
    expect(doc?.['adderName']).toBe(writer.name);
    expect(new Date(doc?.['addedAt'] as string | Date).getFullYear()).toBeGreaterThan(2000);
    expect(await storedArtifact('bbbbbbbbbbbbbbbbbbbbbbbb')).toBeNull();
    // Still the writer's: the stranger cannot change it, the writer can.
    expectApiError(await patch(id, { context: 'Stranger was here' }, stranger), 403);
    expectStatus(await patch(id, { context: 'Writer again' }), 200);
  });

  test("another user's update answers 403 and changes nothing", async () => {
    const before = await storedArtifact(id);
    expectApiError(await patch(id, { name: 'Stolen name' }, stranger), 403);
    expect(await storedArtifact(id)).toEqual(before);
  });

  test('a missing or malformed id answers 404', async () => {
    expectApiError(await patch(missingId(), { name: 'Nothing here' }), 404);
    expectApiError(await patch('abc', { name: 'Nothing here' }), 404);
    expectApiError(await patch('%24where', { name: 'Nothing here' }), 404);
  });

  test.each([
    ['image', 'not a url'],
    ['image', 'javascript:alert(1)'],
    ['type', 'Jewelry'],
    ['name', ''],
    ['name', '   '],
    ['name', 'x'.repeat(FIELD_LIMITS.name + 1)],
    ['location', 42],
  ])('an invalid %s (%p) answers 400 and changes nothing', async (field, value) => {
    const before = await storedArtifact(id);
    const body = expectApiError(await patch(id, { [field]: value }), 400);
    expect(body.fields?.[field]).toEqual(expect.any(String));
    expect(await storedArtifact(id)).toEqual(before);
  });

  test('one invalid field among valid ones changes nothing', async () => {
    const before = await storedArtifact(id);
    expectApiError(await patch(id, { name: 'Half good', image: 'ftp://x' }), 400);
    expect(await storedArtifact(id)).toEqual(before);
  });

  test('an empty body, or one with no editable field, answers 400', async () => {
    const before = await storedArtifact(id);
    expectApiError(await patch(id, {}), 400);
    expectApiError(await patch(id, { likes: 99, adderEmail: 'x@y.example' }), 400);
    expectApiError(await api(`/artifacts/${id}`, { method: 'PATCH', token: writer.token }), 400);
    expectApiError(await api(`/artifacts/${id}`, { method: 'PATCH', token: writer.token, rawBody: '{"name":' }), 400);
    expect(await storedArtifact(id)).toEqual(before);
  });
});

describe('DELETE /artifacts/:id', () => {
  test("another user's delete answers 403 and the artifact stays", async () => {
    const { id } = await createArtifact(writer);
    expectApiError(await api(`/artifacts/${id}`, { method: 'DELETE', token: stranger.token }), 403);
    expect(await storedArtifact(id)).not.toBeNull();
  });

  test('the owner deletes: { deletedCount: 1 }, the artifact goes, its likes leave the liked lists at once and their records after; again is 404', async () => {
    const { id } = await createArtifact(writer);
    const likers = [stranger, await createUser(), await createUser()];
    for (const liker of likers) await toggleLike(liker, id);
    expect(await likeRecordCount(id)).toBe(likers.length);
    expect((await storedArtifact(id))?.['likes']).toBe(likers.length);

    const response = await api<{ deletedCount: number }>(`/artifacts/${id}`, { method: 'DELETE', token: writer.token });
    expectStatus(response, 200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect(await storedArtifact(id)).toBeNull();
    const likedNow = await api<Artifact[]>('/liked-artifacts?limit=100', { token: stranger.token });
    expect({ ids: likedNow.body.map((item) => item._id), total: pageHeaders(likedNow).total }).toEqual({
      ids: expect.not.arrayContaining([id]),
      total: likedNow.body.length,
    });
    await likesRemovedFor(id);
    expect(await (await artifactsCollection()).countDocuments({ _id: objectId(id) })).toBe(0);

    expectApiError(await api(`/artifacts/${id}`, { method: 'DELETE', token: writer.token }), 404);
    expectApiError(await api(`/artifacts/${id}`), 404);
    expectApiError(await api(`/artifacts/toggle-like/${id}`, { method: 'PATCH', token: stranger.token }), 404);
    const liked = await api<Artifact[]>('/liked-artifacts?limit=100', { token: stranger.token });
    expect(liked.body.map((item) => item._id)).not.toContain(id);
  });

  test('a missing or malformed id answers 404', async () => {
    expectApiError(await api(`/artifacts/${missingId()}`, { method: 'DELETE', token: writer.token }), 404);
    expectApiError(await api('/artifacts/abc', { method: 'DELETE', token: writer.token }), 404);
  });
});
