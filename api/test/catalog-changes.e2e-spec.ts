// Another instance's writes reach an api without Redis through the change log, re-reading only what
// changed (docs/decisions/0007-discovery-search.md, "Fresh after writes"): a create, an update, a
// delete and a moderation restriction made on the main api show in the other's lists within its
// refresh interval.
import type { Artifact } from '@antiquarium/contracts';
import { createArtifact } from './support/artifacts';
import { createUser, grantModerator, uniqueTag, type TestUser } from './support/auth';
import { NO_REDIS_API_URL, NO_REDIS_REFRESH_MS } from './support/env';
import { api, expectStatus, newClientAddress } from './support/http';

/** The refresh interval, a tick's own work and one read of the list. */
const BOUND_MS = 2 * NO_REDIS_REFRESH_MS + 1000;
/** Between two reads of the list while waiting (a pace, not a wait for the outcome). */
const PACE_MS = 50;

let contributor: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  contributor = await createUser();
  moderator = await grantModerator(await createUser());
});

/** Names the api without Redis lists for a search word (each read from a client of its own). */
async function namesThere(word: string): Promise<string[]> {
  const answer = await api<Artifact[]>(`${NO_REDIS_API_URL}/artifacts?search=${word}&sort=name`, { headers: { 'x-forwarded-for': newClientAddress() } });
  expectStatus(answer, 200);
  return answer.body.map((artifact) => artifact.name);
}

/** Reads the other api's list until it shows `expected` or the bound has passed; then checks it. */
async function shownThere(word: string, expected: string[]): Promise<void> {
  const started = Date.now();
  let names = await namesThere(word);
  while (JSON.stringify(names) !== JSON.stringify(expected) && Date.now() - started < BOUND_MS) {
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    names = await namesThere(word);
  }
  expect({ names, withinMs: BOUND_MS }).toEqual({ names: expected, withinMs: BOUND_MS });
}

test('a create, an update, a delete and a moderation restriction made on one api show on an api without Redis within its refresh interval', async () => {
  const tag = uniqueTag('log');
  await expect(namesThere(tag)).resolves.toEqual([]);
  const { id: first } = await createArtifact(contributor, { name: `Amphora ${tag}` });
  const { id: second } = await createArtifact(contributor, { name: `Brooch ${tag}` });
  const { id: third } = await createArtifact(contributor, { name: `Censer ${tag}` });
  await shownThere(tag, [`Amphora ${tag}`, `Brooch ${tag}`, `Censer ${tag}`]);

  expectStatus(await api(`/artifacts/${first}`, { method: 'PATCH', token: contributor.token, body: { name: `Urn ${tag}` } }), 200);
  await shownThere(tag, [`Brooch ${tag}`, `Censer ${tag}`, `Urn ${tag}`]);

  expectStatus(await api(`/artifacts/${second}`, { method: 'DELETE', token: contributor.token }), 200);
  await shownThere(tag, [`Censer ${tag}`, `Urn ${tag}`]);

  const decision = await api('/moderation/decisions', {
    method: 'POST',
    token: moderator.token,
    body: { artifactId: third, action: 'restrict', ground: 'spam', facts: 'An advertisement', reportIds: [] },
  });
  expectStatus(decision, 201);
  await shownThere(tag, [`Urn ${tag}`]);
});
