import { Types } from 'mongoose';
import type { ArtifactsRepository } from '../artifacts/artifacts.repository';
import type { ArtifactTotals } from '../contributors/artifact-totals';
import { ContributorTotals } from '../contributors/contributor-totals';
import type { ContributorsRepository } from '../contributors/contributors.repository';
import { memoryWriteLocks } from '../database/write-locks.testing';
import type { LikeRemovals } from './like-removals';
import type { LikesRepository } from './likes.repository';
import { LikesService } from './likes.service';

const ARTIFACT = new Types.ObjectId();

/**
 * One artifact of Ada's with its like records and count, her contributor entry, and a hook run when
 * the artifact's count is written (a member's rights landing between the like and its move).
 */
function world() {
  const likers = new Set<string>(['bo']);
  const artifact = { likes: 1 };
  const entry = { name: 'Ada', artifacts: 1, likes: 1 };
  const hooks = { afterCount: async () => {} };
  const likes = {
    add: async (_id: Types.ObjectId, uid: string) => !likers.has(uid) && Boolean(likers.add(uid)),
    remove: async (_id: Types.ObjectId, uid: string) => likers.delete(uid),
  } as unknown as LikesRepository;
  const artifacts = {
    findById: async () => ({ _id: ARTIFACT, adderUid: 'ada' }),
    likesOf: async () => artifact.likes,
    setLikes: async (_id: Types.ObjectId, count: number) => {
      artifact.likes = count;
      await hooks.afterCount();
      return true;
    },
  } as unknown as ArtifactsRepository;
  const contributors = {
    entryOf: async () => ({ ...entry }),
    totalsOf: async () => ({ artifacts: entry.artifacts, likes: entry.likes }),
    set: async (_uid: string, totals: { artifacts: number; likes: number; name?: string }) => Object.assign(entry, { artifacts: totals.artifacts, likes: totals.likes }, totals.name === undefined ? {} : { name: totals.name }),
  } as unknown as ContributorsRepository;
  // What a settle counts: Ada's one artifact and the likes it holds.
  const artifactTotals = { totalsFor: async () => ({ artifacts: 1, likes: artifact.likes }) } as ArtifactTotals;
  const { locks } = memoryWriteLocks();
  const totals = new ContributorTotals(artifactTotals, contributors, locks);
  const service = new LikesService(likes, {} as LikeRemovals, artifacts, totals, locks);
  return { service, totals, entry, artifact, hooks };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The next toggle's count written, a settle of Ada's totals starts and runs as far as it can. */
function settleAfterTheCount({ totals, hooks }: ReturnType<typeof world>): { done: () => Promise<void> } {
  let settling: Promise<void> = Promise.resolve();
  hooks.afterCount = async () => {
    hooks.afterCount = async () => {};
    // The artifact holds the toggle's change; its adder's move has not been made yet.
    settling = totals.settle('ada');
    await tick();
    await tick();
  };
  return { done: () => settling };
}

test('a like and a settle of its adder’s totals at once count the like once, whichever lands first', async () => {
  const setup = world();
  const { service, entry, artifact } = setup;
  let settle = settleAfterTheCount(setup);
  expect(await service.toggle(ARTIFACT, { uid: 'cy' })).toEqual({ liked: true, likes: 2 });
  await settle.done();
  expect(artifact.likes).toBe(2);
  expect(entry).toEqual({ name: 'Ada', artifacts: 1, likes: 2 });

  // And an unlike the same way.
  settle = settleAfterTheCount(setup);
  expect(await service.toggle(ARTIFACT, { uid: 'cy' })).toEqual({ liked: false, likes: 1 });
  await settle.done();
  expect(entry).toEqual({ name: 'Ada', artifacts: 1, likes: 1 });
});
