import { ConflictException } from '@nestjs/common';
import { Types, type Model } from 'mongoose';
import { LOCK_STALE_MS, LOCK_WAIT_MS, ReleaseLocks } from './release-lock';
import type { ReleaseLockDoc } from './release-lock.schema';

// The lock collection stands in as an in-memory one with its unique index on `remote` (a second
// insert fails with the duplicate-key code, as FerretDB answers it); the clock is jest's.
function lockCollection() {
  const rows: ReleaseLockDoc[] = [];
  const exec = <T>(value: () => T) => ({ exec: () => Promise.resolve(value()) });
  const removeWhere = (match: (row: ReleaseLockDoc) => boolean) => () => {
    const index = rows.findIndex(match);
    if (index >= 0) rows.splice(index, 1);
    return { deletedCount: index >= 0 ? 1 : 0 };
  };
  const model = {
    create: async ({ remote, owner, at }: { remote: string; owner: string; at: Date }) => {
      if (rows.some((row) => row.remote === remote)) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      rows.push({ _id: new Types.ObjectId(), remote, owner, at });
    },
    findOne: ({ remote, at }: { remote: string; at: { $lt: Date } }) => ({
      lean: () => exec(() => rows.find((row) => row.remote === remote && row.at < at.$lt) ?? null),
    }),
    deleteOne: (filter: { _id?: Types.ObjectId; remote?: string; owner?: string }) =>
      exec(removeWhere((row) => (filter._id ? row._id.equals(filter._id) : row.remote === filter.remote && row.owner === filter.owner))),
  } as unknown as Model<ReleaseLockDoc>;
  return { rows, model };
}

describe('ReleaseLocks', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('takes over the lock of an instance that died inside a change, once that lock is older than LOCK_STALE_MS', async () => {
    const { rows, model } = lockCollection();
    const dead = { _id: new Types.ObjectId(), remote: 'catalog', owner: 'dead-instance', at: new Date(Date.now() - LOCK_STALE_MS - 1) };
    rows.push(dead);
    const holders: string[][] = [];
    let result: string | undefined;
    void new ReleaseLocks(model)
      .withLock('catalog', async () => {
        holders.push(rows.map((row) => row.owner));
        return 'done';
      })
      .then((value) => (result = value));
    // At once: no waiting for the dead instance's lock.
    await jest.advanceTimersByTimeAsync(0);
    expect(result).toBe('done');
    // The work ran holding a lock of its own (the dead one removed), and released it after.
    expect(holders).toHaveLength(1);
    expect(holders[0]).toHaveLength(1);
    expect(holders[0]?.[0]).not.toBe('dead-instance');
    expect(rows).toEqual([]);
  });

  it('waits for a live lock, and answers 409 once LOCK_WAIT_MS has passed with it still held; the other lock stays', async () => {
    const { rows, model } = lockCollection();
    // Held by a live change: as old as can be without being stale by the time the wait ends.
    const live = { _id: new Types.ObjectId(), remote: 'catalog', owner: 'live-instance', at: new Date(Date.now() - LOCK_STALE_MS + LOCK_WAIT_MS + 1_000) };
    rows.push(live);
    const work = jest.fn(async () => 'done');
    let outcome: unknown;
    const change = new ReleaseLocks(model).withLock('catalog', work).then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    );
    await jest.advanceTimersByTimeAsync(LOCK_WAIT_MS - 100);
    expect(outcome).toBeUndefined();
    await jest.advanceTimersByTimeAsync(200);
    await change;
    expect(outcome).toBeInstanceOf(ConflictException);
    expect((outcome as ConflictException).getStatus()).toBe(409);
    expect((outcome as ConflictException).message).toBe('Another change of catalog is in progress: try again');
    expect(work).not.toHaveBeenCalled();
    expect(rows).toEqual([live]);
  });

  it('a lock released during the wait is taken: the change runs after the other one', async () => {
    const { rows, model } = lockCollection();
    rows.push({ _id: new Types.ObjectId(), remote: 'catalog', owner: 'other', at: new Date() });
    const order: string[] = [];
    const change = new ReleaseLocks(model).withLock('catalog', async () => {
      order.push(`ran holding ${rows.map((row) => row.owner).join(',')}`);
    });
    await jest.advanceTimersByTimeAsync(500);
    expect(order).toEqual([]);
    rows.splice(0, 1);
    order.push('other released');
    await jest.advanceTimersByTimeAsync(100);
    await change;
    expect(order).toHaveLength(2);
    expect(order[1]).toMatch(/^ran holding [0-9a-f-]{36}$/);
    expect(rows).toEqual([]);
  });

  it('locks of different remotes do not wait for each other', async () => {
    const { rows, model } = lockCollection();
    rows.push({ _id: new Types.ObjectId(), remote: 'catalog', owner: 'other', at: new Date() });
    await expect(new ReleaseLocks(model).withLock('account', async () => 'ran')).resolves.toBe('ran');
  });
});
