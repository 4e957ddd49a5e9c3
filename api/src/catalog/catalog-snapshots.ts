import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Schema, type Model } from 'mongoose';
import { noOperationTimeout } from '../database/operation-timeout';
import { SnapshotStore, type SnapshotMeta } from './catalog-snapshot';

/**
 * The catalog's snapshot in the database every instance shares (docs/decisions/0030): one record
 * naming the current snapshot, and its gzipped bytes in chunks. Only inserts, one upsert of a fixed
 * id and deletes: what FerretDB and MongoDB both do the same way.
 */
export const SNAPSHOT_MODEL = 'CatalogSnapshot';
export const SNAPSHOT_CHUNK_MODEL = 'CatalogSnapshotChunk';
const CURRENT = 'current';

export const snapshotSchema = new Schema(
  {
    _id: { type: String, required: true },
    snapshot: { type: String, required: true },
    format: { type: String, required: true },
    position: { type: Date, required: true },
    loadedAt: { type: Date, required: true },
    count: { type: Number, required: true },
    chunks: { type: Number, required: true },
    sha256: { type: String, required: true },
    writtenAt: { type: Date, required: true },
  },
  { collection: 'catalogsnapshots', versionKey: false },
);

export const snapshotChunkSchema = new Schema(
  {
    snapshot: { type: String, required: true },
    n: { type: Number, required: true },
    data: { type: Buffer, required: true },
  },
  { collection: 'catalogsnapshotchunks', versionKey: false },
);
snapshotChunkSchema.index({ snapshot: 1, n: 1 });

type MetaDoc = SnapshotMeta & { _id: string };
interface ChunkDoc {
  snapshot: string;
  n: number;
  data: Buffer | { buffer: Buffer };
}

function bytesOf(data: ChunkDoc['data']): Buffer {
  // Lean reads hand back the driver's Binary, whose `buffer` holds the bytes.
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer);
}

@Injectable()
export class CatalogSnapshots extends SnapshotStore {
  constructor(
    @InjectModel(SNAPSHOT_MODEL) private readonly metas: Model<MetaDoc>,
    @InjectModel(SNAPSHOT_CHUNK_MODEL) private readonly parts: Model<ChunkDoc>,
  ) {
    super();
  }

  async current(): Promise<SnapshotMeta | null> {
    const doc = await this.metas.findById(CURRENT).lean<MetaDoc>().exec();
    if (!doc) return null;
    const { _id: _current, ...meta } = doc;
    return meta;
  }

  async chunks(meta: SnapshotMeta): Promise<Buffer[]> {
    const found: Buffer[] = [];
    // One chunk a read: a few megabytes each, never the whole snapshot in one reply.
    for (let n = 0; n < meta.chunks; n += 1) {
      const doc = await this.parts.findOne({ snapshot: meta.snapshot, n }).setOptions(noOperationTimeout()).lean<ChunkDoc>().exec();
      if (!doc) break;
      found.push(bytesOf(doc.data));
    }
    return found;
  }

  async write(meta: SnapshotMeta, chunks: readonly Buffer[]): Promise<void> {
    for (const [n, data] of chunks.entries()) await this.parts.create({ snapshot: meta.snapshot, n, data });
    await this.metas.updateOne({ _id: CURRENT }, { $set: meta }, { upsert: true }).exec();
    // Another writer may have won meanwhile: keep whichever snapshot is current now.
    const current = await this.current();
    await this.parts.deleteMany({ snapshot: { $ne: current?.snapshot ?? meta.snapshot } }).exec();
  }
}
