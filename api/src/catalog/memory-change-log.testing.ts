import type { ChangeEntry, ChangeLogStore } from './change-log';

/** The log as a list: entries are found by their writer's stamp, as the database finds them. */
export function memoryLog() {
  const entries: ChangeEntry[] = [];
  let next = 0;
  let failing = false;
  const store: ChangeLogStore = {
    append: async (entry) => {
      if (failing) throw new Error('connection refused');
      next += 1;
      entries.push({ ...entry, id: String(next).padStart(24, '0') });
    },
    since: async (from, limit) => {
      if (failing) throw new Error('connection refused');
      return entries
        .filter((entry) => entry.at >= from)
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .slice(0, limit);
    },
    prune: async (before) => {
      entries.splice(0, entries.length, ...entries.filter((entry) => entry.at >= before));
    },
  };
  return { store, entries, fail: (value: boolean) => (failing = value) };
}
