import { ConflictException, ServiceUnavailableException } from '@nestjs/common';
import type { Model } from 'mongoose';
import { LOCK_STALE_MS, LOCK_WAIT_MS, ReleaseLocks } from '../releases/release-lock';
import type { WriteLockDoc } from './write-lock.schema';
import { BUSY_MESSAGE, WriteLocks } from './write-locks';

// The lock collection stands in as an in-memory one keyed by `_id` (a second insert of a key fails
// with the duplicate-key code, as FerretDB and MongoDB answer it); the clock is jest's. The api
// suite's concurrent likes and releases run the real one on FerretDB.
function lockCollection() {
  const rows: WriteLockDoc[] = [];
  const exec = <T>(value: () => T) => ({ exec: () => Promise.resolve(value()) });
  const model = {
    create: async (row: WriteLockDoc) => {
      if (rows.some((held) => held._id === row._id)) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      rows.push({ ...row });
    },
    findById: (key: string) => ({ lean: () => exec(() => rows.find((row) => row._id === key) ?? null) }),
    deleteOne: (filter: { _id: string; token: string }) =>
      exec(() => {
        const index = rows.findIndex((row) => row._id === filter._id && row.token === filter.token);
        if (index >= 0) rows.splice(index, 1);
        return { deletedCount: index >= 0 ? 1 : 0 };
      }),
  } as unknown as Model<WriteLockDoc>;
  return { rows, locks: new WriteLocks(model) };
}

describe('WriteLocks', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('takes over the lock of a holder that died, once it has expired, and releases its own after the work', async () => {
    const { rows, locks } = lockCollection();
    rows.push({ _id: 'artifact:1', token: 'dead-instance', expiresAt: new Date(Date.now() - 1) });
    const holders: string[][] = [];
    let result: string | undefined;
    void locks
      .holding('artifact:1', async () => {
        holders.push(rows.map((row) => row.token));
        return 'done';
      })
      .then((value) => (result = value));
    // At once: no waiting for the dead holder's lock.
    await jest.advanceTimersByTimeAsync(0);
    expect(result).toBe('done');
    expect(holders).toHaveLength(1);
    expect(holders[0]).toHaveLength(1);
    expect(holders[0]?.[0]).not.toBe('dead-instance');
    expect(rows).toEqual([]);
  });

  it('waits for a live lock and gives up with 503 once waitMs has passed; the other lock stays', async () => {
    const { rows, locks } = lockCollection();
    const live = { _id: 'contributor:u1', token: 'live-instance', expiresAt: new Date(Date.now() + 60_000) };
    rows.push(live);
    const work = jest.fn(async () => 'done');
    let outcome: unknown;
    const change = locks.holding('contributor:u1', work, { waitMs: 2_000 }).then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    );
    await jest.advanceTimersByTimeAsync(1_900);
    expect(outcome).toBeUndefined();
    await jest.advanceTimersByTimeAsync(200);
    await change;
    expect(outcome).toBeInstanceOf(ServiceUnavailableException);
    expect((outcome as ServiceUnavailableException).message).toBe(BUSY_MESSAGE);
    expect(work).not.toHaveBeenCalled();
    expect(rows).toEqual([live]);
  });

  it('a lock released during the wait is taken: the work runs after the other holder', async () => {
    const { rows, locks } = lockCollection();
    rows.push({ _id: 'artifact:1', token: 'other', expiresAt: new Date(Date.now() + 60_000) });
    const order: string[] = [];
    const change = locks.holding('artifact:1', async () => {
      order.push(`ran holding ${rows.map((row) => row.token).join(',')}`);
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

  it('work that fails still releases the lock, and the failure reaches the caller', async () => {
    const { rows, locks } = lockCollection();
    await expect(locks.holding('artifact:1', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(rows).toEqual([]);
  });

  it('different keys do not wait for each other', async () => {
    const { rows, locks } = lockCollection();
    rows.push({ _id: 'artifact:1', token: 'other', expiresAt: new Date(Date.now() + 60_000) });
    await expect(locks.holding('artifact:2', async () => 'ran')).resolves.toBe('ran');
  });
});

describe('ReleaseLocks', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('answers 409 naming the remote once LOCK_WAIT_MS has passed with another change holding it', async () => {
    const { rows, locks } = lockCollection();
    rows.push({ _id: 'release:catalog', token: 'live-instance', expiresAt: new Date(Date.now() + LOCK_STALE_MS) });
    let outcome: unknown;
    const change = new ReleaseLocks(locks).withLock('catalog', async () => 'done').then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    );
    await jest.advanceTimersByTimeAsync(LOCK_WAIT_MS + 100);
    await change;
    expect(outcome).toBeInstanceOf(ConflictException);
    expect((outcome as ConflictException).message).toBe('Another change of catalog is in progress: try again');
    await expect(new ReleaseLocks(locks).withLock('account', async () => 'ran')).resolves.toBe('ran');
  });

  it('holds its lock for LOCK_STALE_MS at most: a change that died frees the remote after that', async () => {
    const { rows, locks } = lockCollection();
    let seen: Date | undefined;
    await new ReleaseLocks(locks).withLock('catalog', async () => {
      seen = rows[0]?.expiresAt;
    });
    expect(seen?.getTime()).toBe(Date.now() + LOCK_STALE_MS);
  });
});
