// The bench smoke phase of `npm test` (scripts/test.mjs).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './processes.mjs';
import { ROOT, demoPhotoCache } from './services.mjs';

/**
 * `npm run bench` on tiny data (scripts/bench.mjs --smoke): it must finish and write every section
 * of its report. Timings are not judged. Its own ports: the bench's shifted by 6 + TEST_PORT_OFFSET
 * (clear of a real `npm run bench`, the soak's emulator ports and the other phases'). `prefix`: before
 * each line of its output (it runs beside the api suites).
 */
export async function benchSmoke({ work, offset, results, prefix }) {
  const out = path.join(work, 'bench-smoke.json');
  let failure;
  try {
    // Its demo site's seed copies the plates the run's first seed processed (demoPhotoCache).
    const env = { SEED_PHOTO_CACHE: demoPhotoCache(work) };
    await run(process.execPath, [path.join(ROOT, 'scripts/bench.mjs'), '--smoke', '--skip-lighthouse', '--million', '--out', out, '--port-offset', String(6 + offset)], { cwd: ROOT, env, prefix });
    // The search engines side by side on a few artifacts: the catalog's must answer as a scan does.
    await run(process.execPath, [path.join(ROOT, 'scripts/bench/search-engines.mjs'), '--sizes', '300', '--queries', '60', '--require-equal', 'catalog'], { cwd: ROOT, prefix });
    // The catalog's memory from a snapshot: it must restore every artifact it wrote.
    await run(process.execPath, [path.join(ROOT, 'scripts/bench/catalog-memory.mjs'), '--size', '300'], { cwd: ROOT, prefix });
  } catch (error) {
    failure = error;
  }
  const sections = ['bytes', 'lighthouse', 'first-tap', 'latency', 'home', 'million', 'idle', 'photos', 'iiif'];
  let problem = failure?.message;
  if (!problem) {
    const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
    const missing = sections.filter((name) => !report?.sections?.[name] || !report.rows.some((row) => row.section === name));
    const shapeless = (report?.rows ?? []).filter((row) => !row.key || !row.measure || !['met', 'missed', 'info', 'skipped'].includes(row.status));
    if (!report) problem = `no report at ${out}`;
    else if (missing.length > 0) problem = `sections missing from the report: ${missing.join(', ')}`;
    else if (shapeless.length > 0) problem = `rows without key, measure or status: ${JSON.stringify(shapeless[0])}`;
  }
  results.push({ label: 'bench smoke', passed: problem ? 0 : 1, failed: problem ? 1 : 0, skipped: 0 });
  if (problem) throw new Error(`bench smoke: ${problem}`);
}
