// GET /me/export and DELETE /me: a member's rights over their data (docs/decisions/0013). Real HTTP
// against the api, the Auth Emulator and FerretDB (both handlers, see scripts/test.mjs).
import { FORMER_MEMBER_NAME, MEMBER_EXPORT_FORMAT, type Artifact, type Contributor } from '@antiquarium/contracts';
import { artifactInput, createArtifact, toggleLike } from './support/artifacts';
import { createUser, type TestUser } from './support/auth';
import { AUTH_EMULATOR_HOST, RATE_LIMITED_API_URL } from './support/env';
import { artifactsCollection, contributorsCollection, db, likeRecordCount, likesCollection, objectId, storedArtifact } from './support/db';
import { api, expectApiError, expectStatus } from './support/http';

interface MemberExport {
  format: string;
  exportedAt: string;
  account: { uid: string; email: string; name: string | null; photo: string | null; created: string | null };
  artifacts: (Artifact & { adderUid: string; adderEmail: string })[];
  likes: { artifactId: string; likedAt: string }[];
  contributor: { name: string; artifacts: number; likes: number } | null;
}

/** One of the api's CORS origins (its local default): the site's pages. */
const SITE_ORIGIN = 'http://localhost:4200';

const deleteMe = (user: TestUser, body: unknown) => api<{ deleted: boolean; contributions: string }>('/me', { method: 'DELETE', token: user.token, body });

/** Signs in with the member's password at the identity service: the emulator's answer status. */
async function signInStatus(user: TestUser): Promise<number> {
  const response = await fetch(`http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  return response.status;
}

async function expectCounts(id: string, expected: number) {
  expect({ field: (await storedArtifact(id))?.['likes'], records: await likeRecordCount(id) }).toEqual({ field: expected, records: expected });
}

async function contributorEntry(uid: string) {
  return (await contributorsCollection()).findOne({ _id: uid as never });
}

describe('GET /me/export', () => {
  test('401 signed out, with the error shape', async () => {
    expectApiError(await api('/me/export'), 401);
  });

  test('everything held about the member, as a JSON attachment: account, artifacts, likes, contributor entry', async () => {
    const member = await createUser();
    const other = await createUser();
    const mine = await createArtifact(member);
    const theirs = await createArtifact(other);
    await toggleLike(member, theirs.id);
    await toggleLike(other, mine.id);

    const response = await api<MemberExport>('/me/export', { token: member.token });
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="antiquarium-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // The site's pages (another origin) may read the file name.
    const fromSite = await api('/me/export', { token: member.token, headers: { origin: SITE_ORIGIN } });
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect((fromSite.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/)).toContain('content-disposition');
    const data = response.body;
    expect(data.format).toBe(MEMBER_EXPORT_FORMAT);
    expect(data.account).toEqual(expect.objectContaining({ uid: member.uid, email: member.email, name: member.name, photo: null }));
    expect(Date.parse(data.account.created ?? '')).toBeGreaterThan(0);
    expect(data.artifacts.map((artifact) => artifact._id)).toEqual([mine.id]);
    expect(data.artifacts[0]).toEqual(
      expect.objectContaining({ name: mine.input.name, location: mine.input.location, adderUid: member.uid, adderEmail: member.email, likes: 1 }),
    );
    expect(data.likes).toEqual([{ artifactId: theirs.id, likedAt: expect.any(String) }]);
    expect(data.contributor).toEqual({ name: member.name, artifacts: 1, likes: 1 });
    // Nothing of the other member's in this member's file.
    expect(response.text).not.toContain(other.uid);
    expect(response.text).not.toContain(other.email);
  });

  test('a member with many artifacts gets them all (the export pages through them)', async () => {
    const member = await createUser();
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await createArtifact(member)).id);
    const response = await api<MemberExport>('/me/export', { token: member.token });
    expectStatus(response, 200);
    expect(response.body.artifacts.map((artifact) => artifact._id).sort()).toEqual([...ids].sort());
  });

  test('a budget of its own per member: 429 with Retry-After past EXPORT_RATE_LIMIT (5), another member unaffected', async () => {
    const member = await createUser();
    const other = await createUser();
    for (let i = 0; i < 5; i += 1) expectStatus(await api(`${RATE_LIMITED_API_URL}/me/export`, { token: member.token }), 200);
    const refused = await api(`${RATE_LIMITED_API_URL}/me/export`, { token: member.token });
    expectApiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expectStatus(await api(`${RATE_LIMITED_API_URL}/me/export`, { token: other.token }), 200);
  });
});

describe('DELETE /me', () => {
  test('401 signed out; 400 naming the field for a wrong confirmation or choice, and nothing is deleted', async () => {
    expectApiError(await api('/me', { method: 'DELETE', body: { contributions: 'delete', confirmEmail: 'x@example.org' } }), 401);
    const member = await createUser();
    const { id } = await createArtifact(member);
    expect(expectApiError(await deleteMe(member, { contributions: 'delete', confirmEmail: `not-${member.email}` }), 400).message).toMatch(/confirmEmail/);
    expect(expectApiError(await deleteMe(member, { contributions: 'keep', confirmEmail: member.email }), 400).message).toMatch(/contributions/);
    expectApiError(await deleteMe(member, { contributions: 'delete' }), 400);
    expectApiError(await deleteMe(member, { contributions: 'delete', confirmEmail: member.email, extra: 1 }), 400);
    expect(await storedArtifact(id)).not.toBeNull();
    expect(await signInStatus(member)).toBe(200);
    expect(await (await db()).collection('member_deletions').countDocuments({ _id: member.uid as never })).toBe(0);
  });

  test('delete: the account, the artifacts (and their likes) and the likes go; counts on others’ artifacts are settled; sign-in fails', async () => {
    const member = await createUser();
    const other = await createUser();
    const fan = await createUser();
    const mine = await createArtifact(member);
    const theirs = await createArtifact(other);
    await toggleLike(member, theirs.id);
    await toggleLike(fan, theirs.id);
    await toggleLike(fan, mine.id);
    await expectCounts(theirs.id, 2);

    // The email is compared case-insensitively, as typed.
    const response = await deleteMe(member, { contributions: 'delete', confirmEmail: ` ${member.email.toUpperCase()} ` });
    expectStatus(response, 200);
    expect(response.body).toEqual({ deleted: true, contributions: 'delete' });

    expect(await storedArtifact(mine.id)).toBeNull();
    expect(await likeRecordCount(mine.id)).toBe(0);
    expectApiError(await api(`/artifacts/${mine.id}`), 404);
    await expectCounts(theirs.id, 1);
    expect((await api<Artifact>(`/artifacts/${theirs.id}`)).body.likes).toBe(1);
    expect(await (await likesCollection()).countDocuments({ uid: member.uid })).toBe(0);
    expect(await contributorEntry(member.uid)).toBeNull();
    expect(await contributorEntry(other.uid)).toEqual(expect.objectContaining({ artifacts: 1, likes: 1 }));
    expect(await (await db()).collection('member_deletions').countDocuments({ _id: member.uid as never })).toBe(0);

    expect(await signInStatus(member)).toBe(400);
    expectApiError(await api('/me/export', { token: member.token }), 401);
    expectApiError(await deleteMe(member, { contributions: 'delete', confirmEmail: member.email }), 401);
  });

  test('anonymize: the artifacts stay under "Former member" with no link to the member; their likes stay counted', async () => {
    const member = await createUser();
    const fan = await createUser();
    const mine = await createArtifact(member);
    await toggleLike(fan, mine.id);

    expectStatus(await deleteMe(member, { contributions: 'anonymize', confirmEmail: member.email }), 200);

    const stored = await storedArtifact(mine.id);
    expect(stored).toEqual(expect.objectContaining({ adderName: FORMER_MEMBER_NAME, adderEmail: '', likes: 1 }));
    expect(JSON.stringify(stored)).not.toContain(member.uid);
    expect(JSON.stringify(stored)).not.toContain(member.email);
    expect(String(stored?.['adderUid']).length).toBeGreaterThan(128);
    const details = await api<Artifact>(`/artifacts/${mine.id}`, { token: fan.token });
    expectStatus(details, 200);
    expect(details.body).toEqual(expect.objectContaining({ adderName: FORMER_MEMBER_NAME, likes: 1 }));
    expect(details.body.adderEmail).toBeUndefined();
    // Lists (the in-process catalog) were told: the artifact shows with its new credit.
    const listed = await api<Artifact[]>(`/artifacts?search=${encodeURIComponent(mine.input.name)}`);
    expect(listed.body.find((artifact) => artifact._id === mine.id)?.adderName).toBe(FORMER_MEMBER_NAME);
    // No contributor entry for the member, none for "Former member" either, also after a like.
    await toggleLike(fan, mine.id);
    await toggleLike(fan, mine.id);
    expect(await contributorEntry(member.uid)).toBeNull();
    expect(await (await contributorsCollection()).countDocuments({ _id: stored?.['adderUid'] })).toBe(0);
    const top = await api<Contributor[]>('/contributors/top');
    expect(JSON.stringify(top.body)).not.toContain(FORMER_MEMBER_NAME);
    expect(await signInStatus(member)).toBe(400);
  });

  test('nobody can pose as "Former member": a display name that reads like it is refused (409)', async () => {
    for (const name of ['Former member', 'F0rmer  Member']) {
      const member = await createUser({ name });
      expectApiError(await api('/artifacts', { method: 'POST', token: member.token, body: artifactInput() }), 409);
    }
  });

  test('a deletion cut off half-way (recorded, one artifact credited, the rest still there) is completed by the retry, with its first choice', async () => {
    const member = await createUser();
    const other = await createUser();
    const first = await createArtifact(member);
    const second = await createArtifact(member);
    const theirs = await createArtifact(other);
    await toggleLike(member, theirs.id);
    await toggleLike(other, theirs.id);
    // What a process that died while crediting the member's artifacts leaves: the deletion recorded
    // (anonymize), one artifact credited to "Former member", the other, the likes and the account not.
    await (await db()).collection('member_deletions').insertOne({ _id: member.uid as never, contributions: 'anonymize', requestedAt: new Date(), attempts: 1 });
    await (await artifactsCollection()).updateOne({ _id: objectId(first.id) }, { $set: { adderUid: `former-member:${'-'.repeat(115)}`, adderName: FORMER_MEMBER_NAME, adderEmail: '' } });

    const retry = await deleteMe(member, { contributions: 'delete', confirmEmail: member.email });
    expectStatus(retry, 200);
    expect(retry.body).toEqual({ deleted: true, contributions: 'anonymize' });
    for (const id of [first.id, second.id]) expect(await storedArtifact(id)).toEqual(expect.objectContaining({ adderName: FORMER_MEMBER_NAME, adderEmail: '' }));
    expect(await (await artifactsCollection()).countDocuments({ adderUid: member.uid })).toBe(0);
    expect(await (await likesCollection()).countDocuments({ uid: member.uid })).toBe(0);
    await expectCounts(theirs.id, 1);
    expect(await contributorEntry(member.uid)).toBeNull();
    expect(await signInStatus(member)).toBe(400);
    expect(await (await db()).collection('member_deletions').countDocuments({ _id: member.uid as never })).toBe(0);
  });
});
