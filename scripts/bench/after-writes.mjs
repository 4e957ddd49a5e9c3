// (c) the first request of each api hot path after a write (issue 47): what the visitor who asks
// right after someone added, liked, edited or deleted an artifact waits. A member of the bench's own
// (the Auth Emulator, started for this) writes through the api; for each path and each kind of write,
// --after-write-runs times: the path asked once (the api keeps what it answered, as under traffic),
// the write, then the path again, timed alone. The verdict takes the slowest kind's median.
import path from 'node:path';
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

/**
 * Runs the writes and timings against the api at `base` (started by measureLatency); returns the
 * rows, one per path, and the section's figures.
 */
export async function firstAfterWrites(ctx, { handler, base, size, hotPaths, detailsId }) {
  const { ports, options, work, logs } = ctx;
  const runs = options.afterWriteRuns;
  const auth = await startAuthEmulator({ port: ports.auth, hubPort: ports.hub, loggingPort: ports.logging, workDir: path.join(work, `emulator-writes-${handler}`), logDir: logs });
  try {
    const member = await verifiedAccount(`http://127.0.0.1:${ports.auth}`, { apiKey: 'demo-api-key', projectId: PROJECT_ID }, { email: `bench-writer-${handler}@antiquarium.test`, password: 'Bench-Writer-1', displayName: 'Bench Writer' });
    const call = memberApi(base, member.idToken);
    // Liked in turn, one each: the collection's own artifacts (the details path's is left alone).
    const others = (await call('GET', `/artifacts?sort=name&limit=${hotPaths.length * runs}`)).filter((artifact) => artifact._id !== detailsId);
    const mine = [];
    let made = 0;
    const write = {
      add: async () => mine.push((await call('POST', '/artifacts', added(base, (made += 1)))).insertedId),
      like: async (n) => call('PATCH', `/artifacts/toggle-like/${others[n % others.length]._id}`),
      edit: async (n) => call('PATCH', `/artifacts/${mine[n]}`, { name: `Bench Bronze Lamp ${n} edited`, shortDescription: 'A lamp of cast bronze, edited.' }),
      delete: async (n) => call('DELETE', `/artifacts/${mine[n]}`),
    };
    const results = {};
    const rows = [];
    for (const hot of hotPaths) {
      const url = base + hot.path(detailsId);
      const times = Object.fromEntries(KINDS.map((kind) => [kind, []]));
      for (const kind of KINDS) {
        for (let run = 0; run < runs; run += 1) {
          const n = hotPaths.indexOf(hot) * runs + run;
          await get(url);
          await write[kind](n);
          const answer = await get(url);
          if (answer.status !== 200) throw new Error(`${hot.label} ${AFTER[kind]}: ${answer.status || answer.error}`);
          times[kind].push(answer.ms);
        }
      }
      const medians = Object.fromEntries(KINDS.map((kind) => [kind, median(times[kind])]));
      const worst = Math.max(...Object.values(medians));
      results[hot.key] = Object.fromEntries(KINDS.map((kind) => [kind, times[kind].map((value) => round(value, 2))]));
      const shown = hot.path(detailsId).replace(detailsId, ':id');
      rows.push(
        row(
          'latency',
          `${handler}:${hot.key}-after-write`,
          `${hot.label} ${shown}, the first request after a write (${handler}, ${size})`,
          KINDS.map((kind) => `${AFTER[kind]} ${ms(medians[kind])}${runs > 1 ? ` (${times[kind].map(ms).join(', ')})` : ''}`).join('; '),
          `<= ${BUDGET.p99Ms} ms`,
          atMost(worst, BUDGET.p99Ms, ms),
          round(worst, 2),
          'ms',
        ),
      );
    }
    say(`(c) ${handler}: the first request of each path after ${made} adds, likes, edits and deletes`);
    return { rows, section: { runs, paths: results } };
  } finally {
    await stopProcess(auth);
  }
}
