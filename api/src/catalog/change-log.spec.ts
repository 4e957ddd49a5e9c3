import type { ArtifactChange } from '../artifacts/artifact-changes';
import { ChangeFollower } from './change-log';
import { memoryLog } from './memory-change-log.testing';

/** A clock the test moves by hand. */
function clock(start = 1_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const OPTIONS = { overlapMs: 2_000, retentionMs: 60_000, batch: 3, cap: 6 };
const ids = (...values: string[]): ArtifactChange => ({ ids: values });

async function changesOf(follower: ChangeFollower): Promise<ArtifactChange[] | 'reload'> {
  const poll = await follower.poll();
  if (poll.reload) return 'reload';
  poll.done();
  return poll.changes;
}

test('another instance’s writes are handed out once, in order; its own are not', async () => {
  const log = memoryLog();
  const time = clock();
  const reader = new ChangeFollower(log.store, 'reader', OPTIONS, time.now);
  const writer = new ChangeFollower(log.store, 'writer', OPTIONS, time.now);
  time.advance(100);
  await writer.record(ids('a'));
  await reader.record(ids('own'));
  time.advance(100);
  await writer.record({ adderUid: 'u1' });
  time.advance(1_000);
  expect(await changesOf(reader)).toEqual([ids('a'), { adderUid: 'u1' }]);
  // Still within the overlap on the next read: found again by the store, not handed out again.
  time.advance(500);
  expect(await changesOf(reader)).toEqual([]);
  await writer.record({ all: true });
  time.advance(500);
  expect(await changesOf(reader)).toEqual([{ all: true }]);
});

test('a writer whose clock runs behind (within the overlap) is still read, after a read that began later', async () => {
  const log = memoryLog();
  const time = clock();
  const reader = new ChangeFollower(log.store, 'reader', OPTIONS, time.now);
  let skew = -1_500;
  const late = new ChangeFollower(log.store, 'late', OPTIONS, () => time.now() + skew);
  time.advance(10_000);
  expect(await changesOf(reader)).toEqual([]);
  // Written after that read, stamped 1.5 s before it began.
  time.advance(10);
  await late.record(ids('behind'));
  time.advance(5_000);
  expect(await changesOf(reader)).toEqual([ids('behind')]);
  // Further behind than the overlap: this window cannot see it (the full reload's case).
  skew = -10_000;
  await late.record(ids('too-far'));
  time.advance(5_000);
  expect(await changesOf(reader)).toEqual([]);
});

test('a window whose changes could not be applied is handed out again', async () => {
  const log = memoryLog();
  const time = clock();
  const reader = new ChangeFollower(log.store, 'reader', OPTIONS, time.now);
  await new ChangeFollower(log.store, 'writer', OPTIONS, time.now).record(ids('a'));
  time.advance(10_000);
  const first = await reader.poll();
  expect(first).toEqual(expect.objectContaining({ reload: false, changes: [ids('a')] }));
  // done() not called (a re-read failed): 10 s later the same window is read again.
  time.advance(10_000);
  expect(await changesOf(reader)).toEqual([ids('a')]);
});

test('a reader behind by more than the retention, a window with more new changes than a batch or more entries than the cap, reloads everything', async () => {
  const log = memoryLog();
  const time = clock();
  const reader = new ChangeFollower(log.store, 'reader', OPTIONS, time.now);
  const writer = new ChangeFollower(log.store, 'writer', OPTIONS, time.now);
  time.advance(OPTIONS.retentionMs - OPTIONS.overlapMs + 1);
  expect(await changesOf(reader)).toBe('reload');
  reader.restart(time.now());
  // Three new changes: re-read one by one; a fourth makes a batch too many.
  for (const id of ['a', 'b', 'c']) await writer.record(ids(id));
  expect(await changesOf(reader)).toEqual([ids('a'), ids('b'), ids('c')]);
  await writer.record(ids('d'));
  expect(await changesOf(reader)).toEqual([ids('d')]);
  for (const id of ['e', 'f', 'g', 'h']) await writer.record(ids(id));
  expect(await changesOf(reader)).toBe('reload');
  // Its own entries are no work but count against the cap of entries read.
  time.advance(OPTIONS.overlapMs + 1);
  reader.restart(time.now());
  for (const id of ['i', 'j', 'k', 'l', 'm', 'n']) await reader.record(ids(id));
  expect(await changesOf(reader)).toBe('reload');
  time.advance(OPTIONS.overlapMs + 1);
  reader.restart(time.now());
  time.advance(1);
  expect(await changesOf(reader)).toEqual([]);
});

test('a change the database refused is written at the next flush, stamped then; prune drops what is past the retention', async () => {
  const log = memoryLog();
  const time = clock();
  const writer = new ChangeFollower(log.store, 'writer', OPTIONS, time.now);
  log.fail(true);
  await expect(writer.record(ids('a'))).rejects.toThrow('connection refused');
  await expect(writer.flush()).rejects.toThrow('connection refused');
  log.fail(false);
  time.advance(5_000);
  await writer.flush();
  expect(log.entries.map((entry) => [entry.change, entry.at.getTime()])).toEqual([[ids('a'), time.now()]]);
  await writer.flush();
  expect(log.entries).toHaveLength(1);
  time.advance(OPTIONS.retentionMs + 1);
  await writer.record(ids('b'));
  await writer.prune();
  expect(log.entries.map((entry) => entry.change)).toEqual([ids('b')]);
});
