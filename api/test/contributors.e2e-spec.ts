// GET /contributors/top: the home page's ranking, computed by the server.
import type { Contributor } from '@antiquarium/contracts';
import { createArtifact, toggleLike } from './support/artifacts';
import { createUser, createUsers, uniqueTag, type TestUser } from './support/auth';
import { contributorsCollection, likeRecordCount, storedArtifact } from './support/db';
import { api, expectApiError, expectStatus } from './support/http';

const top = (query = '') => api<Contributor[]>(`/contributors/top${query}`);

function expectRanking(entries: Contributor[], max: number) {
  expect(entries.length).toBeLessThanOrEqual(max);
  for (const entry of entries) {
    expect(Object.keys(entry).sort()).toEqual(['artifacts', 'likes', 'name']);
    expect(entry).toEqual({ name: expect.any(String), artifacts: expect.any(Number), likes: expect.any(Number) });
    expect(Number.isInteger(entry.artifacts) && entry.artifacts >= 0).toBe(true);
    expect(Number.isInteger(entry.likes) && entry.likes >= 0).toBe(true);
  }
  const likes = entries.map((entry) => entry.likes);
  expect(likes).toEqual([...likes].sort((a, b) => b - a));
}

describe('GET /contributors/top', () => {
  test('by default: at most 3 entries of { name, artifacts, likes }, most liked first', async () => {
    const response = await top();
    expectStatus(response, 200);
    expectRanking(response.body, 3);
  });

  test('limit=10 gives at most 10, limit=1 at most 1', async () => {
    const ten = await top('?limit=10');
    expectStatus(ten, 200);
    expectRanking(ten.body, 10);
    const one = await top('?limit=1');
    expectStatus(one, 200);
    expectRanking(one.body, 1);
    expect(one.body.map((item) => item.likes)).toEqual(ten.body.slice(0, 1).map((item) => item.likes));
  });

  test.each(['0', '11', '-1', 'abc', '2.5', '3&limit=4'])('limit=%s answers 400', async (limit) => {
    expectApiError(await top(`?limit=${limit}`), 400);
  });

  describe('after a user adds artifacts and gets likes', () => {
    const artifactsMade = 3;
    let curator: TestUser;
    let targets: string[];
    let likers: TestUser[];

    beforeAll(async () => {
      curator = await createUser({ name: `${uniqueTag('Curator')} Quill` });
      targets = [];
      for (let i = 0; i < artifactsMade; i += 1) targets.push((await createArtifact(curator)).id);
      // Enough likes to rank in the top 10 even after one artifact goes: strictly more than the
      // 10th entry has now (capped, so a huge seed cannot make this test slow).
      const before = await top('?limit=10');
      const bar = before.body.length < 10 ? 0 : (before.body[9]?.likes ?? 0);
      const needed = Math.floor(bar / (artifactsMade - 1)) + 2;
      // (A database whose top 10 needs more than this is not one these tests run on.)
      if (needed > 40) throw new Error(`set-up: the 10th contributor has ${bar} likes, more than this test can outrank`);
      likers = await createUsers(Math.max(2, needed));
      for (const liker of likers) for (const target of targets) await toggleLike(liker, target);
    });

    const entry = async () => (await top('?limit=10')).body.find((item) => item.name === curator.name);

    test('their entry counts their artifacts and the likes they got, and shows no email', async () => {
      const response = await top('?limit=10');
      expectStatus(response, 200);
      expectRanking(response.body, 10);
      const expectedLikes = likers.length * artifactsMade;
      const mine = response.body.find((item) => item.name === curator.name);
      expect(mine).toEqual({ name: curator.name, artifacts: artifactsMade, likes: expectedLikes });
      expect(response.text).not.toContain(curator.email);
      expect(response.text).not.toMatch(/@test\.antiquarium\.example/);
    });

    test('an unlike and a deleted artifact are taken off their totals', async () => {
      const [firstLiker] = likers;
      if (!firstLiker || !targets[0] || !targets[1]) throw new Error('setup missing');
      await toggleLike(firstLiker, targets[0]);
      // (Outranking the 10th entry by the set-up's margin, the curator is listed throughout.)
      expect(await entry()).toEqual({ name: curator.name, artifacts: artifactsMade, likes: likers.length * artifactsMade - 1 });
      expectStatus(await api(`/artifacts/${targets[1]}`, { method: 'DELETE', token: curator.token }), 200);
      expect(await entry()).toEqual({
        name: curator.name,
        artifacts: artifactsMade - 1,
        likes: likers.length * artifactsMade - 1 - likers.length,
      });
    });
  });

  test('artifacts added, liked, unliked and deleted all at once leave the totals exact (each write moves them under a lock)', async () => {
    const curator = await createUser({ name: `${uniqueTag('Busy')} Archivist` });
    const likers = await createUsers(6);
    const ids = (await Promise.all([1, 2, 3, 4].map(() => createArtifact(curator)))).map((artifact) => artifact.id);
    const [kept, gone] = ids;
    if (!kept || !gone) throw new Error('set-up: artifacts missing');
    // Every liker likes every artifact at once; meanwhile one artifact is deleted.
    const answers: number[] = [];
    const likes = likers.flatMap((liker) => ids.map((id) => api(`/artifacts/toggle-like/${id}`, { method: 'PATCH', token: liker.token }).then((response) => answers.push(response.status))));
    const deletion = api(`/artifacts/${gone}`, { method: 'DELETE', token: curator.token });
    await Promise.all([...likes, deletion]);
    // The deletion, too, may be refused as busy with nothing changed (24 writers hold the lock on a
    // slow database): then it is asked again, as its message says, once the likes are answered.
    const deleted = await deletion;
    expectStatus(deleted.status === 503 ? await api(`/artifacts/${gone}`, { method: 'DELETE', token: curator.token }) : deleted, 200);
    // Each like is answered: recorded, its artifact gone, or refused as busy with nothing stored (a
    // slow database makes the 24 writers on one contributor wait past the lock's wait).
    expect(answers.filter((status) => ![200, 404, 503].includes(status))).toEqual([]);
    expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(likers.length);
    // ...and half of the likers press the like of one artifact again, at once.
    await Promise.all(likers.slice(0, 3).map((liker) => toggleLike(liker, kept)));
    // The totals are exactly what the records hold: each artifact's count its like records, the
    // contributor's likes their sum.
    const left = ids.filter((id) => id !== gone);
    const records = await Promise.all(left.map((id) => likeRecordCount(id)));
    const counts = await Promise.all(left.map(async (id) => (await storedArtifact(id))?.['likes']));
    expect(counts).toEqual(records);
    const stored = await (await contributorsCollection()).findOne({ _id: curator.uid } as object);
    expect({ artifacts: stored?.['artifacts'], likes: stored?.['likes'] }).toEqual({ artifacts: 3, likes: records.reduce((sum, count) => sum + count, 0) });
  });
});
