// Rights and credit on every record (contracts rights.ts): a statement from Europeana's set stored
// as its URI, Copyright Not Evaluated when none was chosen (old documents and clients that send none
// included), an optional bounded credit line, 400 naming the field for anything else.
import { DEFAULT_RIGHTS, MAX_CREDIT_LENGTH, RIGHTS_URIS, type Artifact, type CreateArtifactResponse } from '@antiquarium/contracts';
import { mongo } from 'mongoose';
import { artifactInput, createArtifact, createdArtifacts } from './support/artifacts';
import { createUser, type TestUser } from './support/auth';
import { artifactsCollection, storedArtifact } from './support/db';
import { api, expectApiError, expectStatus } from './support/http';

let writer: TestUser;

beforeAll(async () => {
  writer = await createUser();
});

const read = async (id: string) => {
  const response = await api<Artifact>(`/artifacts/${id}`, { token: writer.token });
  expectStatus(response, 200);
  return response.body;
};

describe('rights and credit', () => {
  test('a client that sends neither gets the default statement and no credit, stored and read', async () => {
    const { id } = await createArtifact(writer);
    const doc = await storedArtifact(id);
    expect(doc?.['rights']).toBe(DEFAULT_RIGHTS);
    expect(doc?.['credit']).toBe('');
    expect(await read(id)).toEqual(expect.objectContaining({ rights: 'http://rightsstatements.org/vocab/CNE/1.0/', credit: '' }));
  });

  test('a document written before the fields existed reads as the default statement and no credit', async () => {
    // Written straight into the database as the api wrote artifacts before rights and credit.
    const _id = new mongo.ObjectId();
    const input = artifactInput();
    await (await artifactsCollection()).insertOne({
      _id,
      ...input,
      adderName: writer.name,
      adderEmail: writer.email,
      adderUid: writer.uid,
      likes: 0,
      addedAt: new Date(),
      nameLower: input.name.toLowerCase(),
      searchTokens: [],
    });
    const id = _id.toHexString();
    createdArtifacts.push({ id, owner: writer });
    expect(await read(id)).toEqual(expect.objectContaining({ name: input.name, rights: DEFAULT_RIGHTS, credit: '' }));
    // An update of another field keeps it readable, with the default.
    expectStatus(await api(`/artifacts/${id}`, { method: 'PATCH', token: writer.token, body: { location: 'Store room 2' } }), 200);
    expect(await read(id)).toEqual(expect.objectContaining({ location: 'Store room 2', rights: DEFAULT_RIGHTS, credit: '' }));
  });

  test.each(RIGHTS_URIS)('%s is accepted, stored and read back', async (rights) => {
    const { id } = await createArtifact(writer, { rights, credit: 'Photo: Test Museum' });
    expect((await storedArtifact(id))?.['rights']).toBe(rights);
    expect(await read(id)).toEqual(expect.objectContaining({ rights, credit: 'Photo: Test Museum' }));
  });

  test('an update changes the statement and the credit, and leaves them when not sent', async () => {
    const { id } = await createArtifact(writer, { rights: 'http://creativecommons.org/licenses/by/4.0/', credit: 'Photo: A' });
    expectStatus(await api(`/artifacts/${id}`, { method: 'PATCH', token: writer.token, body: { name: `Renamed ${Date.now()}` } }), 200);
    expect(await read(id)).toEqual(expect.objectContaining({ rights: 'http://creativecommons.org/licenses/by/4.0/', credit: 'Photo: A' }));
    const patch = await api(`/artifacts/${id}`, { method: 'PATCH', token: writer.token, body: { rights: 'http://rightsstatements.org/vocab/InC-EDU/1.0/', credit: '  ' } });
    expectStatus(patch, 200);
    expect(await read(id)).toEqual(expect.objectContaining({ rights: 'http://rightsstatements.org/vocab/InC-EDU/1.0/', credit: '' }));
  });

  test.each([
    ['an https spelling', 'https://creativecommons.org/licenses/by/4.0/'],
    ['no trailing slash', 'http://creativecommons.org/licenses/by/4.0'],
    ['a licence outside the set', 'http://creativecommons.org/licenses/by/3.0/'],
    ['a label instead of the URI', 'CC BY'],
    ['an empty text', ''],
    ['a number', 7],
    ['an operator object', { $ne: null }],
  ])('rights as %s: 400 naming the field, nothing stored', async (_, rights) => {
    const before = await (await artifactsCollection()).countDocuments({ adderUid: writer.uid });
    const body = expectApiError(await api<CreateArtifactResponse>('/artifacts', { method: 'POST', token: writer.token, body: { ...artifactInput(), rights } }), 400);
    expect(body.fields?.['rights']).toMatch(/^Rights must be the URI of one of the listed rights statements$/);
    expect(await (await artifactsCollection()).countDocuments({ adderUid: writer.uid })).toBe(before);
  });

  test('an unknown URI in an update: 400 naming the field, the stored statement unchanged', async () => {
    const { id } = await createArtifact(writer, { rights: 'http://creativecommons.org/publicdomain/zero/1.0/' });
    const body = expectApiError(await api(`/artifacts/${id}`, { method: 'PATCH', token: writer.token, body: { rights: 'http://example.org/my-licence/' } }), 400);
    expect(Object.keys(body.fields ?? {})).toEqual(['rights']);
    expect((await storedArtifact(id))?.['rights']).toBe('http://creativecommons.org/publicdomain/zero/1.0/');
  });

  test(`a credit line of ${MAX_CREDIT_LENGTH} characters is stored; one more, control characters or a non-text answer 400`, async () => {
    const credit = `Photo: ${'x'.repeat(MAX_CREDIT_LENGTH - 7)}`;
    const { id } = await createArtifact(writer, { credit });
    expect((await storedArtifact(id))?.['credit']).toBe(credit);
    for (const [bad, message] of [
      [`${credit}y`, `Credit line must be at most ${MAX_CREDIT_LENGTH} characters`],
      ['Photo:\u0000A', 'Credit line contains invalid characters'],
      [['a'], 'Credit line must be text'],
    ] as const) {
      const body = expectApiError(await api(`/artifacts/${id}`, { method: 'PATCH', token: writer.token, body: { credit: bad } }), 400);
      expect(body.fields?.['credit']).toBe(message);
    }
    expect((await storedArtifact(id))?.['credit']).toBe(credit);
  });
});
