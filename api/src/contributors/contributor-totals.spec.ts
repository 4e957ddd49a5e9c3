import { memoryWriteLocks } from '../database/write-locks.testing';
import type { ArtifactTotals } from './artifact-totals';
import { ContributorTotals } from './contributor-totals';
import type { ContributorsRepository, StoredEntry } from './contributors.repository';
import { nameKey } from './name-key';

type Entry = { name: string; artifacts: number; likes: number };

/** The contributors collection as a map, with a hook run inside each read (a write landing then). */
function memoryContributors(initial: Record<string, Entry>) {
  const rows = new Map(Object.entries(initial).map(([uid, entry]) => [uid, { ...entry }]));
  const hooks = { onRead: (_uid: string) => {} };
  const repository = {
    entryOf: async (uid: string) => {
      hooks.onRead(uid);
      const row = rows.get(uid);
      return row ? { ...row } : null;
    },
    set: async (uid: string, totals: { artifacts: number; likes: number; name?: string }) => {
      rows.set(uid, { name: totals.name ?? rows.get(uid)?.name ?? 'Anonymous', artifacts: totals.artifacts, likes: totals.likes });
    },
  } as unknown as ContributorsRepository;
  return { rows, hooks, repository };
}

const stored = (entry: Entry): StoredEntry => ({ ...entry, nameKey: nameKey(entry.name) });

describe('ContributorTotals.correct (the start-up reconciliation)', () => {
  const totals = (repository: ContributorsRepository) => new ContributorTotals({} as ArtifactTotals, repository, memoryWriteLocks().locks);

  test('sets an entry that still holds what it held before the count, adds a missing one, zeroes one with no artifacts', async () => {
    const before = { wrong: { name: 'Ada', artifacts: 42, likes: 99 }, gone: { name: 'Bo', artifacts: 2, likes: 1 }, right: { name: 'Cy', artifacts: 1, likes: 0 } };
    const { rows, repository } = memoryContributors(before);
    const counted = new Map([
      ['wrong', { name: 'Ada', artifacts: 3, likes: 2 }],
      ['missing', { name: 'Di', artifacts: 1, likes: 5 }],
      ['right', { name: 'Cy', artifacts: 1, likes: 0 }],
    ]);
    const entries = new Map(Object.entries(before).map(([uid, entry]) => [uid, stored(entry)]));

    expect(await totals(repository).correct(entries, counted)).toEqual({ corrected: 3, moving: 0 });
    expect(Object.fromEntries(rows)).toEqual({
      wrong: { name: 'Ada', artifacts: 3, likes: 2 },
      gone: { name: 'Bo', artifacts: 0, likes: 0 },
      right: { name: 'Cy', artifacts: 1, likes: 0 },
      missing: { name: 'Di', artifacts: 1, likes: 5 },
    });
  });

  test('an entry a write moved after the count began keeps that write: it is left, not overwritten with the older count', async () => {
    const { rows, repository } = memoryContributors({ ada: { name: 'Ada', artifacts: 4, likes: 10 } });
    const entries = new Map([['ada', stored({ name: 'Ada', artifacts: 4, likes: 10 })]]);
    // The pass counted 5 artifacts (one added while it read); the add's own increment made it 5 too,
    // and a like arrived after the artifact was counted: 11 is right, the count's 10 is not.
    rows.set('ada', { name: 'Ada', artifacts: 5, likes: 11 });

    expect(await totals(repository).correct(entries, new Map([['ada', { name: 'Ada', artifacts: 5, likes: 10 }]]))).toEqual({ corrected: 0, moving: 1 });
    expect(rows.get('ada')).toEqual({ name: 'Ada', artifacts: 5, likes: 11 });
  });

  test('an entry written by a member first seen during the count is left too', async () => {
    const { rows, repository } = memoryContributors({});
    rows.set('new', { name: 'Nu', artifacts: 1, likes: 1 });
    expect(await totals(repository).correct(new Map(), new Map([['new', { name: 'Nu', artifacts: 1, likes: 0 }]]))).toEqual({ corrected: 0, moving: 1 });
    expect(rows.get('new')).toEqual({ name: 'Nu', artifacts: 1, likes: 1 });
  });

  test('the check and the write happen under the contributor lock, so an adjust cannot land between them', async () => {
    const { rows, hooks, repository } = memoryContributors({ ada: { name: 'Ada', artifacts: 4, likes: 10 } });
    const contributorTotals = totals(repository);
    const entries = new Map([['ada', stored({ name: 'Ada', artifacts: 4, likes: 10 })]]);
    let adjusting: Promise<void> | undefined;
    // A like on one of Ada's artifacts arrives while the correction reads her entry.
    hooks.onRead = () => {
      hooks.onRead = () => {};
      adjusting = contributorTotals.adjust('ada', { likes: 1 });
    };

    expect(await contributorTotals.correct(entries, new Map([['ada', { name: 'Ada', artifacts: 4, likes: 12 }]]))).toEqual({ corrected: 1, moving: 0 });
    await adjusting;
    // The correction to 12 first, then the like's +1 on top: nothing lost.
    expect(rows.get('ada')).toEqual({ name: 'Ada', artifacts: 4, likes: 13 });
  });
});

describe('ContributorTotals.changing (a write and its move under one lock)', () => {
  /** One contributor's artifacts as a settle counts them, moved by the writes below. */
  function world() {
    const held = { artifacts: 4, likes: 10 };
    const { rows, repository } = memoryContributors({ ada: { name: 'Ada', ...held } });
    Object.assign(repository, { totalsOf: async (uid: string) => (rows.get(uid) ? { artifacts: rows.get(uid)!.artifacts, likes: rows.get(uid)!.likes } : null) });
    const artifactTotals = { totalsFor: async () => ({ ...held }) } as ArtifactTotals;
    return { held, rows, totals: new ContributorTotals(artifactTotals, repository, memoryWriteLocks().locks) };
  }
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  test('a settle that starts while a like is being written counts it once: after the write and its move, not between them', async () => {
    const { held, rows, totals } = world();
    let settling: Promise<void> | undefined;
    const result = await totals.changing('ada', async () => {
      held.likes += 1;
      // A member's rights settle Ada's totals while the like is stored but not yet moved.
      settling = totals.settle('ada');
      await tick();
      await tick();
      return { result: 'liked', change: { likes: 1 } };
    });
    await settling;
    expect(result).toBe('liked');
    expect(rows.get('ada')).toEqual({ name: 'Ada', artifacts: 4, likes: 11 });
  });

  test('a write that fails moves nothing and frees the lock', async () => {
    const { rows, totals } = world();
    await expect(
      totals.changing('ada', async () => {
        throw new Error('the artifact is gone');
      }),
    ).rejects.toThrow('the artifact is gone');
    await totals.adjust('ada', { artifacts: 1 }, 'Ada L.');
    expect(rows.get('ada')).toEqual({ name: 'Ada L.', artifacts: 5, likes: 10 });
  });
});
