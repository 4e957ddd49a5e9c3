import { Types, type Model } from 'mongoose';
import { likeIdOf } from './like-id';
import type { LikeDoc } from './like.schema';
import { LikesRepository } from './likes.repository';

type Row = { _id: Types.ObjectId; artifactId: Types.ObjectId; uid: string };

/** The likes collection as rows, answering the filters the repository sends, each filter recorded. */
function memoryLikes(rows: Row[]) {
  const filters: Record<string, unknown>[] = [];
  const matches = (row: Row, filter: Record<string, unknown>) =>
    filter['_id'] !== undefined ? row._id.equals(filter['_id'] as Types.ObjectId) : row.artifactId.equals(filter['artifactId'] as Types.ObjectId) && row.uid === filter['uid'];
  const exec = <T>(value: () => T) => ({ exec: () => Promise.resolve(value()) });
  const model = {
    exists: (filter: Record<string, unknown>) => {
      filters.push(filter);
      return exec(() => (rows.some((row) => matches(row, filter)) ? { _id: 'found' } : null));
    },
    deleteOne: (filter: Record<string, unknown>) => {
      filters.push(filter);
      return exec(() => {
        const index = rows.findIndex((row) => matches(row, filter));
        if (index >= 0) rows.splice(index, 1);
        return { deletedCount: index >= 0 ? 1 : 0 };
      });
    },
    find: () => ({
      setOptions: () => ({
        lean: () => ({
          cursor: () => ({
            async *[Symbol.asyncIterator]() {
              yield* rows;
            },
          }),
        }),
      }),
    }),
  } as unknown as Model<LikeDoc>;
  return { filters, repository: new LikesRepository(model) };
}

describe('LikesRepository: records with and without their own id', () => {
  const artifact = new Types.ObjectId();
  const keyed = (uid: string): Row => ({ _id: likeIdOf(artifact, uid), artifactId: artifact, uid });
  const unkeyed = (uid: string): Row => ({ _id: new Types.ObjectId(), artifactId: artifact, uid });

  test('until told every record has its id, a miss by id is looked up by the fields (a record from before like ids)', async () => {
    const { filters, repository } = memoryLikes([unkeyed('old-fan')]);
    expect(await repository.exists(artifact, 'old-fan')).toBe(true);
    expect(await repository.exists(artifact, 'stranger')).toBe(false);
    expect(filters.filter((filter) => '_id' in filter)).toHaveLength(2);
    expect(filters.filter((filter) => 'uid' in filter)).toHaveLength(2);
    expect(await repository.remove(artifact, 'old-fan')).toBe(true);
  });

  test('once told, `liked` and the unlike are one lookup by id: a miss is no like, with no read by the fields', async () => {
    const { filters, repository } = memoryLikes([keyed('fan')]);
    repository.markAllKeyed();
    expect(await repository.exists(artifact, 'fan')).toBe(true);
    expect(await repository.exists(artifact, 'stranger')).toBe(false);
    expect(await repository.remove(artifact, 'stranger')).toBe(false);
    expect(await repository.remove(artifact, 'fan')).toBe(true);
    expect(filters.every((filter) => Object.keys(filter).join() === '_id')).toBe(true);
    expect(filters).toHaveLength(4);
  });

  test("the reconciliation's count finds the records without their own id", async () => {
    const other = new Types.ObjectId();
    const { repository } = memoryLikes([keyed('a'), keyed('b'), unkeyed('c'), { _id: likeIdOf(other, 'a'), artifactId: other, uid: 'a' }]);
    const { counts, unkeyed: found } = await repository.countsByArtifact();
    expect(Object.fromEntries(counts)).toEqual({ [artifact.toHexString()]: 3, [other.toHexString()]: 1 });
    expect(found).toBe(1);
  });
});
