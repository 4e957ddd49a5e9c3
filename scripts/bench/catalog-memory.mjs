// The catalog's memory at start-up from a snapshot (api/src/catalog, issue 47), in a process of its
// own as the api runs it: what a fresh instance holds once the catalog is ready, and its peak.
//
//   node scripts/bench/catalog-memory.mjs [--size 100000] [--heap size|speed] [--catalog api/dist/catalog]
//
// The parent writes a snapshot of generated artifacts (the seed factory, real ObjectIds, derived
// fields as the api stores them) to a file; a child restores the catalog from it (readSnapshot)
// and prints its resident memory and V8 heap at ready, after a full collection, and the peak
// resident size. `--heap size` runs the child with --optimize-for-size, as the api's HEAP=size.
// Needs the api built (`npm run build`); --catalog compares another compiled catalog folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../lib/services.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    heap: { type: 'string', default: 'size' },
    catalog: { type: 'string', default: path.join(ROOT, 'api/dist/catalog') },
    child: { type: 'string' },
  },
});
const catalogDir = path.resolve(values.catalog);
const requireCatalog = createRequire(path.join(catalogDir, 'catalog-snapshot.js'));
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/** A snapshot store over one folder: the meta as JSON, the chunks as files. */
function fileStore(dir) {
  const { SnapshotStore } = requireCatalog('./catalog-snapshot.js');
  return new (class extends SnapshotStore {
    async current() {
      if (!existsSync(path.join(dir, 'meta.json'))) return null;
      const meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8'));
      return { ...meta, position: new Date(meta.position), loadedAt: new Date(meta.loadedAt), writtenAt: new Date(meta.writtenAt) };
    }
    async chunks(meta) {
      return Array.from({ length: meta.chunks }, (_, n) => readFileSync(path.join(dir, `chunk-${n}`)));
    }
    async write(meta, chunks) {
      chunks.forEach((chunk, n) => writeFileSync(path.join(dir, `chunk-${n}`), chunk));
      writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(meta));
    }
  })();
}

async function child(dir) {
  const { readSnapshot } = requireCatalog('./catalog-snapshot.js');
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  const { index } = await readSnapshot(fileStore(dir), Number.MAX_SAFE_INTEGER, () => false);
  const ms = performance.now() - started;
  const ready = process.memoryUsage();
  peak = Math.max(peak, ready.rss);
  clearInterval(sampler);
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const settled = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ size: index.size, ms: Math.round(ms), ready, settled, peak })}\n`);
}

async function parent() {
  const requireApi = createRequire(path.join(ROOT, 'api/dist/seed/factory.js'));
  const { makeArtifacts } = requireApi('./factory.js');
  const { derivedFields } = requireApi('../artifacts/derived-fields.js');
  const { Types } = requireApi('mongoose');
  const { writeSnapshotIfDue } = requireCatalog('./catalog-snapshot.js');
  const size = Number(values.size);
  const adders = Array.from({ length: 50 }, (_, n) => ({ uid: `bench-adder-${n + 1}`, name: `Bench Curator ${n + 1}`, email: `curator${n + 1}@antiquarium.test` }));
  const docs = makeArtifacts(size, { seed: 1, adders, now: Date.UTC(2026, 0, 1), maxLikes: 3 }).map((artifact) => {
    const { searchTokens: _tokens, derivedVersion: _version, ...derived } = derivedFields(artifact);
    return { ...artifact, ...derived, images: [], _id: new Types.ObjectId() };
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aq-catalog-memory-'));
  try {
    await writeSnapshotIfDue(fileStore(dir), docs, { every: 0, position: Date.now(), loadedAt: Date.now() });
    const flags = ['--expose-gc', ...(values.heap === 'size' ? ['--optimize-for-size'] : [])];
    const out = execFileSync(process.execPath, [...flags, new URL(import.meta.url).pathname, '--child', dir, '--catalog', catalogDir], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const result = JSON.parse(out.trim().split('\n').at(-1));
    if (result.size !== size) throw new Error(`the snapshot of ${size} artifacts restored ${result.size}`);
    const row = (label, usage) => `| ${label} | ${mb(usage.rss)} | ${mb(usage.heapUsed)} | ${mb(usage.external)} |`;
    console.log(`catalog restored from a snapshot: ${result.size} artifacts in ${result.ms} ms (heap: ${values.heap})\n`);
    console.log('| when | resident MB | heap used MB | external MB |\n|---|---|---|---|');
    console.log(row('ready', result.ready));
    console.log(row('after a full collection', result.settled));
    console.log(`| peak (sampled every 20 ms) | ${mb(result.peak)} | | |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await (values.child ? child(values.child) : parent());
