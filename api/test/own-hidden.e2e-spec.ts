// A contributor keeps sight of their own artifacts that a moderation decision hid (issue 27,
// docs/decisions/0012-moderation.md): on details and in their own list (My Artifacts), marked, while
// every public list leaves them out. The catalog never holds a hidden artifact, so the own list of a
// member who has one is read from the database. A member's liked list leaves them out too, and its
// count with them (issue 45).
import type { Artifact, DecisionView } from '@antiquarium/contracts';
import { createArtifact, toggleLike } from './support/artifacts';
import { createUser, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { api, expectApiError, expectStatus, pageHeaders } from './support/http';

let contributor: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  contributor = await createUser();
  moderator = await grantModerator(await createUser());
});

async function decide(artifactId: string, action: 'restrict' | 'remove'): Promise<DecisionView> {
  const answer = await api<DecisionView>('/moderation/decisions', {
    method: 'POST',
    token: moderator.token,
    body: { artifactId, action, ground: 'rule-6', facts: 'Advertises a shop', reportIds: [] },
  });
  expectStatus(answer, 201);
  return answer.body;
}

function ownList(query = '') {
  return api<Artifact[]>(`/artifacts?email=${encodeURIComponent(contributor.email)}&sort=latest&limit=20${query}`, { token: contributor.token });
}

test("a restricted or removed artifact stays in its contributor's own list and details, marked, and in no public list", async () => {
  const word = uniqueTag('own');
  const kept = await createArtifact(contributor, { name: `Lamp ${word}` });
  const restricted = await createArtifact(contributor, { name: `Coin ${word}` });
  const removed = await createArtifact(contributor, { name: `Seal ${word}` });
  await decide(restricted.id, 'restrict');
  await decide(removed.id, 'remove');

  const own = await ownList();
  expectStatus(own, 200);
  expect(own.body.map((artifact) => [artifact._id, artifact.moderation ?? null])).toEqual([
    [removed.id, 'removed'],
    [restricted.id, 'restricted'],
    [kept.id, null],
  ]);
  expect(pageHeaders(own).total).toBe(3);
  // Narrowed by a search word, the own list still holds them.
  const searched = await ownList(`&search=${word}`);
  expect(searched.body.map((artifact) => artifact._id).sort()).toEqual([kept.id, restricted.id, removed.id].sort());

  const details = await api<Artifact>(`/artifacts/${restricted.id}`, { token: contributor.token });
  expectStatus(details, 200);
  expect(details.body.moderation).toBe('restricted');

  // Everyone else: not in the public lists, details 404, and nobody lists another member's own.
  const other = await createUser();
  const publicList = await api<Artifact[]>(`/artifacts?search=${word}`, { token: other.token });
  expect(publicList.body.map((artifact) => artifact._id)).toEqual([kept.id]);
  expectApiError(await api(`/artifacts/${restricted.id}`, { token: other.token }), 404);
  expectApiError(await api(`/artifacts?email=${encodeURIComponent(contributor.email)}`, { token: other.token }), 403);
});

test('liked artifacts that a decision hid leave the liked list and its count: X-Total-Count is what the pages list', async () => {
  const [adder, fan] = [await createUser(), await createUser()];
  const word = uniqueTag('liked-hidden');
  const shown = await createArtifact(adder, { name: `Jug ${word}` });
  const restricted = await createArtifact(adder, { name: `Ring ${word}` });
  const removed = await createArtifact(adder, { name: `Bead ${word}` });
  for (const { id } of [restricted, shown, removed]) await toggleLike(fan, id);
  await decide(restricted.id, 'restrict');
  await decide(removed.id, 'remove');

  const liked = await api<Artifact[]>('/liked-artifacts', { token: fan.token });
  expectStatus(liked, 200);
  expect({ ids: liked.body.map((artifact) => artifact._id), total: pageHeaders(liked).total }).toEqual({ ids: [shown.id], total: 1 });
  // Paged one by one: the first page holds the one shown and no page follows it.
  const first = await api<Artifact[]>('/liked-artifacts?limit=1', { token: fan.token });
  expect({ ids: first.body.map((artifact) => artifact._id), headers: pageHeaders(first) }).toEqual({
    ids: [shown.id],
    headers: expect.objectContaining({ total: 1, page: 1, pageSize: 1, nextPage: undefined }),
  });
  // Their contributor, who still sees them on their details, may like them; the liked list, a public
  // one, leaves them out all the same.
  for (const { id } of [restricted, removed]) await toggleLike(adder, id);
  const own = await api<Artifact[]>('/liked-artifacts', { token: adder.token });
  expect({ ids: own.body.map((artifact) => artifact._id), total: pageHeaders(own).total }).toEqual({ ids: [], total: 0 });
});
