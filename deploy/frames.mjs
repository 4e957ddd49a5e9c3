// A remote's frames (docs/decisions/0010): the pages of a remote rendered on the server for the
// shell's server, which composes them into a visit's first document. deploy/serve-static.mjs answers
// them on a port of their own (--frames-port, FRAMES_PORT), never on the public one: only the shell's
// server calls it.
//   POST /frames                      the build the server serves at / (its dist folder)
//   POST /releases/<version>/frames   a published release (RELEASES_DIR/<version>)
// Body (JSON, at most MAX_BODY_BYTES): { module, url, apiUrl, answers } (FrameRequest of
// @antiquarium/contracts/first-page). Answer: { html, css } with the module's style sheets as the
// browser build's manifest lists them; 404 for a module the remote does not frame or a missing release.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const MAX_BODY_BYTES = 512 * 1024;
/** Releases whose renderer stays loaded (a release's code never changes; the newest are kept). */
const KEPT_RENDERERS = 8;
const RELEASE_FRAMES = /^\/releases\/(\d{1,4}\.\d{1,4}\.\d{1,4}-[0-9a-f]{12})\/frames$/;

class BadRequest extends Error {}

function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request as FrameRequest, checked field by field: the server renders nothing it cannot read. */
export function readFrameRequest(value) {
  if (!isRecord(value)) throw new BadRequest('the body must be a JSON object');
  const { module, url, apiUrl, answers } = value;
  if (typeof module !== 'string' || !/^\.\/[A-Za-z][\w-]{0,63}$/.test(module)) throw new BadRequest('module must name an exposed module (./Name)');
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.length > 2048) throw new BadRequest('url must be a path of the site');
  if (typeof apiUrl !== 'string' || !/^https?:\/\//.test(apiUrl) || apiUrl.length > 2048) throw new BadRequest('apiUrl must be an absolute http(s) URL');
  if (!isRecord(answers)) throw new BadRequest('answers must be an object');
  return { module, url, apiUrl, answers };
}

async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest(`the body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest('the body is not JSON');
  }
}

/**
 * The frames handler of one remote: `root` is its build (dist), `releasesRoot` its published releases
 * (or undefined). Returns (request, response) => void.
 */
export function framesHandler({ root, releasesRoot, log = () => undefined }) {
  // Loaded renderers by build folder, newest use last (a Map keeps insertion order).
  const renderers = new Map();

  async function rendererOf(folder) {
    const known = renderers.get(folder);
    if (known) {
      renderers.delete(folder);
      renderers.set(folder, known);
      return known;
    }
    const file = path.join(folder, 'server', 'frames.mjs');
    if (!(await stat(file).catch(() => null))?.isFile()) return undefined;
    const loading = (async () => {
      const [module, manifest] = await Promise.all([
        import(pathToFileURL(file).href),
        readFile(path.join(folder, 'mf-manifest.json'), 'utf8').then(JSON.parse),
      ]);
      if (typeof module.renderFrame !== 'function') throw new Error(`${file} exports no renderFrame`);
      const sheets = new Map();
      // A module's style sheets are those its browser build loads with it (sync), in order.
      const cssOf = async (name) => {
        if (!sheets.has(name)) {
          const expose = (manifest.exposes ?? []).find((entry) => entry.path === name);
          const files = expose?.assets?.css?.sync ?? [];
          sheets.set(name, Promise.all(files.map((css) => readFile(path.join(folder, path.normalize(css)), 'utf8'))));
        }
        return sheets.get(name);
      };
      return { render: module.renderFrame, cssOf };
    })();
    renderers.set(folder, loading);
    loading.catch(() => renderers.delete(folder));
    while (renderers.size > KEPT_RENDERERS) renderers.delete(renderers.keys().next().value);
    return loading;
  }

  // The build's own renderer is loaded now, not on the first visit: importing it takes longer than
  // the shell's budget for a whole first page on a slow machine, and that visit would go out plain.
  rendererOf(root).catch((error) => log(`frames of ${root} could not be loaded: ${error instanceof Error ? error.message : String(error)}`));

  return async function handleFrame(request, response) {
    const send = (status, body) => {
      const text = JSON.stringify(body);
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
      response.end(text);
    };
    let pathname;
    try {
      ({ pathname } = new URL(request.url ?? '/', 'http://localhost'));
    } catch {
      return send(400, { message: 'Bad request' });
    }
    let folder;
    if (pathname === '/frames') folder = root;
    else {
      const release = releasesRoot ? RELEASE_FRAMES.exec(pathname) : null;
      if (!release) return send(404, { message: 'Not found' });
      folder = path.join(releasesRoot, release[1]);
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return send(405, { message: 'Frames are asked for with POST' });
    }
    try {
      const frame = readFrameRequest(await readBody(request));
      const renderer = await rendererOf(folder);
      if (!renderer) return send(404, { message: 'This build renders no frames' });
      const html = renderer.render(frame);
      if (typeof html !== 'string') return send(404, { message: `${frame.module} is not rendered as a frame` });
      return send(200, { html, css: await renderer.cssOf(frame.module) });
    } catch (error) {
      if (error instanceof BadRequest) return send(400, { message: error.message });
      log(`frame failed: ${error instanceof Error ? error.stack : String(error)}`);
      return send(500, { message: 'The frame could not be rendered' });
    }
  };
}
