import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * The bytes of uploads in progress: the tus file store's folder (`<id>` and its `<id>.json`),
 * read once an upload is complete and removed once processed. The originals are never kept.
 */
export class UploadedBytes {
  constructor(readonly dir: string) {}

  private file(id: string): string {
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(this.dir, id);
  }

  async read(id: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(id));
    } catch {
      return null;
    }
  }

  /** Puts bytes that came another way (a pasted address, the seed) where an upload's would be. */
  async write(id: string, bytes: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(this.file(id), bytes);
  }

  async remove(id: string): Promise<void> {
    const file = this.file(id);
    await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.json`, { force: true })]);
  }
}
