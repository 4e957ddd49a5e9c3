import type { Model } from 'mongoose';
import type { ContributorDoc } from './contributor.schema';
import { ContributorsRepository } from './contributors.repository';

/** A model whose updateOne answers with `outcomes` in turn (an error is thrown), recording its calls. */
function modelAnswering(outcomes: unknown[]) {
  const calls: unknown[][] = [];
  const model = {
    updateOne: (...args: unknown[]) => {
      calls.push(args);
      const outcome = outcomes.shift();
      return { exec: () => (outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome)) };
    },
  };
  return { model: model as unknown as Model<ContributorDoc>, calls };
}

const duplicate = () => Object.assign(new Error('E11000 duplicate key error collection: antiquarium.contributors'), { code: 11000 });

test("a member's first two writes at once: the upsert that lost to the other's insert (E11000) updates the entry the other made", async () => {
  const { model, calls } = modelAnswering([duplicate(), { matchedCount: 1 }]);
  await new ContributorsRepository(model).set('u1', { artifacts: 2, likes: 0, name: 'Ada' });
  expect(calls).toHaveLength(2);
  expect(calls[0]?.[2]).toEqual({ upsert: true });
  // The same change, on the entry now there (no second insert).
  expect(calls[1]?.[0]).toEqual({ _id: 'u1' });
  expect(calls[1]?.[1]).toEqual(calls[0]?.[1]);
  expect(calls[1]?.[2]).toBeUndefined();
});

test('any other failure is not hidden', async () => {
  const { model, calls } = modelAnswering([Object.assign(new Error('timed out'), { code: 50 })]);
  await expect(new ContributorsRepository(model).set('u1', { artifacts: 1, likes: 0 })).rejects.toThrow('timed out');
  expect(calls).toHaveLength(1);
});
