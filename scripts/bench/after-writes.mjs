// (c) the first request of each api hot path after a write (issue 47): what a visitor who asks right
// after someone added, liked, edited or deleted an artifact waits, and what the write itself took.
// A member of the bench's own (an Auth Emulator started for this) writes through the api. For each
// kind of write, --after-write-runs times: every path asked once (the api keeps what it answered, as
// under traffic), the write (timed), then every path again, each timed alone, in an order turned by
// one each run so that each path is sometimes the first. A path's verdict takes its slowest kind's
// median. A write that fails ends the section: its row says how, and what was measured stays.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { memberApi, verifiedAccount } from '../lib/firebase-session.mjs';
import { stopProcess } from '../lib/processes.mjs';
import { PROJECT_ID, startAuthEmulator } from '../lib/services.mjs';
import { atMost, median, ms, round, row, say } from './helpers.mjs';
import { get } from './load.mjs';
import { BUDGET } from './options.mjs';

const KINDS = ['add', 'like', 'edit', 'delete'];
const AFTER = { add: 'after an add', like: 'after a like', edit: 'after an edit', delete: 'after a delete' };

/** An artifact as a member would add it; its picture one of the api's own addresses (nothing to copy). */
function added(base, n) {
  return {
    name: `Bench Bronze Lamp ${n}`,
    image: `${base}/media/bench-${n}.webp`,
    type: 'Tools',
    context: 'Made by the bench to time the first request after a write.',
    shortDescription: 'A lamp of cast bronze.',
    createdAt: '2nd century BC',
    discoveredAt: '1901',
    discoveredBy: 'The bench',
    location: 'British Museum, London',
  };
}

/** The member's writes, each given its run's number: what they added is what they edit and delete. */
async function writer(ctx, base, handler, detailsId) {
  const { ports } = ctx;
  const member = await verifiedAccount(`http://127.0.0.1:${ports.auth}`, { apiKey: 'demo-api-key', projectId: PROJECT_ID }, { email: `bench-writer-${handler}@antiquarium.test`, password: 'Bench-Writer-1', displayName: 'Bench Writer' });
  const call = memberApi(base, member.idToken);
  // Liked one each: the collection's own artifacts (the details path's is left alone).
  const others = (await call('GET', '/artifacts?sort=name&limit=24')).filter((artifact) => artifact._id !== detailsId);
  const mine = [];
  return {
    add: async (n) => mine.push((await call('POST', '/artifacts', added(base, n))).insertedId),
    like: (n) => call('PATCH', `/artifacts/toggle-like/${others[n % others.length]._id}`),
    edit: (n) => call('PATCH', `/artifacts/${mine[n]}`, { name: `Bench Bronze Lamp ${n} edited`, shortDescription: 'A lamp of cast bronze, edited.' }),
    delete: (n) => call('DELETE', `/artifacts/${mine[n]}`),
  };
}

/** Writes and timings against the api at `base` (started by measureLatency): rows and the section's figures. */
export async function firstAfterWrites(ctx, { handler, base, size, hotPaths, detailsId }) {
  const { ports, options, work, logs } = ctx;
  const runs = options.afterWriteRuns;
  const auth = await startAuthEmulator({ port: ports.auth, hubPort: ports.hub, loggingPort: ports.logging, workDir: path.join(work, `emulator-writes-${handler}`), logDir: logs });
  const urls = hotPaths.map((hot) => base + hot.path(detailsId));
  const times = hotPaths.map(() => Object.fromEntries(KINDS.map((kind) => [kind, []])));
  const writes = Object.fromEntries(KINDS.map((kind) => [kind, []]));
  let failure = null;
  try {
    const write = await writer(ctx, base, handler, detailsId);
    for (const kind of KINDS) {
      for (let run = 0; run < runs && !failure; run += 1) {
        for (const url of urls) await get(url);
        const started = performance.now();
        try {
          await write[kind](run);
        } catch (error) {
          failure = { kind, ms: performance.now() - started, message: error instanceof Error ? error.message : String(error) };
          break;
        }
        writes[kind].push(performance.now() - started);
        for (let step = 0; step < urls.length; step += 1) {
          const index = (step + run) % urls.length;
          const answer = await get(urls[index]);
          if (answer.status !== 200) throw new Error(`${hotPaths[index].label} ${AFTER[kind]}: ${answer.status || answer.error}`);
          times[index][kind].push(answer.ms);
        }
      }
      if (failure) break;
    }
  } finally {
    await stopProcess(auth);
  }
  const rows = hotPaths.map((hot, index) => {
    const measured = KINDS.filter((kind) => times[index][kind].length > 0);
    const medians = measured.map((kind) => median(times[index][kind]));
    const worst = medians.length > 0 ? Math.max(...medians) : null;
    const result = measured.map((kind, at) => `${AFTER[kind]} ${ms(medians[at])}${runs > 1 ? ` (${times[index][kind].map(ms).join(', ')})` : ''}`).join('; ');
    const verdict = worst === null ? { status: 'missed', by: 'no write succeeded' } : atMost(worst, BUDGET.p99Ms, ms);
    const shown = hot.path(detailsId).replace(detailsId, ':id');
    return row('latency', `${handler}:${hot.key}-after-write`, `${hot.label} ${shown}, the first request after a write (${handler}, ${size})`, result || 'nothing measured', `<= ${BUDGET.p99Ms} ms`, verdict, worst === null ? null : round(worst, 2), 'ms');
  });
  const written = KINDS.filter((kind) => writes[kind].length > 0).map((kind) => `${kind} ${ms(median(writes[kind]))}`);
  const failed = failure ? `; ${AFTER[failure.kind].replace('after ', '')} failed after ${ms(failure.ms)}: ${failure.message}` : '';
  rows.push(row('latency', `${handler}:writes`, `the writes themselves, median (${handler}, ${size})`, `${written.join('; ') || 'none'}${failed}`, 'measured; every write succeeds', failure ? { status: 'missed', by: `${failure.kind} failed` } : { status: 'info' }, null));
  say(`(c) ${handler}: writes ${written.join(', ')}${failed}`);
  const section = { runs, writesMs: Object.fromEntries(KINDS.map((kind) => [kind, writes[kind].map((value) => round(value, 1))])), failure, paths: Object.fromEntries(hotPaths.map((hot, index) => [hot.key, Object.fromEntries(KINDS.map((kind) => [kind, times[index][kind].map((value) => round(value, 2))]))])) };
  return { rows, section };
}
