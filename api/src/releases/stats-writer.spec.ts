import type { ReleaseStatsRepository } from './release-stats.repository';
import type { StatsCounters } from './release-stats.schema';
import { StatsWriter } from './stats-writer';

// The repository stands in as a recorder: what matters here is that this instance never has two
// writes in flight (FerretDB loses overlapping $inc) and that no count is dropped or doubled.
function recorder() {
  let inFlight = 0;
  let mostInFlight = 0;
  const totals = new Map<string, number>();
  const rows = new Set<string>();
  let failNext = false;
  const repository = {
    add: async (row: { remote: string; version: string; minute: Date; instance: string }, counters: StatsCounters) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      if (failNext) {
        failNext = false;
        throw new Error('database unavailable');
      }
      const key = `${row.remote}@${row.version}@${row.minute.getTime()}`;
      rows.add(`${key}@${row.instance}`);
      totals.set(key, (totals.get(key) ?? 0) + (counters.views ?? 0));
    },
  } as unknown as ReleaseStatsRepository;
  return { repository, totals, rows, mostInFlight: () => mostInFlight, failNextWrite: () => (failNext = true) };
}

const minute = new Date(Date.UTC(2026, 10, 23, 12, 0));

describe('StatsWriter', () => {
  it('writes one at a time, adds up what arrives meanwhile, and answers each caller after its write', async () => {
    const { repository, totals, rows, mostInFlight } = recorder();
    const writer = new StatsWriter(repository);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writer.add([
          { remote: 'catalog', version: '0.1.0-000000000001', minute, counters: { views: 1 } },
          ...(i % 2 === 0 ? [{ remote: 'account' as const, version: '0.1.0-000000000002', minute, counters: { views: 2 } }] : []),
        ]),
      ),
    );
    expect(mostInFlight()).toBe(1);
    expect(totals.get(`catalog@0.1.0-000000000001@${minute.getTime()}`)).toBe(40);
    expect(totals.get(`account@0.1.0-000000000002@${minute.getTime()}`)).toBe(40);
    // Every row is this instance's own.
    expect(new Set([...rows].map((row) => row.split('@').pop()))).toEqual(new Set([writer.instance]));
  });

  it('fails the callers of a write that failed, and goes on with the next ones', async () => {
    const { repository, totals, failNextWrite } = recorder();
    const writer = new StatsWriter(repository);
    failNextWrite();
    await expect(writer.add([{ remote: 'catalog', version: '0.1.0-000000000001', minute, counters: { views: 1 } }])).rejects.toThrow('database unavailable');
    await writer.add([{ remote: 'catalog', version: '0.1.0-000000000001', minute, counters: { views: 3 } }]);
    expect(totals.get(`catalog@0.1.0-000000000001@${minute.getTime()}`)).toBe(3);
  });
});
