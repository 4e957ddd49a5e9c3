// (i) IIIF tiles (issue 44): the Image API's tiles of a 12 MP phone photo, served by the api
// (api/src/iiif, iiif-processor over sharp) as a IIIF viewer asks for them: the first tile's time on
// a fresh api (info.json, then the first 512 px tile), and requests per second and p99 at 16
// connections over the photos' distinct tiles, cold (each tile's first request: nothing made yet)
// and cached (the same tiles again, answered from the api's in-process cache).
//
// The photo is (g)'s (photos.mjs: 4032x3024, a scene under sensor-like grain) with texture at a
// coarser scale over it (a stone's surface: pixel-level grain alone averages out when the photo is
// scaled to 2560 px, which left a 290 KB JPEG with 10 KB tiles), 4.5 MB at quality 92 and about
// 0.95 MB at 2560 px, as a phone photo of a textured object is. It is processed once by the api's
// own code into the files the site keeps, and attached to public artifacts in the database as the
// api's upload path leaves them (a `photos` record, `ready`, and the artifact's `images` naming it).
// Its IIIF image is its widest published JPEG (2560x1920: the original is not kept). More photos are
// that file under other hashes, so that every cold request finds nothing made for it yet.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stopProcess } from '../lib/processes.mjs';
import { NO_RATE_LIMITS, ROOT, startApi } from '../lib/services.mjs';
import { cpuSeconds, kb, median, ms, round, row, say, settle, skipped } from './helpers.mjs';
import { get, urlsLoad } from './load.mjs';
import { inApi, phonePhoto, processOnce } from './photos.mjs';
import { seedArtifacts } from './seed.mjs';

const CONNECTIONS = 16;
/** The first tile a viewer's deep zoom may ask for at full resolution: the top-left 512 px square. */
const FIRST_TILE = '0,0,512,512/512,512/0/default.jpg';

/** (g)'s photo under gaussian noise made at a third of its size and scaled up (blobs of ~3 px). */
const TEXTURE = `
const sharp = require('sharp');
(async () => {
  const { width, height } = await sharp(process.env.INPUT).metadata();
  const noise = await sharp({ create: { width: Math.round(width / 3), height: Math.round(height / 3), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  const texture = await sharp(noise).resize(width, height, { kernel: 'cubic' }).png().toBuffer();
  await sharp(process.env.INPUT).composite([{ input: texture, blend: 'soft-light' }]).jpeg({ quality: 92 }).toFile(process.env.OUTPUT);
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** How many photos: measured for the first tile alone, and loaded (their tiles) cold and cached. */
function sizes(options) {
  return options.smoke ? { firstPhotos: 1, loadPhotos: 1, cachedMs: 1000 } : { firstPhotos: 3, loadPhotos: 8, cachedMs: 15_000 };
}

/**
 * Every tile of a picture, as a IIIF client derives them from info.json's `tiles` (the Image API
 * 3.0's "tiles" algorithm, as OpenSeadragon asks): for each scale factor, coarsest first, regions of
 * tile x scale factor pixels, row by row, each at its region's size divided by the scale factor.
 */
export function tileRequests(info) {
  const { width, height } = info;
  const [{ width: tileWidth, height: tileHeight = tileWidth, scaleFactors }] = info.tiles;
  const requests = [];
  for (const factor of [...scaleFactors].sort((a, b) => b - a)) {
    const [regionWidth, regionHeight] = [tileWidth * factor, tileHeight * factor];
    for (let y = 0; y < height; y += regionHeight) {
      for (let x = 0; x < width; x += regionWidth) {
        const [w, h] = [Math.min(regionWidth, width - x), Math.min(regionHeight, height - y)];
        requests.push(`${x},${y},${w},${h}/${Math.ceil(w / factor)},${Math.ceil(h / factor)}/0/default.jpg`);
      }
    }
  }
  return requests;
}

/** The photo processed once, and `count` photos of it attached to `count` public artifacts. */
async function attachPhotos(ctx, dir, count) {
  const input = path.join(ctx.work, 'iiif-photo.jpg');
  await inApi(TEXTURE, { INPUT: await phonePhoto(ctx), OUTPUT: input });
  say('(i) processing the 12 MP phone photo with the api\'s code');
  const photo = await processOnce(dir, input);
  const widths = [...new Set(Object.keys(photo.sizes).map((key) => Number(key.split('.')[0])))];
  const widest = Math.max(...widths);
  const mongoUri = `mongodb://127.0.0.1:${ctx.ferret.sqlite.port}/bench_iiif`;
  await seedArtifacts(mongoUri, count, { maxLikes: 0, label: `(i) ${count} artifacts` });
  const mongoose = createRequire(path.join(ROOT, 'api/dist/seed/seed-writer.js'))('mongoose');
  const connection = await mongoose.createConnection(mongoUri).asPromise();
  const hashes = [];
  try {
    const artifacts = await connection.collection('artifacts').find({}).sort({ _id: 1 }).toArray();
    for (const [i, artifact] of artifacts.entries()) {
      // Another photo's hash (32 hex characters, as the api names files): the same pixels, nothing cached.
      const hash = createHash('md5').update(`${photo.hash}:${i}`).digest('hex');
      copyFileSync(path.join(dir, `${photo.hash}-${widest}.jpg`), path.join(dir, `${hash}-${widest}.jpg`));
      const id = `bench-iiif-${i}`;
      const image = { id, src: `http://127.0.0.1/media/photos/${hash}`, alt: `A bench photo ${i}`, width: photo.width, height: photo.height, placeholder: photo.placeholder };
      await connection.collection('artifacts').updateOne({ _id: artifact._id }, { $set: { images: [image] } });
      await connection.collection('photos').insertOne({ _id: id, uid: artifact.adderUid, size: photo.inputBytes, storedBytes: 0, state: 'ready', locationRemoved: false, width: photo.width, height: photo.height, hash, placeholder: photo.placeholder, widths, artifactId: artifact._id.toHexString(), createdAt: new Date() });
      hashes.push(hash);
    }
  } finally {
    await connection.close();
  }
  return { photo, widest, hashes, mongoUri };
}

/** info.json, then the first tile, one request at a time, then that tile again (now cached). */
async function firstTile(base, hash) {
  const t0 = performance.now();
  const info = await get(`${base}/iiif/3/${hash}/info.json`);
  const tile = await get(`${base}/iiif/3/${hash}/${FIRST_TILE}`);
  const totalMs = performance.now() - t0;
  const again = await get(`${base}/iiif/3/${hash}/${FIRST_TILE}`);
  for (const [what, answer] of [['info.json', info], ['the first tile', tile], ['the tile again', again]]) {
    if (answer.status !== 200) throw new Error(`(i) ${what} of ${hash} answered ${answer.status || answer.error}`);
  }
  return { infoMs: info.ms, tileMs: tile.ms, totalMs, againMs: again.ms, tileBytes: tile.bytes, info: JSON.parse(info.body.toString('utf8')) };
}

/**
 * A load with the api process's CPU time per request (user + system, from /proc): on a machine shared
 * with other work, what a tile costs the api is steadier than the time it waits for a core.
 */
async function withCpu(pid, load) {
  const before = cpuSeconds(pid);
  const result = await load();
  const after = cpuSeconds(pid);
  return { ...result, cpuMsPerRequest: before === null || after === null ? null : ((after - before) * 1000) / Math.max(1, result.requests) };
}

/** The api over the photos: the first tiles, then the cold pass and the cached pass. */
async function measure(ctx, dir) {
  const { firstPhotos, loadPhotos, cachedMs } = sizes(ctx.options);
  const { photo, widest, hashes, mongoUri } = await attachPhotos(ctx, dir, firstPhotos + loadPhotos);
  // (g)'s api port + 1: (g)'s api has stopped by now, and no other section takes this one.
  const port = ctx.ports.apiPhotos + 1;
  const base = `http://127.0.0.1:${port}`;
  const api = await startApi({ port, mongoUri, authEmulatorPort: ctx.ports.auth, logDir: ctx.logs, name: 'api-iiif', env: { ...NO_RATE_LIMITS, RECONCILE_ON_START: 'off', SWAGGER: 'off', PHOTOS_DIR: dir } });
  try {
    const firsts = [];
    for (const hash of hashes.slice(0, firstPhotos)) {
      firsts.push(await firstTile(base, hash));
      const f = firsts.at(-1);
      say(`(i) first tile of photo ${firsts.length}: ${ms(f.totalMs)} (info.json ${ms(f.infoMs)}, tile ${ms(f.tileMs)}); again ${ms(f.againMs)}`);
    }
    const info = firsts[0].info;
    const perPhoto = tileRequests(info);
    const urls = hashes.slice(firstPhotos).flatMap((hash) => perPhoto.map((request) => `${base}/iiif/3/${hash}/${request}`));
    await settle([api.child.pid, ctx.ferret.sqlite.entry.child.pid]);
    say(`(i) cold: ${urls.length} distinct tiles (${perPhoto.length} per photo x ${loadPhotos}) once each at ${CONNECTIONS} connections`);
    const cold = await withCpu(api.child.pid, () => urlsLoad(urls, { connections: CONNECTIONS }));
    await settle([api.child.pid, ctx.ferret.sqlite.entry.child.pid]);
    say(`(i) cached: the same tiles again for ${cachedMs / 1000}s at ${CONNECTIONS} connections`);
    const cached = await withCpu(api.child.pid, () => urlsLoad(urls, { connections: CONNECTIONS, durationMs: cachedMs }));
    return { photo, widest, info, perPhoto: perPhoto.length, loadPhotos, firsts, cold, cached };
  } finally {
    await stopProcess(api);
  }
}

const loadFigures = (load) => ({ requests: load.requests, seconds: round(load.seconds, 2), rps: round(load.rps, 0), p50Ms: round(load.p50, 1), p90Ms: round(load.p90, 1), p99Ms: round(load.p99, 1), maxMs: round(load.max, 1), meanKB: round(load.bytes / Math.max(1, load.requests) / 1024, 1), apiCpuMsPerRequest: round(load.cpuMsPerRequest, 1), non2xx: load.non2xx, errors: load.errors, statuses: load.statuses });

function loadRow(key, measure, load) {
  const bad = load.non2xx + load.errors;
  const rps = load.rps.toFixed(load.rps < 10 ? 1 : 0);
  const verdict = bad > 0 ? { status: 'missed', by: `${bad} answers were not 200` } : { status: 'info' };
  return row('iiif', key, measure, `${rps} req/s, p50 ${ms(load.p50)} | p99 ${ms(load.p99)} (${load.requests} requests${bad ? `, ${bad} not 200` : ''}; api CPU ${ms(load.cpuMsPerRequest)} a tile)`, 'measured', verdict, round(load.rps, 0), 'req/s');
}

/** (i) measured: the section's JSON and its rows. */
export async function measureIiifTiles(ctx) {
  const dir = path.join(ctx.work, 'iiif-photos');
  mkdirSync(dir, { recursive: true });
  const loadAverageAtStart = os.loadavg().map((value) => round(value, 2));
  const m = await measure(ctx, dir);
  const [first, ...later] = m.firsts;
  const picture = `${m.info.width}x${m.info.height}`;
  const laterMs = later.length > 0 ? median(later.map((f) => f.totalMs)) : null;
  const section = {
    photo: { input: `${m.photo.width}x${m.photo.height}`, inputBytes: m.photo.inputBytes, iiifImage: picture, iiifImageBytes: m.photo.sizes[`${m.widest}.jpg`], tiles: m.info.tiles },
    connections: CONNECTIONS,
    tool: 'node',
    loadAverage: { atStart: loadAverageAtStart, atEnd: os.loadavg().map((value) => round(value, 2)) },
    firstTile: m.firsts.map((f) => ({ infoMs: round(f.infoMs, 1), tileMs: round(f.tileMs, 1), totalMs: round(f.totalMs, 1), againMs: round(f.againMs, 1), tileBytes: f.tileBytes })),
    tilesPerPhoto: m.perPhoto,
    photosLoaded: m.loadPhotos,
    cold: loadFigures(m.cold),
    cached: loadFigures(m.cached),
  };
  const distinct = `${m.perPhoto * m.loadPhotos} distinct tiles (${m.perPhoto} per photo x ${m.loadPhotos} photos)`;
  const laterText = laterMs === null ? '' : `; the next ${later.length} photos' first tiles, median ${ms(laterMs)}`;
  return {
    section,
    rows: [
      row('iiif', 'first-tile', `first tile of a 12 MP photo (IIIF image ${picture}) on a fresh api: info.json, then ${FIRST_TILE}`, `${ms(first.totalMs)} (info.json ${ms(first.infoMs)}, tile ${ms(first.tileMs)}, ${kb(first.tileBytes)}); again ${ms(first.againMs)}${laterText}`, 'measured', { status: 'info' }, round(first.totalMs, 1), 'ms'),
      loadRow('cold', `tiles at ${CONNECTIONS} connections, cold: ${distinct}, each once`, m.cold),
      loadRow('cached', `tiles at ${CONNECTIONS} connections, cached: the same tiles again for ${round(m.cached.seconds, 0)} s`, m.cached),
    ],
  };
}

/** (i) in the run's report, or its row saying why not (main.mjs calls this). */
export async function iiifTiles(ctx, report) {
  if (ctx.options.skipIiif) {
    report.sections.iiif = { skipped: '--skip-iiif' };
    report.rows.push(row('iiif', 'skipped', 'IIIF tiles: first tile, req/s and p99 cold and cached', '-', 'issue 44', skipped('--skip-iiif'), null));
    return;
  }
  say('(i) IIIF tiles of a 12 MP photo');
  const result = await measureIiifTiles(ctx);
  report.sections.iiif = result.section;
  report.rows.push(...result.rows);
}
