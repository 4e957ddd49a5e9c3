import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import { createGunzip, gzip as gzipCallback } from 'node:zlib';
import { Types } from 'mongoose';
import { isObjectId } from '@antiquarium/contracts';
import type { CatalogArtifact } from '../artifacts/artifact-projections';
import { DERIVED_VERSION } from '../artifacts/derived-fields';
import { CatalogIndex } from './catalog-index';

const gzip = promisify(gzipCallback);

/**
 * What a snapshot's bytes mean: a reader of another format (or of documents derived by other
 * rules) treats the snapshot as stale and reads the collection.
 */
export const SNAPSHOT_FORMAT = `catalog-ndjson-gzip-1/derived-${DERIVED_VERSION}`;
/** Bytes per stored chunk: well under a document's 16 MB once the driver encodes it. */
export const SNAPSHOT_CHUNK_BYTES = 4 * 1024 * 1024;
/** Documents serialised or parsed between two yields to the event loop. */
const BATCH = 1000;

/** Which snapshot is current, and what it holds. */
export interface SnapshotMeta {
  /** Names the snapshot's chunks. */
  snapshot: string;
  format: string;
  /** Every change logged before this time is in the snapshot: a reader replays the log from here. */
  position: Date;
  /** When the full read this snapshot descends from began (the catalog's safety-net re-read counts from it). */
  loadedAt: Date;
  count: number;
  chunks: number;
  /** Of the chunks' bytes, in order. */
  sha256: string;
  writtenAt: Date;
}

/** Where snapshots are kept (the database: api/src/catalog/catalog-snapshots.ts; a map in unit tests). */
export abstract class SnapshotStore {
  abstract current(): Promise<SnapshotMeta | null>;
  /** The snapshot's chunks in order (fewer than `meta.chunks` when some are gone). */
  abstract chunks(meta: SnapshotMeta): Promise<Buffer[]>;
  /** Stores the chunks, then makes the snapshot the current one, then drops every other snapshot's chunks. */
  abstract write(meta: SnapshotMeta, chunks: readonly Buffer[]): Promise<void>;
}

export class SnapshotError extends Error {
  constructor(
    readonly reason: 'missing' | 'stale' | 'corrupt',
    message: string,
  ) {
    super(message);
  }
}

interface Header {
  format: string;
  snapshot: string;
  count: number;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function lineOf(doc: CatalogArtifact): string {
  return JSON.stringify({ ...doc, _id: doc._id.toHexString(), addedAt: new Date(doc.addedAt).toISOString() });
}

/**
 * The documents as gzipped JSON lines (a header first), cut into chunks: serialised a batch at a
 * time, yielding between batches, so a request waits at most one batch's work.
 */
export async function encodeSnapshot(snapshot: string, docs: Iterable<CatalogArtifact>): Promise<{ chunks: Buffer[]; sha256: string; count: number }> {
  const parts: Buffer[] = [];
  let lines: string[] = [];
  let count = 0;
  for (const doc of docs) {
    lines.push(lineOf(doc));
    count += 1;
    if (lines.length >= BATCH) {
      parts.push(Buffer.from(`${lines.join('\n')}\n`));
      lines = [];
      await yieldToLoop();
    }
  }
  if (lines.length > 0) parts.push(Buffer.from(`${lines.join('\n')}\n`));
  // Counted as read: the index may change between batches, and the header says what the lines hold.
  const header: Header = { format: SNAPSHOT_FORMAT, snapshot, count };
  // zlib works on libuv's threads: the event loop is free meanwhile.
  const packed = await gzip(Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), ...parts]));
  const chunks: Buffer[] = [];
  for (let start = 0; start < packed.length; start += SNAPSHOT_CHUNK_BYTES) chunks.push(packed.subarray(start, start + SNAPSHOT_CHUNK_BYTES));
  return { chunks, sha256: createHash('sha256').update(packed).digest('hex'), count };
}

function reviveDoc(line: string): CatalogArtifact {
  const raw = JSON.parse(line) as Record<string, unknown>;
  const id = raw['_id'];
  const addedAt = raw['addedAt'];
  if (!isObjectId(id) || typeof addedAt !== 'string' || typeof raw['name'] !== 'string' || typeof raw['nameLower'] !== 'string') {
    throw new SnapshotError('corrupt', 'a document of the snapshot lacks its id, name or date');
  }
  const at = new Date(addedAt);
  if (Number.isNaN(at.getTime())) throw new SnapshotError('corrupt', 'a document of the snapshot has no valid date');
  // The parsed object itself, not a copy: one object a document while the catalog is built.
  raw['_id'] = new Types.ObjectId(id);
  raw['addedAt'] = at;
  return raw as unknown as CatalogArtifact;
}

/** The lines of the gzipped bytes, a piece at a time as they decompress: never the whole text at once. */
async function* linesOf(chunks: readonly Buffer[]): AsyncGenerator<string[]> {
  const unzip = createGunzip({ chunkSize: 256 * 1024 });
  Readable.from(chunks).pipe(unzip);
  let rest: Buffer | null = null;
  try {
    for await (const piece of unzip as AsyncIterable<Buffer>) {
      const text: Buffer = rest ? Buffer.concat([rest, piece]) : piece;
      const lines: string[] = [];
      let start = 0;
      for (let end = text.indexOf(10); end !== -1; end = text.indexOf(10, start)) {
        lines.push(text.toString('utf8', start, end));
        start = end + 1;
      }
      rest = start < text.length ? Buffer.from(text.subarray(start)) : null;
      yield lines;
    }
  } catch {
    // Only the decompression throws here (the lines are parsed by the caller, after each yield).
    throw new SnapshotError('corrupt', 'its bytes do not decompress');
  } finally {
    unzip.destroy();
  }
  if (rest) yield [rest.toString('utf8')];
}

/**
 * The documents of a snapshot, in batches, after checking its chunks against the current record
 * (count, digest, format, name): a SnapshotError says why it cannot be used. The bytes are
 * decompressed as they are read, so the whole text is never held.
 */
export async function* decodeSnapshot(meta: SnapshotMeta, chunks: readonly Buffer[]): AsyncGenerator<CatalogArtifact[]> {
  if (chunks.length !== meta.chunks) throw new SnapshotError('corrupt', `${chunks.length} of its ${meta.chunks} chunks found`);
  const digest = createHash('sha256');
  for (const chunk of chunks) digest.update(chunk);
  if (digest.digest('hex') !== meta.sha256) throw new SnapshotError('corrupt', 'its bytes do not match their digest');
  let header: Header | null = null;
  let batch: CatalogArtifact[] = [];
  let read = 0;
  for await (const lines of linesOf(chunks)) {
    for (const line of lines) {
      if (!header) {
        header = headerOf(line, meta);
        continue;
      }
      try {
        batch.push(reviveDoc(line));
      } catch (error) {
        if (error instanceof SnapshotError) throw error;
        throw new SnapshotError('corrupt', 'a line of the snapshot is not a document');
      }
      read += 1;
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
  }
  if (!header) throw new SnapshotError('corrupt', 'its header cannot be read');
  if (batch.length > 0) yield batch;
  if (read !== header.count) throw new SnapshotError('corrupt', `${read} documents of the ${header.count} its header names`);
}

/** The snapshot's first line, checked against its record. */
function headerOf(line: string, meta: SnapshotMeta): Header {
  let header: Header;
  try {
    header = JSON.parse(line) as Header;
  } catch {
    throw new SnapshotError('corrupt', 'its header cannot be read');
  }
  if (header.format !== SNAPSHOT_FORMAT) throw new SnapshotError('stale', `written in another format (${String(header.format)})`);
  if (header.snapshot !== meta.snapshot || header.count !== meta.count) throw new SnapshotError('corrupt', 'its header does not match its record');
  return header;
}

/** An index of a snapshot's documents, built a batch at a time (the event loop runs between batches). */
export async function restoreIndex(meta: SnapshotMeta, chunks: readonly Buffer[], stopped: () => boolean): Promise<CatalogIndex<CatalogArtifact>> {
  const fresh = new CatalogIndex<CatalogArtifact>();
  for await (const batch of decodeSnapshot(meta, chunks)) {
    if (stopped()) throw new Error('the catalog is stopping');
    for (const doc of batch) fresh.upsert(doc);
    await yieldToLoop();
  }
  fresh.compact();
  return fresh;
}

/** The current snapshot's index, or a SnapshotError saying why there is none to use. */
export async function readSnapshot(
  store: SnapshotStore,
  maxArtifacts: number,
  stopped: () => boolean,
): Promise<{ meta: SnapshotMeta; index: CatalogIndex<CatalogArtifact> }> {
  const meta = await store.current();
  if (!meta) throw new SnapshotError('missing', 'none has been written');
  if (meta.format !== SNAPSHOT_FORMAT) throw new SnapshotError('stale', `written in another format (${meta.format})`);
  if (meta.count > maxArtifacts) throw new SnapshotError('stale', 'it holds more than CATALOG_MAX_ARTIFACTS');
  return { meta, index: await restoreIndex(meta, await store.chunks(meta), stopped) };
}

/**
 * Writes a snapshot of the documents unless the current one is of this format and younger than
 * `every` (so of several instances, one writes it). `position`: every change logged before it is
 * in the documents; `loadedAt`: when the full read they descend from began. Null when not due.
 */
export async function writeSnapshotIfDue(
  store: SnapshotStore,
  docs: Iterable<CatalogArtifact>,
  { every, position, loadedAt, now = Date.now() }: { every: number; position: number; loadedAt: number; now?: number },
): Promise<{ count: number; chunks: number } | null> {
  const current = await store.current();
  if (current && current.format === SNAPSHOT_FORMAT && now - current.writtenAt.getTime() < every) return null;
  const snapshot = randomUUID();
  const { chunks, sha256, count } = await encodeSnapshot(snapshot, docs);
  const meta: SnapshotMeta = { snapshot, format: SNAPSHOT_FORMAT, position: new Date(position), loadedAt: new Date(loadedAt), count, chunks: chunks.length, sha256, writtenAt: new Date() };
  await store.write(meta, chunks);
  return { count, chunks: chunks.length };
}
