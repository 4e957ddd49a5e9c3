// (g) photos (issue 42): processing a 12 MP phone photo into every derivative, in a worker process
// of its own (time and peak resident memory), the bytes of the card's derivative, and a derivative
// served by the api (requests per second and p99, cached by the OS's page cache).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { stopProcess } from '../lib/processes.mjs';
import { API_PROCESS_ENV, ROOT, startApi } from '../lib/services.mjs';
import { atMost, kb, median, ms, round, row, say } from './helpers.mjs';
import { nodeLoad } from './load.mjs';
import { seedArtifacts } from './seed.mjs';

export const PHOTO_BUDGET = { processMs: 3000, workerMB: 300, cardKB: 35 };
/** The card's derivative: a card is at most ~455 px wide, so at 1.4x a phone or a desktop takes the 640 px file. */
const CARD_WIDTH = 640;

/**
 * The photo, made once in a process of its own: a phone-sized JPEG (4032 x 3024, about 4 MB). Then
 * the worker: that file processed by the api's own code, its files written to `dir`, the figures
 * printed as JSON; its peak resident memory is the kernel's high-water mark of that process alone.
 */
const GENERATE = `
const sharp = require('sharp');
(async () => {
  // A scene (sky, ground, a stone with edges and lettering) under sensor-like grain: a phone photo's
  // mix of smooth areas, edges and fine noise.
  const scene = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb4d8"/><stop offset="1" stop-color="#e8e0cf"/></linearGradient><radialGradient id="r"><stop offset="0" stop-color="#b59a78"/><stop offset="1" stop-color="#5d4a36"/></radialGradient></defs><rect width="4032" height="1700" fill="url(#s)"/><rect y="1700" width="4032" height="1324" fill="#6b7a45"/><ellipse cx="2016" cy="1800" rx="1100" ry="760" fill="url(#r)"/>' + Array.from({ length: 14 }, (_, i) => '<text x="' + (1150 + (i % 7) * 250) + '" y="' + (1500 + Math.floor(i / 7) * 380) + '" font-size="260" font-family="serif" fill="#2e2418">&#' + (913 + i) + ';</text>').join('') + Array.from({ length: 160 }, (_, i) => '<circle cx="' + ((i * 733) % 4032) + '" cy="' + (1750 + ((i * 397) % 1270)) + '" r="' + (8 + (i % 23)) + '" fill="#' + ['3d4a22', '8c7b52', '4f5d30', 'a39070'][i % 4] + '"/>').join('') + '</svg>');
  const grain = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 16 } } }).png().toBuffer();
  const base = await sharp(scene).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 92 }).toBuffer();
  require('node:fs').writeFileSync(process.env.INPUT, base);
})().catch((error) => { console.error(error); process.exit(1); });
`;

const WORKER = `
const { readFileSync, writeFileSync, mkdirSync } = require('node:fs');
const { processPhoto } = require(process.env.PROCESSOR);
(async () => {
  const base = readFileSync(process.env.INPUT);
  const t0 = performance.now();
  const photo = await processPhoto(base, 'bench-photo');
  const elapsed = performance.now() - t0;
  const hwm = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  mkdirSync(process.env.OUT, { recursive: true });
  for (const file of photo.files) writeFileSync(process.env.OUT + '/' + photo.hash + '-' + file.width + '.' + file.format, file.bytes);
  const sizes = Object.fromEntries(photo.files.map((file) => [file.width + '.' + file.format, file.bytes.length]));
  process.stdout.write(JSON.stringify({ inputBytes: base.length, ms: elapsed, peakMB: hwm ? Number(hwm[1]) / 1024 : null, hash: photo.hash, width: photo.width, height: photo.height, placeholder: photo.placeholder, sizes, files: photo.files.length }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** Runs `script` in a Node process of its own, as the api's code runs (its modules, its allocator setting). */
export async function inApi(script, env) {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, ...API_PROCESS_ENV, ...env, NODE_PATH: path.join(ROOT, 'node_modules') },
    maxBuffer: 10 * 1024 * 1024,
  });
  return stdout;
}

/** Processes the photo at `input` once with the api's own code, its files written to `dir` (also (i)'s). */
export async function processOnce(dir, input) {
  return JSON.parse(await inApi(WORKER, { PROCESSOR: path.join(ROOT, 'api/dist/media/photo-processor.js'), OUT: dir, INPUT: input }));
}

/** Serves the processed photo as a public artifact's and loads one derivative at 16 connections. */
async function serveLoad(ctx, photo, photosDir) {
  const { ports, options } = ctx;
  const mongoUri = `mongodb://127.0.0.1:${ctx.ferret.sqlite.port}/bench_photos`;
  await seedArtifacts(mongoUri, 1, { maxLikes: 0, label: '(g) one artifact' });
  const mongoose = createRequire(path.join(ROOT, 'api/dist/seed/seed-writer.js'))('mongoose');
  const connection = await mongoose.createConnection(mongoUri).asPromise();
  const port = ports.apiPhotos;
  const base = `http://127.0.0.1:${port}`;
  try {
    const artifact = await connection.collection('artifacts').findOne({});
    const image = { id: 'bench-photo', src: `${base}/media/photos/${photo.hash}`, alt: 'A bench photo', width: photo.width, height: photo.height, placeholder: photo.placeholder };
    await connection.collection('artifacts').updateOne({ _id: artifact._id }, { $set: { images: [image] } });
    const widths = [...new Set(Object.keys(photo.sizes).map((key) => Number(key.split('.')[0])))];
    await connection.collection('photos').insertOne({ _id: 'bench-photo', uid: artifact.adderUid, size: photo.inputBytes, storedBytes: 0, state: 'ready', locationRemoved: false, width: photo.width, height: photo.height, hash: photo.hash, placeholder: photo.placeholder, widths, artifactId: artifact._id.toHexString(), createdAt: new Date() });
  } finally {
    await connection.close();
  }
  const api = await startApi({ port, mongoUri, authEmulatorPort: ports.auth, logDir: ctx.logs, name: 'api-photos', env: { RECONCILE_ON_START: 'off', SWAGGER: 'off', PHOTOS_DIR: photosDir, CLIENT_RATE_LIMIT: '100000000' } });
  try {
    const url = `${base}/media/photos/${photo.hash}-${CARD_WIDTH}.avif`;
    const durationMs = options.smoke ? 2000 : 15_000;
    await nodeLoad(url, { connections: 16, durationMs: Math.min(2000, durationMs) });
    return { url, ...(await nodeLoad(url, { connections: 16, durationMs })) };
  } finally {
    await stopProcess(api);
  }
}

/** The 12 MP phone photo's file, made once per run in the work dir (shared with (i), iiif-tiles.mjs). */
export async function phonePhoto(ctx) {
  const input = path.join(ctx.work, 'phone-photo.jpg');
  if (!existsSync(input)) await inApi(GENERATE, { INPUT: input });
  return input;
}

export async function measurePhotos(ctx) {
  const dir = path.join(ctx.work, 'photos');
  mkdirSync(dir, { recursive: true });
  const input = await phonePhoto(ctx);
  const runs = [];
  for (let i = 0; i < (ctx.options.smoke ? 1 : 3); i += 1) {
    say(`(g) processing a 12 MP phone photo, run ${i + 1}`);
    runs.push(await processOnce(dir, input));
  }
  const photo = runs[0];
  say('(g) one derivative served by the api at 16 connections');
  const load = await serveLoad(ctx, photo, dir);
  const processMs = median(runs.map((run) => run.ms));
  const peakMB = median(runs.map((run) => run.peakMB));
  const card = (format) => photo.sizes[`${CARD_WIDTH}.${format}`];
  const { rps, p99 } = load;
  const section = { inputBytes: photo.inputBytes, files: photo.files, runs: runs.map((run) => ({ ms: round(run.ms, 0), peakMB: round(run.peakMB, 0) })), sizes: photo.sizes, load: { url: load.url, requests: load.requests, rps: round(rps, 0), p99Ms: round(p99, 1), non2xx: load.non2xx, errors: load.errors } };
  return {
    section,
    rows: [
      row('photos', 'process', `a 12 MP phone JPEG (4032x3024, ${kb(photo.inputBytes)}) into ${photo.files} files (widths x AVIF, WebP, JPEG), median of ${runs.length}`, ms(processMs), `<= ${PHOTO_BUDGET.processMs} ms`, atMost(processMs, PHOTO_BUDGET.processMs, ms), round(processMs, 0), 'ms'),
      row('photos', 'worker-memory', 'the worker\'s peak resident memory while processing it', `${round(peakMB, 0)} MB`, `<= ${PHOTO_BUDGET.workerMB} MB`, atMost(peakMB, PHOTO_BUDGET.workerMB, (v) => `${round(v, 0)} MB`), round(peakMB, 0), 'MB'),
      row('photos', 'card-bytes', `the card's derivative (${CARD_WIDTH} px AVIF; WebP ${kb(card('webp'))}, JPEG ${kb(card('jpg'))})`, kb(card('avif')), `<= ${PHOTO_BUDGET.cardKB} KB`, atMost(card('avif') / 1024, PHOTO_BUDGET.cardKB, (v) => `${round(v, 1)} KB`), round(card('avif') / 1024, 1), 'KB'),
      row('photos', 'serve', `a derivative served by the api at 16 connections (${load.non2xx + load.errors} not 200)`, `${round(rps, 0)} req/s, p99 ${ms(p99)}`, 'measured', { status: load.non2xx + load.errors > 0 ? 'missed' : 'info', by: load.non2xx + load.errors > 0 ? 'answers that were not 200' : '' }, round(rps, 0), 'req/s'),
    ],
  };
}
