// Who a write is credited to, and who may still write: the display name as the member set it (even
// when their token predates it), renames followed, and accounts that were cut off refused.
import { ANONYMOUS_NAME } from '@antiquarium/contracts';
import { createArtifact, artifactInput } from './support/artifacts';
import { adminUpdate, anonymousToken, createUser, disableUser, googleToken, nameAfterToken, renameUser, uniqueTag } from './support/auth';
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


test('a member whose email is not verified may browse but not write or like (403), nothing stored; once verified, the same session writes', async () => {
  const member = await createUser({ verified: false });
  const liked = await createArtifact(await createUser());
  expect((await api('/artifacts?limit=1', { token: member.token })).status).toBe(200);
  const body = expectApiError(await api('/artifacts', { method: 'POST', token: member.token, body: artifactInput() }), 403);
  expect(body.message).toMatch(/verify your email/i);
  expectApiError(await api(`/artifacts/toggle-like/${liked.id}`, { method: 'PATCH', token: member.token }), 403);
  expect(await (await contributorsCollection()).findOne({ _id: member.uid as never })).toBeNull();
  // The member opens the link in their mailbox; the token they hold was minted before it.
  await adminUpdate(member.uid, { emailVerified: true });
  expect((await api('/artifacts', { method: 'POST', token: member.token, body: artifactInput() })).status).toBe(201);
});

test('a Google account needs no verification link: its address is verified by Google', async () => {
  const token = await googleToken(`Google Member ${uniqueTag('g')}`);
  expect((await api('/artifacts', { method: 'POST', token, body: artifactInput() })).status).toBe(201);
});

test('nobody can write under a name that reads like another member’s (409, nothing stored); the holder can', async () => {
  const tag = uniqueTag('lk');
  const holder = await createUser({ name: `Ada Lovelace ${tag}` });
  await createArtifact(holder);
  // A Cyrillic А, a digit 0 for an o, 'rn' for an m: each passes for the holder's name on a card.
  for (const lookAlike of [`Аda Lovelace ${tag}`, `Ada L0velace ${tag}`, `ada  lovelace ${tag.toUpperCase()}`]) {
    const impostor = await createUser({ name: lookAlike });
    const body = expectApiError(await api('/artifacts', { method: 'POST', token: impostor.token, body: artifactInput() }), 409);
    expect(body.message).toMatch(/reads like another member’s/);
    expect(await (await contributorsCollection()).findOne({ _id: impostor.uid as never })).toBeNull();
  }
  // The holder writes on, and a member whose name a reader tells apart is not held back.
  await createArtifact(holder);
  await createArtifact(await createUser({ name: `Ava Lovelace ${tag}` }));
});

test('a display name that reads as the placeholder for nameless members is refused (409)', async () => {
  const member = await createUser({ name: 'Anonym0us' });
  expectApiError(await api('/artifacts', { method: 'POST', token: member.token, body: artifactInput() }), 409);
});
