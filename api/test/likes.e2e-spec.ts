// PATCH /artifacts/toggle-like/:id and GET /liked-artifacts. The like count must equal the number of
// like records at all times, also when many users toggle at once.
import type { Artifact, ToggleLikeResponse } from '@antiquarium/contracts';
import { createArtifact, INTERNAL_FIELDS, missingId, toggleLike } from './support/artifacts';
import { createUser, createUsers, type TestUser } from './support/auth';
import { likeRecordCount, likeRemovalsCollection, likesCollection, objectId, storedArtifact, writeLocksCollection } from './support/db';
import { api, expectApiError, expectStatus, nextLink, pageHeaders } from './support/http';

let owner: TestUser;

beforeAll(async () => {
  owner = await createUser();
});

const toggle = (user: TestUser, id: string) =>
  api<ToggleLikeResponse>(`/artifacts/toggle-like/${id}`, { method: 'PATCH', token: user.token });

async function expectCounts(id: string, expected: number) {
  expect({ field: (await storedArtifact(id))?.['likes'], records: await likeRecordCount(id) }).toEqual({
    field: expected,
    records: expected,
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PATCH /artifacts/toggle-like/:id', () => {
  test('likes, then unlikes, keeping the count and the records in step', async () => {
    const { id } = await createArtifact(owner);
    const fan = await createUser();

    const first = await toggle(fan, id);
    expectStatus(first, 200);
    expect(first.body).toEqual({ liked: true, likes: 1 });
    await expectCounts(id, 1);
    expect((await api<Artifact>(`/artifacts/${id}`, { token: fan.token })).body).toEqual(
      expect.objectContaining({ liked: true, likes: 1 }),
    );

    const second = await toggle(fan, id);
    expectStatus(second, 200);
    expect(second.body).toEqual({ liked: false, likes: 0 });
    await expectCounts(id, 0);
    expect((await api<Artifact>(`/artifacts/${id}`, { token: fan.token })).body).toEqual(
      expect.objectContaining({ liked: false, likes: 0 }),
    );
  });

  test('counts each user once: n+1 after a new like, n after it is taken back', async () => {
    const { id } = await createArtifact(owner);
    const [a, b, c] = await createUsers(3);
    if (!a || !b || !c) throw new Error('users missing');
    await toggleLike(a, id);
    await toggleLike(b, id);
    const n = 2;
    expect(await toggleLike(c, id)).toEqual({ liked: true, likes: n + 1 });
    expect(await toggleLike(c, id)).toEqual({ liked: false, likes: n });
    await expectCounts(id, n);
  });

  test("a toggle waits for the artifact's lock while another instance holds it, and takes over one whose holder died", async () => {
    const { id } = await createArtifact(owner);
    const [a, b] = await createUsers(2);
    if (!a || !b) throw new Error('users missing');
    const locks = await writeLocksCollection();
    const key = `artifact:${id}`;
    await locks.insertOne({ _id: key, token: 'another-instance', expiresAt: new Date(Date.now() + 60_000) });
    let answered = false;
    const waiting = toggle(a, id).then((response) => {
      answered = true;
      return response;
    });
    await pause(600);
    // Nothing counted while the other instance holds the lock.
    expect(answered).toBe(false);
    await expectCounts(id, 0);
    await locks.deleteOne({ _id: key });
    expect((await waiting).body).toEqual({ liked: true, likes: 1 });

    await locks.insertOne({ _id: key, token: 'a-dead-instance', expiresAt: new Date(Date.now() - 1) });
    expect(await toggleLike(b, id)).toEqual({ liked: true, likes: 2 });
    await expectCounts(id, 2);
    expect(await locks.countDocuments({ _id: key })).toBe(0);
  });

  test('a missing or malformed artifact answers 404 and records nothing', async () => {
    const fan = await createUser();
    const missing = missingId();
    expectApiError(await toggle(fan, missing), 404);
    expect(await likeRecordCount(missing)).toBe(0);
    expectApiError(await toggle(fan, 'abc'), 404);
    expectApiError(await toggle(fan, '%24where'), 404);
    const liked = await api<Artifact[]>('/liked-artifacts', { token: fan.token });
    expect(liked.body).toEqual([]);
  });

  describe('under concurrency', () => {
    let users: TestUser[];
    let id: string;

    beforeAll(async () => {
      users = await createUsers(12);
      ({ id } = await createArtifact(owner));
    });

    test('12 users toggling at once, 1 to 4 times each, leave exactly the odd togglers counted', async () => {
      // Each user's own toggles are in sequence (a person clicks, waits, clicks); the users overlap.
      const times = users.map((_user, i) => (i % 4) + 1);
      const answers = await Promise.all(
        users.map(async (user, i) => {
          const mine: ToggleLikeResponse[] = [];
          for (let k = 0; k < (times[i] as number); k += 1) {
            const response = await toggle(user, id);
            expectStatus(response, 200);
            mine.push(response.body);
          }
          return mine;
        }),
      );
      answers.forEach((mine) => {
        expect(mine.map((answer) => answer.liked)).toEqual(mine.map((_answer, k) => k % 2 === 0));
        for (const answer of mine) {
          expect(answer.likes).toBeGreaterThanOrEqual(answer.liked ? 1 : 0);
          expect(answer.likes).toBeLessThanOrEqual(users.length);
        }
      });
      const expected = times.filter((count) => count % 2 === 1).length;
      await expectCounts(id, expected);
      expect((await api<Artifact>(`/artifacts/${id}`)).body.likes).toBe(expected);
    });

    test('all 12 toggling once more at the same moment flips every one of them', async () => {
      const wasLiked = await Promise.all(
        users.map(async (user) => (await api<Artifact>(`/artifacts/${id}`, { token: user.token })).body.liked),
      );
      const answers = await Promise.all(users.map((user) => toggle(user, id)));
      answers.forEach((answer, i) => {
        expectStatus(answer, 200);
        expect(answer.body.liked).toBe(!wasLiked[i]);
      });
      await expectCounts(id, wasLiked.filter((liked) => !liked).length);
    });

    test('one user firing many toggles at once still leaves count == records (0 or 1)', async () => {
      const { id: target } = await createArtifact(owner);
      const [eager] = users;
      if (!eager) throw new Error('no user');
      const answers = await Promise.all(Array.from({ length: 7 }, () => toggle(eager, target)));
      for (const answer of answers) expectStatus(answer, 200);
      const records = await likeRecordCount(target);
      expect(records).toBeLessThanOrEqual(1);
      await expectCounts(target, records);
      const liked = (await api<Artifact>(`/artifacts/${target}`, { token: eager.token })).body.liked;
      expect(liked).toBe(records === 1);
    });

    test('many users liking several artifacts at once keeps every count exact', async () => {
      const targets = [(await createArtifact(owner)).id, (await createArtifact(owner)).id, (await createArtifact(owner)).id];
      await Promise.all(users.flatMap((user, i) => targets.filter((_t, j) => (i + j) % 2 === 0).map((target) => toggle(user, target))));
      for (const [j, target] of targets.entries()) {
        await expectCounts(target, users.filter((_u, i) => (i + j) % 2 === 0).length);
      }
    });
  });
});

describe('GET /liked-artifacts', () => {
  let fan: TestUser;
  let liked: string[];

  beforeAll(async () => {
    fan = await createUser();
    liked = [];
    for (let i = 0; i < 5; i += 1) {
      const { id } = await createArtifact(owner);
      await toggleLike(fan, id);
      liked.push(id);
      // Distinct like times, so that "newest like first" has one right answer.
      await pause(15);
    }
    // An artifact the fan does not like.
    await createArtifact(owner);
  });

  const likedList = (query = '', user: TestUser = fan) => api<Artifact[]>(`/liked-artifacts${query}`, { token: user.token });

  test('lists exactly the liked artifacts, newest like first', async () => {
    const response = await likedList();
    expectStatus(response, 200);
    expect(response.body.map((item) => item._id)).toEqual([...liked].reverse());
    expect(pageHeaders(response).total).toBe(liked.length);
    expect(pageHeaders(response).nextPage).toBeUndefined();
  });

  test("the items are public artifacts: no owner's email, no internal fields", async () => {
    const response = await likedList();
    expect(response.text).not.toContain(owner.email);
    for (const item of response.body) {
      expect(item).toEqual(expect.objectContaining({ _id: expect.any(String), name: expect.any(String), likes: 1 }));
      expect(item).not.toHaveProperty('adderEmail');
      for (const field of INTERNAL_FIELDS) expect(item).not.toHaveProperty(field);
    }
  });

  test('pages with limit and page, with the page headers and Link', async () => {
    const newestFirst = [...liked].reverse();
    const first = await likedList('?limit=2');
    expectStatus(first, 200);
    expect(first.body.map((item) => item._id)).toEqual(newestFirst.slice(0, 2));
    expect(pageHeaders(first)).toEqual(expect.objectContaining({ total: 5, page: 1, pageSize: 2, nextPage: 2 }));
    const link = nextLink(pageHeaders(first).link);
    expect(link).toBeDefined();
    const second = await api<Artifact[]>(link as string, { token: fan.token });
    expect(second.body.map((item) => item._id)).toEqual(newestFirst.slice(2, 4));
    const third = await likedList('?limit=2&page=3');
    expect(third.body.map((item) => item._id)).toEqual(newestFirst.slice(4));
    expect(pageHeaders(third).nextPage).toBeUndefined();
    expect(pageHeaders(third).link).toBeUndefined();
    const beyond = await likedList('?limit=2&page=4');
    expectStatus(beyond, 200);
    expect(beyond.body).toEqual([]);
  });

  test('the default page is bounded', async () => {
    // Someone with more likes than one default page holds (the fan above has 5).
    const collector = await createUser();
    for (let i = 0; i < 26; i += 1) await toggleLike(collector, (await createArtifact(owner)).id);
    const response = await likedList('', collector);
    expectStatus(response, 200);
    expect(response.body).toHaveLength(24);
    expect(pageHeaders(response)).toEqual(expect.objectContaining({ total: 26, page: 1, pageSize: 24, nextPage: 2 }));
    const rest = await likedList('?page=2', collector);
    expect(rest.body).toHaveLength(2);
  });

  test.each(['0', '101', '-1', 'abc'])('limit=%s answers 400', async (limit) => {
    expectApiError(await likedList(`?limit=${limit}`), 400);
  });

  test('page=0 answers 400', async () => {
    expectApiError(await likedList('?page=0'), 400);
  });

  test('an unliked artifact leaves the list; liking it again puts it first', async () => {
    const middle = liked[2] as string;
    expect(await toggleLike(fan, middle)).toEqual(expect.objectContaining({ liked: false }));
    const without = await likedList();
    expect(without.body.map((item) => item._id)).toEqual([...liked].reverse().filter((id) => id !== middle));
    expect(pageHeaders(without).total).toBe(liked.length - 1);
    await pause(15);
    expect(await toggleLike(fan, middle)).toEqual(expect.objectContaining({ liked: true }));
    const again = await likedList();
    expect(again.body[0]?._id).toBe(middle);
    expect(pageHeaders(again).total).toBe(liked.length);
  });

  test("a deleted artifact whose like records are still being removed counts in no one's list", async () => {
    // What a delete leaves for the seconds its likes take to remove on a large SQLite catalog: the
    // artifact gone, the fan's like record still there, and the removal's entry.
    const gone = missingId();
    const before = (await likedList()).body.map((item) => item._id);
    const likes = await likesCollection();
    await likes.insertOne({ artifactId: objectId(gone), uid: fan.uid, likedAt: new Date() });
    try {
      // Without the entry the stray record is counted (the control) ...
      expect(pageHeaders(await likedList()).total).toBe(before.length + 1);
      await (await likeRemovalsCollection()).insertOne({ _id: objectId(gone), since: new Date() });
      // ... with it, the list and its count are what they were before the delete.
      const response = await likedList();
      expect(response.body.map((item) => item._id)).toEqual(before);
      expect(pageHeaders(response).total).toBe(before.length);
    } finally {
      await likes.deleteMany({ artifactId: objectId(gone) });
      await (await likeRemovalsCollection()).deleteOne({ _id: objectId(gone) });
    }
  });

  test('someone who liked nothing gets an empty list', async () => {
    const nobody = await createUser();
    const response = await likedList('', nobody);
    expectStatus(response, 200);
    expect(response.body).toEqual([]);
    expect(pageHeaders(response).total).toBe(0);
  });
});
