import { ConflictException } from '@nestjs/common';
import { memoryWriteLocks } from '../database/write-locks.testing';
import { LOCK_STALE_MS, LOCK_WAIT_MS, ReleaseLocks } from './release-lock';

// The lock's waiting and taking over are WriteLocks' (database/write-locks.spec.ts); here, what a
// release change makes of them.
describe('ReleaseLocks', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('answers 409 naming the remote once LOCK_WAIT_MS has passed with another change holding it', async () => {
    const { rows, locks } = memoryWriteLocks();
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
    const { rows, locks } = memoryWriteLocks();
    let seen: Date | undefined;
    await new ReleaseLocks(locks).withLock('catalog', async () => {
      seen = rows[0]?.expiresAt;
    });
    expect(seen?.getTime()).toBe(Date.now() + LOCK_STALE_MS);
  });
});
