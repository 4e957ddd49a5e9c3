import { ServiceUnavailableException } from '@nestjs/common';
import { BUSY_MESSAGE } from './write-locks';
import { memoryWriteLocks } from './write-locks.testing';

describe('WriteLocks', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('takes over the lock of a holder that died, once it has expired, and releases its own after the work', async () => {
    const { rows, locks } = memoryWriteLocks();
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
    const { rows, locks } = memoryWriteLocks();
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
    const { rows, locks } = memoryWriteLocks();
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
    const { rows, locks } = memoryWriteLocks();
    await expect(locks.holding('artifact:1', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(rows).toEqual([]);
  });

  it('different keys do not wait for each other', async () => {
    const { rows, locks } = memoryWriteLocks();
    rows.push({ _id: 'artifact:1', token: 'other', expiresAt: new Date(Date.now() + 60_000) });
    await expect(locks.holding('artifact:2', async () => 'ran')).resolves.toBe('ran');
  });
});
