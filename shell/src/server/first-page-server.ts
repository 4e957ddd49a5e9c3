// The shell's server side of a first page (docs/decisions/0010): for a visit that starts on one of
// the catalog's public pages, it asks the api for the page's calls (@antiquarium/contracts'
// firstPageCalls, the same ones the browser would make), has the page's remote render the page with
// those answers (its frames port, POST …/frames), puts the page inside the shell's layout and sends
// one document: the page paints before any script, and the browser asks the api for nothing the
// document holds. Anything missing or slow (the api, the registry, the remote, FIRST_PAGE_TIMEOUT_MS)
// and the plain index.html goes out instead: the browser then does it all, as without this.
// What it costs is bounded (docs/decisions/0010, amended by issue 26): a page is composed once per
// canonical URL (the path and only the query the page reads, as the contracts parse it) and kept
// FIRST_PAGE_CACHE_MS, visits of a URL being composed wait for that one composition, at most
// FIRST_PAGE_CONCURRENCY compositions run at once (past it the plain page goes out at once), and the
// api calls carry the visitor's address (X-Forwarded-For) so that they count against the visitor's
// own budget where the api trusts this server (TRUSTED_PROXY), never against one shared by all.
// Built by rspack into dist/server/first-page.mjs; deploy/serve-static.mjs --spa runs it.
import {
  apiCallKey,
  apiSearchParams,
  type ApiCall,
  FIRST_PAGE_ANSWERS_ID,
  firstPageCalls,
  firstPageOf,
  FRAME_ATTRIBUTE,
  jsonForScript,
  type DocumentAnswer,
  type DocumentAnswers,
  type FrameRequest,
  type FrameResponse,
  WAITING_ATTRIBUTE,
} from '@antiquarium/contracts/first-page';
import { ALL_ARTIFACTS_PATH, PAGE_HEADERS, readQuery, writeQuery } from '@antiquarium/contracts';
import { isReleaseVersion, RELEASE_ROUTING_PATH, type ReleaseRouting } from '@antiquarium/contracts/releases';
import { parseRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { REMOTE_NAMES, type RemoteName } from '../config/remote-names';
import workspace from '../../../workspace.json';
import { AFTER_PAINT_SCRIPT, AFTER_PAINT_SCRIPT_HASH } from './after-paint';
import { renderLayoutFrame } from './layout-frame';

/**
 * The inline scripts a composed document may carry, as CSP hash sources ('sha256-…'): the server
 * that sends the documents allows these, and no other inline script (deploy/security-headers.mjs).
 */
export const inlineScriptHashes: readonly string[] = [AFTER_PAINT_SCRIPT_HASH];

/** The whole composition's budget by default: past it the plain index.html is sent. */
export const DEFAULT_TIMEOUT_MS = 400;
/** How long a composed page is sent again as it is (the home page's lists change rarely). */
export const DEFAULT_CACHE_MS = 2000;
/** Compositions under way at most by default: past it a visit gets the plain page at once. */
export const DEFAULT_CONCURRENCY = 8;
/** The header that carries FRAMES_SECRET to a remote's frames port (deploy/frames.mjs reads the same). */
export const FRAMES_SECRET_HEADER = 'X-Frames-Secret';
const CACHE_ENTRIES = 100;
/** The proxies' addresses kept of a visit's X-Forwarded-For (the nearest ones: the api reads from the right). */
const FORWARDED_KEPT = 8;
const ROUTING_CACHE_MS = 1000;
/** The answer headers a page reads (the paging headers), lower-cased. */
const KEPT_HEADERS = Object.values(PAGE_HEADERS).map((name) => name.toLowerCase());

export class FirstPageConfigError extends Error {
  override readonly name = 'FirstPageConfigError';
}

export interface FirstPageServerOptions {
  /** The deployment's runtime-config.json, as the browser reads it. */
  runtimeConfig: unknown;
  /**
   * API_INTERNAL_URL: where this server reaches the api (default: the runtime config's apiUrl);
   * REMOTE_<NAME>_FRAMES_URL: a remote's frames port as this server reaches it (no variable, no
   * composed pages for that remote); FRAMES_SECRET: sent to the frames ports (required with them);
   * FIRST_PAGE_TIMEOUT_MS, FIRST_PAGE_CACHE_MS, FIRST_PAGE_CONCURRENCY.
   */
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  /** Told why a page went out plain (at most once a minute per reason). */
  log?: (message: string) => void;
  now?: () => number;
}

/** Who asks for a page: the connection's address, and the X-Forwarded-For it came with (if any). */
export interface Visitor {
  address?: string | undefined;
  forwardedFor?: string | string[] | undefined;
}

export interface FirstPageServer {
  /**
   * The document for a visit of `url` (path and query) that starts there, or undefined: send
   * `indexHtml` as it is. The api calls made for it name `visitor` as their client.
   */
  compose(url: string, indexHtml: string, visitor?: Visitor): Promise<string | undefined>;
  /** The remotes whose pages it composes, and where it reaches them (for the start-up log). */
  readonly frames: Readonly<Partial<Record<RemoteName, string>>>;
}

/** An absolute http(s) URL from the environment, without a trailing slash (a FirstPageConfigError names the variable). */
export function absoluteUrl(value: string, name: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') throw new FirstPageConfigError(`${name} must be an absolute http(s) URL (got ${JSON.stringify(value)})`);
  return parsed.href.replace(/\/+$/, '');
}

/** A whole number from the environment, from 0 to max (fallback when unset). */
export function wholeNumber(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > max) throw new FirstPageConfigError(`${name} must be a whole number from 0 to ${max}`);
  return parsed;
}

/** A remote's frames variable, as workspace.json names it (REMOTE_CATALOG_FRAMES_URL). */
export function framesVariable(remote: RemoteName): string {
  const piece = workspace.frontEnds.find((entry) => entry.name === remote);
  const variable = piece && 'framesVariable' in piece ? piece.framesVariable : undefined;
  if (!variable) throw new FirstPageConfigError(`workspace.json names no frames variable for the remote ${remote}`);
  return variable;
}

/** The base URL a manifest URL is served under (…/mf-manifest.json taken off). */
function baseOf(manifestUrl: string): string {
  return manifestUrl.replace(/\/mf-manifest\.json$/, '').replace(/\/+$/, '');
}

interface CacheEntry {
  expires: number;
  document: string;
}

/**
 * The query each first page reads, in one spelling (the contracts' own parsing and writing): any
 * other parameter, a value the page would not use, another order or spelling, all make the same
 * page. Pages not listed read no query.
 */
const PAGE_QUERIES: readonly { path: RegExp; query: (params: URLSearchParams) => URLSearchParams }[] = [
  { path: ALL_ARTIFACTS_PATH, query: (params) => writeQuery(readQuery(params)) },
];

/** The URL a visit's first page is composed for: its path and the query the page reads, canonical. */
export function canonicalUrl(url: string): { pathname: string; search: string } {
  const { pathname, searchParams } = new URL(url, 'http://site.invalid');
  const query = PAGE_QUERIES.find((page) => page.path.test(pathname))?.query(searchParams).toString() ?? '';
  return { pathname, search: query ? `?${query}` : '' };
}

/**
 * The X-Forwarded-For of the api calls made for `visitor`: the proxies' list it came with (its
 * nearest entries), then its own address. The api believes the last entries only as far as
 * TRUSTED_PROXY says (this server, and the proxies in front of it), so a visitor cannot name
 * someone else.
 */
export function forwardedFor(visitor: Visitor | undefined): string | undefined {
  if (!visitor?.address) return undefined;
  const given = [visitor.forwardedFor ?? []].flat().join(',');
  const chain = given
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^[0-9A-Za-z.:[\]%_-]{1,64}$/.test(entry));
  // An IPv4 visitor of a dual-stack listener is named as IPv4, as a proxy in front of the api names it.
  const address = visitor.address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return [...chain.slice(-FORWARDED_KEPT), address].join(', ');
}

/** FRAMES_SECRET, as deploy/frames.mjs accepts it (32-512 printable characters, no spaces). */
function framesSecret(value: string | undefined): string {
  if (!value) throw new FirstPageConfigError("FRAMES_SECRET must be set with a REMOTE_*_FRAMES_URL (the secret the remotes' frames ports require)");
  if (value.length < 32 || value.length > 512 || !/^[\x21-\x7E]+$/.test(value)) throw new FirstPageConfigError('FRAMES_SECRET must be 32 to 512 printable ASCII characters without spaces');
  return value;
}

/**
 * Reads and checks the configuration (a FirstPageConfigError names what is wrong: the server should
 * not start with it), and returns the composer.
 */
export function createFirstPageServer(options: FirstPageServerOptions): FirstPageServer {
  const { env } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let config: RuntimeConfig;
  try {
    // Only absolute addresses can be named in the document's answers as the browser names them.
    config = parseRuntimeConfig(options.runtimeConfig, 'relative:/');
  } catch (error) {
    throw new FirstPageConfigError(error instanceof Error ? error.message : String(error));
  }
  const browserApiUrl = config.apiUrl.startsWith('relative:') ? undefined : config.apiUrl;
  const apiUrl = env.API_INTERNAL_URL ? absoluteUrl(env.API_INTERNAL_URL, 'API_INTERNAL_URL') : browserApiUrl;
  const frames: Partial<Record<RemoteName, string>> = {};
  for (const remote of REMOTE_NAMES) {
    const name = framesVariable(remote);
    const value = env[name];
    if (value) frames[remote] = absoluteUrl(value, name);
  }
  const secret = Object.keys(frames).length > 0 ? framesSecret(env.FRAMES_SECRET) : undefined;
  const timeoutMs = wholeNumber(env.FIRST_PAGE_TIMEOUT_MS, 'FIRST_PAGE_TIMEOUT_MS', DEFAULT_TIMEOUT_MS, 10_000);
  const cacheMs = wholeNumber(env.FIRST_PAGE_CACHE_MS, 'FIRST_PAGE_CACHE_MS', DEFAULT_CACHE_MS, 60_000);
  const concurrency = wholeNumber(env.FIRST_PAGE_CONCURRENCY, 'FIRST_PAGE_CONCURRENCY', DEFAULT_CONCURRENCY, 1000);

  const logged = new Map<string, number>();
  const tell = (reason: string) => {
    const at = now();
    if ((logged.get(reason) ?? -Infinity) > at - 60_000) return;
    logged.set(reason, at);
    options.log?.(`first page sent plain: ${reason}`);
  };

  // Composed documents by canonical URL (only those that were composed: a visit that got the plain
  // page, e.g. over its api budget, leaves nothing for the next visitor), and those being composed.
  const cache = new Map<string, CacheEntry>();
  const building = new Map<string, Promise<string | undefined>>();
  // The registry's routing as last read (undefined: the read failed or took too long).
  let routing: { expires: number; value: Promise<ReleaseRouting | undefined> } | undefined;

  async function getJson(url: string, init: RequestInit, signal: AbortSignal): Promise<{ response: Response; body: unknown }> {
    const response = await fetchImpl(url, { ...init, signal, headers: { Accept: 'application/json', ...init.headers } });
    const body: unknown = response.ok ? await response.json() : undefined;
    return { response, body };
  }

  /**
   * The release registry's routing (cached a second, as the api caches it); undefined when it does
   * not answer. The read is shared by the compositions of that second, so it has a budget of its own
   * (one composition's end does not abort it), and a failed read is not kept.
   */
  function liveRouting(client: HeadersInit): Promise<ReleaseRouting | undefined> {
    if (!routing || routing.expires <= now()) {
      const read: { expires: number; value: Promise<ReleaseRouting | undefined> } = {
        expires: now() + ROUTING_CACHE_MS,
        value: getJson(`${apiUrl}/${RELEASE_ROUTING_PATH}`, { headers: client }, AbortSignal.timeout(timeoutMs)).then(
          ({ body }) => (typeof body === 'object' && body !== null && 'remotes' in body ? (body as ReleaseRouting) : undefined),
          () => undefined,
        ),
      };
      routing = read;
      void read.value.then((value) => {
        if (value === undefined && routing === read) routing = undefined;
      });
    }
    return routing.value;
  }

  /**
   * Where the remote renders the release the registry runs for everyone (canaries aside), and
   * whether the registry said so (without its routing, the remote's own build is rendered, but that
   * page is not kept: a release may be live).
   */
  async function framesUrlOf(remote: RemoteName, client: HeadersInit): Promise<{ url: string | undefined; routed: boolean }> {
    const internal = frames[remote];
    if (!internal) return { url: undefined, routed: false };
    const routed = await liveRouting(client);
    const live = routed?.remotes?.[remote as keyof ReleaseRouting['remotes']]?.live;
    if (!live) return { url: `${internal}/frames`, routed: routed !== undefined };
    // A release is served under its version below the remote's own address; anything else is not
    // one this server can reach.
    const prefix = `${baseOf(config.remotes[remote] ?? '')}/releases/`;
    if (!isReleaseVersion(live.version) || baseOf(live.manifestUrl) !== `${prefix}${live.version}`) return { url: undefined, routed: true };
    return { url: `${internal}/releases/${live.version}/frames`, routed: true };
  }

  async function answersFor(calls: readonly ApiCall[], signal: AbortSignal, client: HeadersInit): Promise<DocumentAnswers | undefined> {
    if (!browserApiUrl || calls.length === 0) return undefined;
    const answers: Record<string, DocumentAnswer> = {};
    const results = await Promise.all(
      calls.map(async (call) => {
        const query = apiSearchParams(call.query).toString();
        const { response, body } = await getJson(`${apiUrl}/${call.path}${query ? `?${query}` : ''}`, { headers: client }, signal);
        if (!response.ok) return false;
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = response.headers.get(name);
          if (value !== null) headers[name] = value;
        }
        answers[apiCallKey(browserApiUrl, call.path, call.query)] = { status: response.status, headers, body };
        return true;
      }),
    );
    return results.every(Boolean) ? answers : undefined;
  }

  async function frameOf(url: string, request: FrameRequest, signal: AbortSignal): Promise<FrameResponse | undefined> {
    const headers = { 'Content-Type': 'application/json', [FRAMES_SECRET_HEADER]: secret ?? '' };
    const { response, body } = await getJson(url, { method: 'POST', body: JSON.stringify(request), headers }, signal);
    if (!response.ok || typeof body !== 'object' || body === null) return undefined;
    const { html, css } = body as Partial<FrameResponse>;
    if (typeof html !== 'string' || !Array.isArray(css) || !css.every((sheet) => typeof sheet === 'string')) return undefined;
    // A style sheet is put in a <style> element as it is: one that could close it is refused.
    if (css.some((sheet) => /<\/style/i.test(sheet))) return undefined;
    return { html, css };
  }

  /** The composed document (undefined: send the plain page) and whether it may be kept for the next visits. */
  async function build(pathname: string, search: string, indexHtml: string, visitor: Visitor | undefined): Promise<{ document: string; keep: boolean } | undefined> {
    const page = firstPageOf(pathname);
    if (!page?.composed || !browserApiUrl || !frames[page.remote]) return undefined;
    // A composed page shows what its calls answer: a path that names none (a collection id the api
    // could not have made) is the browser's alone, and is not asked of the api nor of the remote.
    const calls = firstPageCalls(pathname, search);
    if (calls.length === 0) return undefined;
    const signal = AbortSignal.timeout(timeoutMs);
    const forwarded = forwardedFor(visitor);
    const client: Record<string, string> = forwarded ? { 'X-Forwarded-For': forwarded } : {};
    try {
      const [answers, { url: framesUrl, routed }] = await Promise.all([answersFor(calls, signal, client), framesUrlOf(page.remote, client)]);
      if (!answers) {
        tell('the api did not answer every call of the page');
        return undefined;
      }
      if (!framesUrl) {
        tell(`${page.remote}'s live release is not one this server can reach`);
        return undefined;
      }
      // Past the budget (e.g. spent waiting for the routing) nothing more is asked.
      signal.throwIfAborted();
      const url = `${pathname}${search}`;
      const frame = await frameOf(framesUrl, { module: page.expose, url, apiUrl: browserApiUrl, answers }, signal);
      if (!frame) {
        tell(`${page.remote} rendered no frame for ${page.expose}`);
        return undefined;
      }
      const id = `${page.remote}/${page.expose.replace(/^\.\//, '')}`;
      const document = composeDocument(indexHtml, { id, root: composePage(url, frame.html), css: frame.css, answers });
      if (!routed) tell("the release registry's routing did not answer (the remote's own build was rendered, and not kept)");
      return document === undefined ? undefined : { document, keep: routed };
    } catch (error) {
      tell(signal.aborted ? `no answer within ${timeoutMs} ms` : `${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  return {
    frames,
    compose(url, indexHtml, visitor) {
      const { pathname, search } = canonicalUrl(url);
      const page = firstPageOf(pathname);
      if (!page?.composed || !frames[page.remote]) return Promise.resolve(undefined);
      const key = `${pathname}${search}`;
      const cached = cache.get(key);
      if (cached && cached.expires > now()) return Promise.resolve(cached.document);
      const under = building.get(key);
      if (under) return under;
      if (building.size >= concurrency) {
        tell(`${concurrency} first pages were being composed (FIRST_PAGE_CONCURRENCY)`);
        return Promise.resolve(undefined);
      }
      const document = build(pathname, search, indexHtml, visitor)
        .catch(() => undefined)
        .then((composed) => {
          if (composed?.keep && cacheMs > 0) {
            cache.delete(key);
            cache.set(key, { expires: now() + cacheMs, document: composed.document });
            // The oldest entry goes first (a Map keeps insertion order).
            while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
          }
          return composed?.document;
        });
      building.set(key, document);
      void document.finally(() => building.delete(key));
      return document;
    },
  };
}

/**
 * The composed document's form controls, disabled and marked with WAITING_ATTRIBUTE: until the code
 * that works them has hydrated them (and enabled them again: the layout's with the shell, the page's
 * with the remote), a choice or a text typed into them would be lost. Controls rendered disabled
 * (React writes `disabled=""`) stay as they are. Links stay links. React escapes `<` and `>`
 * in attribute values, so every match is a whole tag.
 */
export function waitingControls(html: string): string {
  return html.replace(/<(input|select|textarea|button)\b([^>]*)>/g, (tag: string, name: string, attributes: string) =>
    /\sdisabled=""/.test(attributes) ? tag : `<${name} disabled="" ${WAITING_ATTRIBUTE}=""${attributes}>`,
  );
}

/**
 * What a remote's frame markup for `url` becomes in the document: the content of #root, the shell's
 * layout around the page, its controls waiting. The browser hydrates it with the site's own tree
 * (docs/decisions/0011). The resource hints React's server render writes before a page's markup
 * (`<link rel="preload">` of its eager images) are left out: in the page's Suspense boundary they
 * would be nodes the browser's render does not have (hydration would fail), and the page's own
 * `<img>` elements, right there in the document, ask for those pictures as early.
 */
export function composePage(url: string, frameHtml: string): string {
  const hints = /^(?:<link\b[^>]*>)*/.exec(frameHtml)?.[0] ?? '';
  return waitingControls(renderLayoutFrame({ url, pageHtml: frameHtml.slice(hints.length) }));
}

/**
 * index.html with a composed page: its style sheets in the head, the page in #root (marked with
 * FRAME_ATTRIBUTE, valued with the page's module id, until the page has hydrated), the answers it
 * was rendered with right after it (read by the shell's entry), and the shell's entry started after
 * the first paint (AFTER_PAINT_SCRIPT, inline). Undefined when index.html has no empty #root to fill.
 */
export function composeDocument(
  indexHtml: string,
  { id, root, css, answers }: { id: string; root: string; css: readonly string[]; answers: DocumentAnswers },
): string | undefined {
  const slot = '<div id="root"></div>';
  const at = indexHtml.indexOf(slot);
  const head = indexHtml.indexOf('</head>');
  if (at < 0 || head < 0 || head > at) return undefined;
  const styles = css.length ? `<style data-aq-frame-css>${css.join('\n')}</style>` : '';
  const data = `<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">${jsonForScript(answers)}</script>`;
  const container = `<div id="root" ${FRAME_ATTRIBUTE}="${escapeAttribute(id)}">`;
  // The shell's entry moves from the head's <script defer> to the end of the body, started by the
  // inline AFTER_PAINT_SCRIPT once the page has painted.
  let entry: string | undefined;
  const before = indexHtml.slice(0, head).replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/, (_tag, src: string) => {
    entry = src;
    return '';
  });
  const starter = entry ? `<script data-entry="${escapeAttribute(entry)}">${AFTER_PAINT_SCRIPT}</script>` : '';
  return `${before}${styles}${indexHtml.slice(head, at)}${container}${root}</div>${data}${starter}${indexHtml.slice(at + slot.length)}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}
