// Who a write is credited to, and who may still write: the display name as the member set it (even
// when their token predates it), renames followed, and accounts that were cut off refused.
import { ANONYMOUS_NAME } from '@antiquarium/contracts';
import { createArtifact, artifactInput } from './support/artifacts';
import { anonymousToken, createUser, disableUser, nameAfterToken, renameUser, uniqueTag } from './support/auth';
import { contributorsCollection, storedArtifact } from './support/db';
import { api, expectApiError } from './support/http';

test('a token minted before the display name was set still credits the member by name', async () => {
  const member = await createUser({ name: null });
  const name = `Probe Person ${uniqueTag('n')}`;
  await nameAfterToken(member, name);
  const { id } = await createArtifact(member);
  expect((await storedArtifact(id))?.['adderName']).toBe(name);
  const entry = await (await contributorsCollection()).findOne({ _id: member.uid as never });
  expect(entry?.['name']).toBe(name);
});

test('a member who never set a name is credited as Anonymous', async () => {
  const member = await createUser({ name: null });
  const { id } = await createArtifact(member);
  expect((await storedArtifact(id))?.['adderName']).toBe(ANONYMOUS_NAME);
});

test('after a rename, the next write shows the new name on every earlier artifact and in the ranking', async () => {
  const member = await createUser({ name: `Old Name ${uniqueTag('o')}` });
  const first = await createArtifact(member);
  const second = await createArtifact(member);
  const renamed = await renameUser(member, `New Name ${uniqueTag('r')}`);
  const third = await createArtifact(renamed);
  for (const { id } of [first, second, third]) expect((await storedArtifact(id))?.['adderName']).toBe(renamed.name);
  const entry = await (await contributorsCollection()).findOne({ _id: member.uid as never });
  expect(entry?.['name']).toBe(renamed.name);
  const listed = await api<{ adderName: string }>(`/artifacts/${first.id}`);
  expect(listed.body.adderName).toBe(renamed.name);
});

test('a disabled member’s next write is refused with 401, and nothing is stored', async () => {
  const member = await createUser();
  await createArtifact(member);
  await disableUser(member);
  const before = await (await contributorsCollection()).findOne({ _id: member.uid as never });
  const body = expectApiError(await api('/artifacts', { method: 'POST', token: member.token, body: artifactInput() }), 401);
  expect(body.message).toMatch(/sign in again/i);
  const after = await (await contributorsCollection()).findOne({ _id: member.uid as never });
  expect(after?.['artifacts']).toBe(before?.['artifacts']);
});

test('a member whose display name reverses the reading direction cannot write under it (400), nothing stored', async () => {
  const member = await createUser({ name: '\u202Eyelrah ronaelE' });
  const body = expectApiError(await api('/artifacts', { method: 'POST', token: member.token, body: artifactInput() }), 400);
  expect(body.message).toMatch(/display name/i);
  expect(await (await contributorsCollection()).findOne({ _id: member.uid as never })).toBeNull();
});

test('an anonymous sign-in may browse but not write (403)', async () => {
  const token = await anonymousToken();
  expect((await api('/artifacts?limit=1', { token })).status).toBe(200);
  const body = expectApiError(await api('/artifacts', { method: 'POST', token, body: artifactInput() }), 403);
  expect(body.message).toMatch(/email address or a Google account/);
});

