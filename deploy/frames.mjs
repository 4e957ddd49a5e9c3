// A remote's frames (docs/decisions/0010): the pages of a remote rendered on the server for the
// shell's server, which composes them into a visit's first document. deploy/serve-static.mjs answers
// them on a port of their own (--frames-port, FRAMES_PORT; on 127.0.0.1 unless FRAMES_HOST says
// otherwise), never on the public one: only the shell's server calls it, with the deployment's
// shared secret (FRAMES_SECRET) in FRAMES_SECRET_HEADER.
//   POST /frames                      the build the server serves at / (its dist folder)
//   POST /releases/<version>/frames   a published release (RELEASES_DIR/<version>)
// Body (JSON, at most MAX_BODY_BYTES, else 413): { module, url, apiUrl, answers } (FrameRequest of
// @antiquarium/contracts/first-page), no list or object of more than MAX_LIST_LENGTH entries, nested
// at most MAX_DEPTH deep (else 400). Answer: { html, css } with the module's style sheets as the
// browser build's manifest lists them; 404 for a module the remote does not frame or a missing release.
// Pages are rendered in a worker thread, never on the event loop that serves the public port: a
// render that takes longer than its deadline (FRAMES_RENDER_TIMEOUT_MS) is stopped with its worker
// and answered 503, and the shell's server sends the plain page (docs/decisions/0010, amended).
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { FRAMES_SECRET_HEADER, FRAMES_SECRET_RULE, isFramesSecret } from './frames-secret.mjs';

/** Larger than any first page's answers (24 cards of the longest fields are about 120 KB). */
export const MAX_BODY_BYTES = 256 * 1024;
/** The longest list (or object) in a request: a page of the api is at most 100 artifacts (MAX_PAGE_SIZE). */
export const MAX_LIST_LENGTH = 100;
/** The deepest nesting of a request's JSON (an answer is a few levels deep). */
export const MAX_DEPTH = 32;
/** A page has a handful of calls. */
export const MAX_ANSWERS = 16;
export const DEFAULT_RENDER_TIMEOUT_MS = 1000;
/** Frames waiting for the worker at most; past it a request is answered 503 at once. */
const MAX_WAITING = 16;
/** Builds whose renderer a worker loads before it is replaced by a fresh one (modules cannot be unloaded). */
const KEPT_RENDERERS = 8;
/**
 * After a build's renderer failed to load, its frames are refused at once for this long; then a fresh
 * worker loads it again (a worker keeps a module that failed as failed: the same import fails the same).
 */
export const RELOAD_AFTER_MS = 1000;
/** A render that needs more memory than this ends its worker, not the server. */
const WORKER_HEAP_MB = 256;
const RELEASE_FRAMES = /^\/releases\/(\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12})\/frames$/;

class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * A JSON object (not null, not an array). The contracts' isRecord (libs/contracts/src/records.ts)
 * written again: this file runs as plain Node in the images, without the workspace's packages;
 * tooling/release/deploy-copies.test.ts holds the two equal on a table of values.
 */
export function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** FRAMES_SECRET (isFramesSecret), or an error that says what is wrong (never the value). */
export function readFramesSecret(value) {
  if (value === undefined || value === '') throw new Error('FRAMES_SECRET must be set (32 or more characters shared with the shell\'s server)');
  if (!isFramesSecret(value)) throw new Error(FRAMES_SECRET_RULE);
  return value;
}

/** FRAMES_RENDER_TIMEOUT_MS: a whole number of milliseconds from 50 to 60000. */
export function readRenderTimeout(value) {
  if (value === undefined || value === '') return DEFAULT_RENDER_TIMEOUT_MS;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 50 || parsed > 60_000) throw new Error(`FRAMES_RENDER_TIMEOUT_MS must be a whole number from 50 to 60000 (got ${value})`);
  return parsed;
}

/**
 * Every list and object of the request within MAX_LIST_LENGTH entries and MAX_DEPTH levels, checked
 * without recursion (a deep body cannot overflow the stack).
 */
function checkShape(value) {
  const stack = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_DEPTH) throw new Refusal(400, `the body is nested more than ${MAX_DEPTH} levels deep`);
    const entries = Array.isArray(node) ? node : Object.values(node);
    if (entries.length > MAX_LIST_LENGTH) throw new Refusal(400, `a list or object in the body has more than ${MAX_LIST_LENGTH} entries`);
    for (const entry of entries) stack.push([entry, depth + 1]);
  }
}

/** The request as FrameRequest, checked field by field: the server renders nothing it cannot read. */
export function readFrameRequest(value) {
  if (!isRecord(value)) throw new Refusal(400, 'the body must be a JSON object');
  const { module, url, apiUrl, answers } = value;
  if (typeof module !== 'string' || !/^\.\/[A-Za-z][\w-]{0,63}$/.test(module)) throw new Refusal(400, 'module must name an exposed module (./Name)');
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.length > 2048) throw new Refusal(400, 'url must be a path of the site');
  if (typeof apiUrl !== 'string' || !/^https?:\/\//.test(apiUrl) || apiUrl.length > 2048) throw new Refusal(400, 'apiUrl must be an absolute http(s) URL');
  if (!isRecord(answers)) throw new Refusal(400, 'answers must be an object');
  if (Object.keys(answers).length > MAX_ANSWERS) throw new Refusal(400, `answers must hold at most ${MAX_ANSWERS} answers`);
  if (Object.keys(answers).some((key) => key.length > 2048)) throw new Refusal(400, 'an answer\'s name is longer than 2048 characters');
  checkShape(answers);
  return { module, url, apiUrl, answers };
}

async function readBody(request) {
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_BODY_BYTES) throw new Refusal(413, `the body is over ${MAX_BODY_BYTES} bytes`);
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, `the body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'the body is not JSON');
  }
}

const digest = (value) => createHash('sha256').update(value).digest();

/**
 * Renders frames in one worker thread, one at a time. A render is given `timeoutMs` from the moment
 * it starts (loading a build's renderer is not counted: a slow machine's first import would
 * otherwise never finish); past it the worker is terminated, the frame refused, and a fresh worker
 * loads the build's own renderer again.
 */
function renderPool({ root, timeoutMs, log }) {
  const waiting = [];
  let worker;
  let current;
  // When a build's renderer last failed to load, by folder.
  const failedLoads = new Map();

  function spawnWorker() {
    const next = new Worker(fileURLToPath(import.meta.url), { workerData: { role: 'frames-renderer' }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const state = { worker: next, folders: new Set([root]), unloaded: new Set(), exited: false };
    next.on('message', (message) => {
      if (!current || state !== worker || message.id !== current.id) return;
      if (message.started) {
        current.timer = setTimeout(() => {
          log(`frame of ${current.frame.module} not rendered within ${timeoutMs} ms: its worker was stopped`);
          finish(new Refusal(503, `The frame was not rendered within ${timeoutMs} ms`));
          replace(true);
        }, timeoutMs);
        return;
      }
      if (message.unloaded) {
        state.unloaded.add(current.folder);
        failedLoads.set(current.folder, Date.now());
        while (failedLoads.size > 64) failedLoads.delete(failedLoads.keys().next().value);
        log(`the renderer of ${current.folder} could not be loaded: ${message.error}`);
      }
      finish(message.error === undefined ? null : new Error(message.error), message.html);
    });
    next.on('error', (error) => {
      log(`frames worker failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    next.on('exit', () => {
      state.exited = true;
      if (state !== worker) return;
      // A worker that ended by itself (out of memory, a renderer that exits): the frame is refused,
      // the next one starts a new worker.
      worker = undefined;
      if (current) finish(new Refusal(503, 'The frame could not be rendered'));
    });
    next.postMessage({ warm: root });
    return state;
  }

  function replace(warm) {
    const old = worker;
    worker = warm ? spawnWorker() : undefined;
    if (old && !old.exited) void old.worker.terminate();
  }

  function finish(error, html) {
    const job = current;
    current = undefined;
    clearTimeout(job.timer);
    if (error) job.reject(error);
    else job.resolve(html);
    queueMicrotask(next);
  }

  function next() {
    if (current) return;
    let job;
    while ((job = waiting.shift()) && job.abandoned);
    if (!job) return;
    if (Date.now() - (failedLoads.get(job.folder) ?? -Infinity) < RELOAD_AFTER_MS) {
      job.reject(new Refusal(503, "The build's renderer could not be loaded"));
      queueMicrotask(next);
      return;
    }
    if (!worker) worker = spawnWorker();
    // A worker keeps every renderer it loaded: past KEPT_RENDERERS builds a fresh one starts, as it
    // does for a build whose renderer this worker failed to load.
    else if (worker.unloaded.has(job.folder) || (!worker.folders.has(job.folder) && worker.folders.size >= KEPT_RENDERERS)) replace(true);
    worker.folders.add(job.folder);
    current = job;
    worker.worker.postMessage({ id: job.id, folder: job.folder, frame: job.frame });
  }

  let ids = 0;
  // The build's own renderer is loaded now, not on the first visit: importing it takes longer than
  // the shell's budget for a whole first page on a slow machine, and that visit would go out plain.
  worker = spawnWorker();
  return {
    /** The frame's html (undefined: the module is not framed); `signal` abandons it while it waits. */
    render(folder, frame, signal) {
      if (waiting.length >= MAX_WAITING) return Promise.reject(new Refusal(503, 'Too many frames are waiting to be rendered'));
      return new Promise((resolve, reject) => {
        const job = { id: (ids += 1), folder, frame, resolve, reject, abandoned: false, timer: undefined };
        signal.addEventListener('abort', () => {
          if (current === job) return;
          job.abandoned = true;
          reject(new Refusal(503, 'The request was abandoned'));
        });
        waiting.push(job);
        next();
      });
    },
    close() {
      replace(false);
    },
  };
}

/**
 * The frames handler of one remote: `root` is its build (dist), `releasesRoot` its published releases
 * (or undefined), `secret` what the shell's server sends in FRAMES_SECRET_HEADER, `timeoutMs` each
 * render's deadline. Returns (request, response) => void, with close() to stop its worker.
 */
export function framesHandler({ root, releasesRoot, secret, timeoutMs = DEFAULT_RENDER_TIMEOUT_MS, log = () => undefined }) {
  const expected = digest(readFramesSecret(secret));
  const pool = renderPool({ root, timeoutMs, log });
  // Style sheets by build folder and module, as each build's manifest lists them.
  const sheets = new Map();

  async function cssOf(folder, name) {
    const key = `${folder}\n${name}`;
    if (!sheets.has(key)) {
      const loading = readFile(path.join(folder, 'mf-manifest.json'), 'utf8').then((text) => {
        const expose = (JSON.parse(text).exposes ?? []).find((entry) => entry.path === name);
        const files = expose?.assets?.css?.sync ?? [];
        return Promise.all(files.map((css) => readFile(path.join(folder, path.normalize(css)), 'utf8')));
      });
      loading.catch(() => sheets.delete(key));
      sheets.set(key, loading);
      while (sheets.size > 64) sheets.delete(sheets.keys().next().value);
    }
    return sheets.get(key);
  }

  async function handleFrame(request, response) {
    const send = (status, body, headers = {}) => {
      const text = JSON.stringify(body);
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text), ...headers });
      response.end(text);
    };
    // Answered before the body is read: the connection is not kept for the rest of it.
    const refuse = (status, message) => send(status, { message }, { Connection: 'close' });
    const given = request.headers[FRAMES_SECRET_HEADER];
    if (typeof given !== 'string' || given === '') return refuse(401, `Frames are asked for with the deployment's secret (${FRAMES_SECRET_HEADER})`);
    if (!timingSafeEqual(digest(given), expected)) return refuse(403, 'The frames secret is not this deployment\'s');
    let pathname;
    try {
      ({ pathname } = new URL(request.url ?? '/', 'http://localhost'));
    } catch {
      return refuse(400, 'Bad request');
    }
    let folder;
    if (pathname === '/frames') folder = root;
    else {
      const release = releasesRoot ? RELEASE_FRAMES.exec(pathname) : null;
      if (!release) return refuse(404, 'Not found');
      folder = path.join(releasesRoot, release[1]);
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return refuse(405, 'Frames are asked for with POST');
    }
    const abandoned = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) abandoned.abort();
    });
    try {
      const frame = readFrameRequest(await readBody(request));
      if (!(await stat(path.join(folder, 'server', 'frames.mjs')).catch(() => null))?.isFile()) return send(404, { message: 'This build renders no frames' });
      const html = await pool.render(folder, frame, abandoned.signal);
      if (typeof html !== 'string') return send(404, { message: `${frame.module} is not rendered as a frame` });
      return send(200, { html, css: await cssOf(folder, frame.module) });
    } catch (error) {
      if (error instanceof Refusal) return error.status === 413 ? refuse(413, error.message) : send(error.status, { message: error.message });
      log(`frame failed: ${error instanceof Error ? error.message : String(error)}`);
      return send(500, { message: 'The frame could not be rendered' });
    }
  }

  return Object.assign(
    (request, response) => {
      handleFrame(request, response).catch((error) => {
        log(`frame failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) response.writeHead(500).end();
      });
    },
    { close: () => pool.close() },
  );
}

// The worker: loads each build's renderer (dist/server/frames.mjs) once and renders frames with it.
if (!isMainThread && workerData?.role === 'frames-renderer') {
  const renderers = new Map();
  const rendererOf = (folder) => {
    if (!renderers.has(folder)) {
      const loading = import(pathToFileURL(path.join(folder, 'server', 'frames.mjs')).href).then((module) => {
        if (typeof module.renderFrame !== 'function') throw new Error(`${folder}/server/frames.mjs exports no renderFrame`);
        return module.renderFrame;
      });
      loading.catch(() => renderers.delete(folder));
      renderers.set(folder, loading);
    }
    return renderers.get(folder);
  };
  parentPort.on('message', async ({ warm, id, folder, frame }) => {
    if (warm) {
      // Each framed page rendered once without answers: the first visit's render is then as quick
      // as the others (a cold one can take longer than the shell's whole budget).
      const modules = await import(pathToFileURL(path.join(warm, 'server', 'frames.mjs')).href).then((module) => module.framedModules, () => undefined);
      const render = await rendererOf(warm).catch(() => undefined);
      for (const module of Array.isArray(modules) && render ? modules : []) {
        try {
          render({ module, url: '/', apiUrl: 'http://warm-up.invalid', answers: {} });
        } catch {
          // A page that cannot render without answers is warmed by its first visit instead.
        }
      }
      return;
    }
    let render;
    try {
      render = await rendererOf(folder);
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error), unloaded: true });
      return;
    }
    try {
      parentPort.postMessage({ id, started: true });
      const html = render(frame);
      parentPort.postMessage({ id, html: typeof html === 'string' ? html : undefined });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
