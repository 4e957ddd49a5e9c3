// A contributor keeps sight of their own artifacts that a moderation decision hid (issue 27,
// docs/decisions/0012-moderation.md): on details and in their own list (My Artifacts), marked, while
// every public list leaves them out. The catalog never holds a hidden artifact, so the own list of a
// member who has one is read from the database.
import type { Artifact, DecisionView } from '@antiquarium/contracts';
import { createArtifact } from './support/artifacts';
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
