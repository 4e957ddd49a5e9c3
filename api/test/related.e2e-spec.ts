// "Related artifacts" (issue 28): GET /artifacts/:id/related answers up to 6 public artifacts of the
// same era, type or place, from the catalog (or the database with API_CATALOG=off), never the
// artifact itself or one hidden by moderation. Also: the OpenAPI document lists it, and rights and
// credit in the artifact schemas.
import { DEFAULT_RIGHTS, ERAS, RIGHTS_URIS, type Artifact, type DecisionView } from '@antiquarium/contracts';
import { createArtifact, missingId, toggleLike } from './support/artifacts';
import { createUser, createUsers, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { api, expectApiError, expectStatus } from './support/http';

let contributor: TestUser;
let moderator: TestUser;
let likers: TestUser[];

beforeAll(async () => {
  contributor = await createUser();
  moderator = await grantModerator(await createUser());
  likers = await createUsers(3);
});

async function restrict(artifactId: string): Promise<void> {
  const answer = await api<DecisionView>('/moderation/decisions', {
    method: 'POST',
    token: moderator.token,
    body: { artifactId, action: 'restrict', ground: 'rule-6', facts: 'Advertises a shop', reportIds: [] },
  });
  expectStatus(answer, 201);
}

async function related(id: string, token?: string): Promise<Artifact[]> {
  const response = await api<Artifact[]>(`/artifacts/${id}/related`, token ? { token } : {});
  expectStatus(response, 200);
  return response.body;
}

const prehistory = ERAS.find((era) => era.value === 'prehistory')!;

test('up to 6 of the same era, type or place, the closest and most liked first, never itself or a hidden one', async () => {
  const word = uniqueTag('rel');
  // Writings of prehistory from Peru: a rare likeness, so the liked ones lead the first query.
  const like = { type: 'Writings', createdAt: '3500 BC', location: 'Lima, Peru' } as const;
  const source = await createArtifact(contributor, { ...like, name: `Tablet ${word}` });
  const near = await createArtifact(contributor, { ...like, name: `Cord ${word}` });
  const hidden = await createArtifact(contributor, { ...like, name: `Knot ${word}` });
  for (const liker of likers.slice(0, 2)) await toggleLike(liker, near.id);
  for (const liker of likers) await toggleLike(liker, hidden.id);

  const before = await related(source.id);
  expect(before.map((artifact) => artifact._id).slice(0, 2)).toEqual([hidden.id, near.id]);

  await restrict(hidden.id);
  const after = await related(source.id);
  const ids = after.map((artifact) => artifact._id);
  expect(ids[0]).toBe(near.id);
  expect(ids).not.toContain(hidden.id);
  expect(ids).not.toContain(source.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(after.length).toBeGreaterThanOrEqual(1);
  expect(after.length).toBeLessThanOrEqual(6);
  for (const artifact of after) {
    const sameEra = artifact.dating !== null && artifact.dating.start <= prehistory.to && artifact.dating.end >= prehistory.from;
    expect(artifact.type === 'Writings' || sameEra || /Peru/.test(artifact.location)).toBe(true);
    // Public fields only, for anyone.
    expect(artifact).not.toHaveProperty('adderEmail');
    expect(artifact).not.toHaveProperty('moderation');
  }
});

test('six at most, though more are alike', async () => {
  const word = uniqueTag('many');
  const alike = { type: 'Tools', createdAt: '3200 BC', location: 'Cusco, Peru' } as const;
  const source = await createArtifact(contributor, { ...alike, name: `Adze ${word}` });
  for (let index = 0; index < 7; index += 1) await createArtifact(contributor, { ...alike, name: `Awl ${index} ${word}` });
  const list = await related(source.id);
  expect(list).toHaveLength(6);
  expect(list.map((artifact) => artifact._id)).not.toContain(source.id);
});

test('a hidden artifact has related ones for its contributor only; an unknown or malformed id 404, as the details', async () => {
  const source = await createArtifact(contributor, { name: `Hidden ${uniqueTag('rel')}` });
  await restrict(source.id);
  expectApiError(await api(`/artifacts/${source.id}/related`), 404);
  expectApiError(await api(`/artifacts/${source.id}/related`, { token: likers[0]!.token }), 404);
  expect(Array.isArray(await related(source.id, contributor.token))).toBe(true);
  expectApiError(await api(`/artifacts/${missingId()}/related`), 404);
  expectApiError(await api('/artifacts/not-an-id/related'), 404);
});

describe('OpenAPI document', () => {
  interface Schema {
    type?: string;
    enum?: string[];
    description?: string;
    items?: Schema;
    maxItems?: number;
    properties?: Record<string, Schema>;
  }
  interface Operation {
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  }
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    const response = await api<{ paths: typeof paths }>('/docs-json');
    expectStatus(response, 200);
    paths = response.body.paths;
  });

  test('lists GET /artifacts/{id}/related: an array of at most 6 artifacts', () => {
    const schema = paths['/artifacts/{id}/related']?.['get']?.responses['200']?.content?.['application/json']?.schema;
    expect(schema).toEqual(expect.objectContaining({ type: 'array', maxItems: 6 }));
    expect(Object.keys(schema?.items?.properties ?? {})).toEqual(expect.arrayContaining(['_id', 'name', 'rights', 'credit']));
  });

  test('artifacts carry rights (the statements’ URIs) and credit, read and written', () => {
    const read = paths['/artifacts/{id}']?.['get']?.responses['200']?.content?.['application/json']?.schema;
    expect(read?.properties?.['rights']).toEqual(expect.objectContaining({ type: 'string', enum: [...RIGHTS_URIS] }));
    expect(read?.properties?.['credit']).toEqual(expect.objectContaining({ type: 'string' }));
    for (const [path, method] of [['/artifacts', 'post'], ['/artifacts/{id}', 'patch']] as const) {
      const body = paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
      expect(body?.properties?.['rights']).toEqual(expect.objectContaining({ enum: [...RIGHTS_URIS] }));
      expect(body?.properties?.['rights']?.description).toContain(DEFAULT_RIGHTS);
      expect(body?.properties?.['credit']).toEqual(expect.objectContaining({ type: 'string' }));
    }
  });
});
