import type { Model } from 'mongoose';
import type { WriteLockDoc } from './write-lock.schema';
import { WriteLocks } from './write-locks';

/**
 * WriteLocks over an in-memory lock collection keyed by `_id` (a second insert of a key fails with
 * the duplicate-key code, as FerretDB and MongoDB answer it), and its rows. For unit tests; the api
 * suite's concurrent likes and releases run the real one on FerretDB.
 */
export function memoryWriteLocks(): { rows: WriteLockDoc[]; locks: WriteLocks } {
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
