// Data: the factory (api/dist/seed/factory.js) written by the seed writer, through the api's mongoose
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../lib/services.mjs';
import { say, thousands } from './helpers.mjs';

const requireFromApi = createRequire(path.join(ROOT, 'api/dist/seed/seed-writer.js'));
const FIXED_NOW = Date.UTC(2026, 0, 1);
const ADDERS = Array.from({ length: 50 }, (_, i) => ({
  uid: `bench-adder-${i + 1}`,
  name: `Bench Curator ${i + 1}`,
  email: `bench-${i + 1}@antiquarium.test`,
}));

/** Fills an emptied database with `count` factory artifacts (deterministic), in chunks. */
export async function seedArtifacts(mongoUri, count, { maxLikes, label }) {
  const mongoose = requireFromApi('mongoose');
  const { makeArtifacts } = requireFromApi('./factory.js');
  const { writeArtifacts, artifactCount } = requireFromApi('./seed-writer.js');
  const connection = await mongoose.createConnection(mongoUri, { serverSelectionTimeoutMS: 10_000, socketTimeoutMS: 0 }).asPromise();
  const chunk = 10_000;
  const t0 = performance.now();
  try {
    await connection.dropDatabase();
    for (let offset = 0; offset < count; offset += chunk) {
      const n = Math.min(chunk, count - offset);
      const items = makeArtifacts(n, {
        seed: 1 + offset / chunk,
        adders: ADDERS,
        imageBaseUrl: 'http://localhost:3000/media',
        // One minute apart over the whole collection, the newest at FIXED_NOW.
        now: FIXED_NOW - (count - offset - n) * 60_000,
        maxLikes,
      });
      // The factory numbers each call from 1: keep names unique over the whole collection.
      items.forEach((item, i) => {
        item.name = item.name.replace(/No\. \d+$/, `No. ${offset + i + 1}`);
      });
      await writeArtifacts(connection, items);
      if (count > chunk) {
        const done = offset + n;
        const rate = done / ((performance.now() - t0) / 1000);
        say(`${label}: seeded ${thousands(done)} of ${thousands(count)} (${rate.toFixed(0)}/s, about ${((count - done) / rate / 60).toFixed(1)} min left)`);
      }
    }
    // Counting is a full scan on FerretDB: checked on small sets only (insertMany throws on failures).
    if (count <= 20_000) {
      const stored = await artifactCount(connection);
      if (stored !== count) throw new Error(`${label}: expected ${count} artifacts, the database holds ${stored}`);
    }
    // Marks a finished seed, for --reuse-million.
    await connection.db.collection('bench_meta').updateOne({ _id: 'seed' }, { $set: { count, finishedAt: new Date() } }, { upsert: true });
  } finally {
    await connection.close();
  }
  say(`${label}: ${thousands(count)} artifacts seeded in ${((performance.now() - t0) / 1000).toFixed(0)}s`);
}

/** How many artifacts a finished bench seed wrote into this database (0 when none finished). */
export async function seededCount(mongoUri) {
  const mongoose = requireFromApi('mongoose');
  const connection = await mongoose.createConnection(mongoUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const marker = await connection.db.collection('bench_meta').findOne({ _id: 'seed' });
    return marker?.count ?? 0;
  } finally {
    await connection.close();
  }
}
