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
  ENTRY_ATTRIBUTE,
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
import { isRecord, readRouting, RELEASE_ROUTING_PATH, type ReleaseRef, type ReleaseRouting, type RoutingReader } from '@antiquarium/contracts/releases';
import { parseRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { REMOTE_NAMES, type RemoteName } from '../config/remote-names';
import workspace from '../../../workspace.json';
import { INTENT_STARTER_SCRIPT, INTENT_STARTER_SCRIPT_HASH } from './intent-starter';
import { renderLayoutFrame } from './layout-frame';
// Plain JavaScript shared with deploy/shell-document.mjs and deploy/frames.mjs, bundled into this build.
import { FRAMES_SECRET_HEADER, FRAMES_SECRET_RULE, isFramesSecret } from '../../../deploy/frames-secret.mjs';
import { escapeAttribute } from '../../../deploy/html.mjs';

/**
 * The inline scripts a composed document may carry, as CSP hash sources ('sha256-…'): the server
 * that sends the documents allows these, and no other inline script (deploy/security-headers.mjs).
 */
export const inlineScriptHashes: readonly string[] = [INTENT_STARTER_SCRIPT_HASH];

/** The whole composition's budget by default: past it the plain index.html is sent. */
export const DEFAULT_TIMEOUT_MS = 400;
/** How long a composed page is sent again as it is (the home page's lists change rarely). */
export const DEFAULT_CACHE_MS = 2000;
/** Compositions under way at most by default: past it a visit gets the plain page at once. */
export const DEFAULT_CONCURRENCY = 8;
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

/** FRAMES_SECRET, as deploy/frames.mjs accepts it (isFramesSecret). */
function framesSecret(value: string | undefined): string {
  if (!value) throw new FirstPageConfigError("FRAMES_SECRET must be set with a REMOTE_*_FRAMES_URL (the secret the remotes' frames ports require)");
  if (!isFramesSecret(value)) throw new FirstPageConfigError(FRAMES_SECRET_RULE);
  return value;
}

/** What the composer reads from its options, checked once (readSettings). */
/** What every page this server makes needs: the api, and how long and how many at once it asks it. */
export interface ApiSettings {
  config: RuntimeConfig;
  /** The api as the browser names it (the answers' keys): undefined when the config names it by a path only. */
  browserApiUrl: string | undefined;
  /** The api as this server reaches it (API_INTERNAL_URL, else the browser's when absolute). */
  apiUrl: string | undefined;
  timeoutMs: number;
  cacheMs: number;
  concurrency: number;
}

interface ComposerSettings extends ApiSettings {
  frames: Partial<Record<RemoteName, string>>;
  secret: string | undefined;
}

/** The runtime config's paths are read against the site, which this server cannot name: as this origin, no real one. */
const SITE = 'http://site.invalid/';

function isAbsoluteUrl(value: unknown): boolean {
  try {
    new URL(String(value));
    return true;
  } catch {
    return false;
  }
}

/** The configuration, checked: a FirstPageConfigError names what is wrong (the server should not start with it). */
/** The runtime config and the environment read for the api (a FirstPageConfigError names what is wrong). */
export function readApiSettings(runtimeConfig: unknown, env: NodeJS.ProcessEnv): ApiSettings {
  let config: RuntimeConfig;
  try {
    config = parseRuntimeConfig(runtimeConfig, SITE);
  } catch (error) {
    throw new FirstPageConfigError(error instanceof Error ? error.message : String(error));
  }
  // Only an absolute address can be named in the document's answers as the browser names it.
  const browserApiUrl = isRecord(runtimeConfig) && isAbsoluteUrl(runtimeConfig.apiUrl) ? config.apiUrl : undefined;
  return {
    config,
    browserApiUrl,
    apiUrl: env.API_INTERNAL_URL ? absoluteUrl(env.API_INTERNAL_URL, 'API_INTERNAL_URL') : browserApiUrl,
    timeoutMs: wholeNumber(env.FIRST_PAGE_TIMEOUT_MS, 'FIRST_PAGE_TIMEOUT_MS', DEFAULT_TIMEOUT_MS, 10_000),
    cacheMs: wholeNumber(env.FIRST_PAGE_CACHE_MS, 'FIRST_PAGE_CACHE_MS', DEFAULT_CACHE_MS, 60_000),
    concurrency: wholeNumber(env.FIRST_PAGE_CONCURRENCY, 'FIRST_PAGE_CONCURRENCY', DEFAULT_CONCURRENCY, 1000),
  };
}

function readSettings({ runtimeConfig, env }: FirstPageServerOptions): ComposerSettings {
  const frames: Partial<Record<RemoteName, string>> = {};
  for (const remote of REMOTE_NAMES) {
    const name = framesVariable(remote);
    const value = env[name];
    if (value) frames[remote] = absoluteUrl(value, name);
  }
  return {
    ...readApiSettings(runtimeConfig, env),
    frames,
    secret: Object.keys(frames).length > 0 ? framesSecret(env.FRAMES_SECRET) : undefined,
  };
}

async function getJson(fetchImpl: typeof fetch, url: string, init: RequestInit, signal: AbortSignal): Promise<{ response: Response; body: unknown }> {
  const response = await fetchImpl(url, { ...init, signal, headers: { Accept: 'application/json', ...init.headers } });
  const body: unknown = response.ok ? await response.json() : undefined;
  return { response, body };
}

/**
 * The routing as this server reads it (the contracts' readRouting, as the browser reads it): the
 * remotes it knows, any manifest URL (framesUrlOf decides whether it can reach the release).
 */
const SERVER_ROUTING_READER: RoutingReader = {
  knows: (remote) => (REMOTE_NAMES as readonly string[]).includes(remote),
  manifestUrl: (value) => (typeof value === 'string' && value !== '' ? value : undefined),
};

/**
 * The release registry's routing (cached a second, as the api caches it); undefined when it does
 * not answer or answers no routing. A read is shared by the compositions of that second, so it has
 * a budget of its own (one composition's end does not abort it), and a failed read is not kept.
 */
class RoutingReads {
  private last: { expires: number; value: Promise<ReleaseRouting | undefined> } | undefined;

  constructor(
    private readonly fetchImpl: typeof fetch,
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly now: () => number,
  ) {}

  current(client: HeadersInit): Promise<ReleaseRouting | undefined> {
    if (!this.last || this.last.expires <= this.now()) {
      const read = {
        expires: this.now() + ROUTING_CACHE_MS,
        value: getJson(this.fetchImpl, this.url, { headers: client }, AbortSignal.timeout(this.timeoutMs)).then(
          ({ body }) => readRouting(body, SERVER_ROUTING_READER),
          () => undefined,
        ),
      };
      this.last = read;
      void read.value.then((value) => {
        if (value === undefined && this.last === read) this.last = undefined;
      });
    }
    return this.last.value;
  }
}

/**
 * Where a remote renders the release `live` (its frames port as this server reaches it:
 * `internal`), or undefined: a release is served under its version below the remote's own address
 * (`remoteManifestUrl`, the runtime config's), and anything else is not one this server can reach.
 */
export function releaseFramesUrl(internal: string, remoteManifestUrl: string, live: ReleaseRef): string | undefined {
  const prefix = `${baseOf(remoteManifestUrl)}/releases/`;
  return baseOf(live.manifestUrl) === `${prefix}${live.version}` ? `${internal}/releases/${live.version}/frames` : undefined;
}

/** The API calls' answers as the document carries them (keyed as the browser asks them), or undefined unless every one answered. */
async function answersFor(
  fetchImpl: typeof fetch,
  { apiUrl, browserApiUrl }: { apiUrl: string; browserApiUrl: string },
  calls: readonly ApiCall[],
  signal: AbortSignal,
  client: HeadersInit,
): Promise<DocumentAnswers | undefined> {
  const answers: Record<string, DocumentAnswer> = {};
  const results = await Promise.all(
    calls.map(async (call) => {
      const query = apiSearchParams(call.query).toString();
      const { response, body } = await getJson(fetchImpl, `${apiUrl}/${call.path}${query ? `?${query}` : ''}`, { headers: client }, signal);
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

/** The remote's frame for `request` (POST to its frames port), or undefined when it answers none this document can hold. */
async function frameOf(fetchImpl: typeof fetch, secret: string, url: string, request: FrameRequest, signal: AbortSignal): Promise<FrameResponse | undefined> {
  const headers = { 'Content-Type': 'application/json', [FRAMES_SECRET_HEADER]: secret };
  const { response, body } = await getJson(fetchImpl, url, { method: 'POST', body: JSON.stringify(request), headers }, signal);
  if (!response.ok || typeof body !== 'object' || body === null) return undefined;
  const { html, css } = body as Partial<FrameResponse>;
  if (typeof html !== 'string' || !Array.isArray(css) || !css.every((sheet) => typeof sheet === 'string')) return undefined;
  // A style sheet is put in a <style> element as it is: one that could close it is refused.
  if (css.some((sheet) => /<\/style/i.test(sheet))) return undefined;
  return { html, css };
}

/** Says why a page went out plain, each reason at most once a minute. */
class PlainPageLog {
  private readonly told = new Map<string, number>();

  constructor(
    private readonly log: ((message: string) => void) | undefined,
    private readonly now: () => number,
  ) {}

  tell(reason: string): void {
    const at = this.now();
    if ((this.told.get(reason) ?? -Infinity) > at - 60_000) return;
    this.told.set(reason, at);
    this.log?.(`first page sent plain: ${reason}`);
  }
}

/** The composer createFirstPageServer returns. */
class FirstPageComposer implements FirstPageServer {
  readonly frames: Readonly<Partial<Record<RemoteName, string>>>;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly plain: PlainPageLog;
  private readonly routing: RoutingReads;
  // Composed documents by canonical URL (only those that were composed: a visit that got the plain
  // page, e.g. over its api budget, leaves nothing for the next visitor), and those being composed.
  private readonly cache = new Map<string, CacheEntry>();
  private readonly building = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly settings: ComposerSettings,
    options: FirstPageServerOptions,
  ) {
    this.frames = settings.frames;
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.plain = new PlainPageLog(options.log, this.now);
    this.routing = new RoutingReads(this.fetchImpl, `${settings.apiUrl}/${RELEASE_ROUTING_PATH}`, settings.timeoutMs, this.now);
  }

  compose(url: string, indexHtml: string, visitor?: Visitor): Promise<string | undefined> {
    const { pathname, search } = canonicalUrl(url);
    const page = firstPageOf(pathname);
    if (!page?.composed || !this.frames[page.remote]) return Promise.resolve(undefined);
    const key = `${pathname}${search}`;
    const cached = this.cache.get(key);
    if (cached && cached.expires > this.now()) return Promise.resolve(cached.document);
    const under = this.building.get(key);
    if (under) return under;
    if (this.building.size >= this.settings.concurrency) {
      this.plain.tell(`${this.settings.concurrency} first pages were being composed (FIRST_PAGE_CONCURRENCY)`);
      return Promise.resolve(undefined);
    }
    const document = this.build(pathname, search, indexHtml, visitor)
      .catch(() => undefined)
      .then((composed) => {
        if (composed?.keep) this.keep(key, composed.document);
        return composed?.document;
      });
    this.building.set(key, document);
    void document.finally(() => this.building.delete(key));
    return document;
  }

  /** Keeps a composed document FIRST_PAGE_CACHE_MS, the oldest going first past CACHE_ENTRIES (a Map keeps insertion order). */
  private keep(key: string, document: string): void {
    if (this.settings.cacheMs <= 0) return;
    this.cache.delete(key);
    this.cache.set(key, { expires: this.now() + this.settings.cacheMs, document });
    while (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
  }

  /**
   * Where the remote renders the release the registry runs for everyone (canaries aside), and
   * whether the registry said so (without its routing, the remote's own build is rendered, but that
   * page is not kept: a release may be live).
   */
  private async framesUrlOf(remote: RemoteName, client: HeadersInit): Promise<{ url: string | undefined; routed: boolean }> {
    const internal = this.frames[remote];
    if (!internal) return { url: undefined, routed: false };
    const routed = await this.routing.current(client);
    const live = routed?.remotes[remote as keyof ReleaseRouting['remotes']]?.live;
    if (!live) return { url: `${internal}/frames`, routed: routed !== undefined };
    return { url: releaseFramesUrl(internal, this.settings.config.remotes[remote] ?? '', live), routed: true };
  }

  /** The composed document (undefined: send the plain page) and whether it may be kept for the next visits. */
  private async build(pathname: string, search: string, indexHtml: string, visitor: Visitor | undefined): Promise<{ document: string; keep: boolean } | undefined> {
    const { browserApiUrl, apiUrl, secret, timeoutMs } = this.settings;
    const page = firstPageOf(pathname);
    if (!page?.composed || !browserApiUrl || !apiUrl || !this.frames[page.remote]) return undefined;
    // A composed page shows what its calls answer: a path that names none (a collection id the api
    // could not have made) is the browser's alone, and is not asked of the api nor of the remote.
    const calls = firstPageCalls(pathname, search);
    if (calls.length === 0) return undefined;
    const signal = AbortSignal.timeout(timeoutMs);
    const forwarded = forwardedFor(visitor);
    const client: Record<string, string> = forwarded ? { 'X-Forwarded-For': forwarded } : {};
    try {
      const [answers, { url: framesUrl, routed }] = await Promise.all([
        answersFor(this.fetchImpl, { apiUrl, browserApiUrl }, calls, signal, client),
        this.framesUrlOf(page.remote, client),
      ]);
      if (!answers) {
        this.plain.tell('the api did not answer every call of the page');
        return undefined;
      }
      if (!framesUrl) {
        this.plain.tell(`${page.remote}'s live release is not one this server can reach`);
        return undefined;
      }
      // Past the budget (e.g. spent waiting for the routing) nothing more is asked.
      signal.throwIfAborted();
      const url = `${pathname}${search}`;
      const frame = await frameOf(this.fetchImpl, secret ?? '', framesUrl, { module: page.expose, url, apiUrl: browserApiUrl, answers }, signal);
      if (!frame) {
        this.plain.tell(`${page.remote} rendered no frame for ${page.expose}`);
        return undefined;
      }
      const id = `${page.remote}/${page.expose.replace(/^\.\//, '')}`;
      const document = composeDocument(indexHtml, { id, root: composePage(url, frame.html), css: frame.css, answers });
      if (!routed) this.plain.tell("the release registry's routing did not answer (the remote's own build was rendered, and not kept)");
      return document === undefined ? undefined : { document, keep: routed };
    } catch (error) {
      this.plain.tell(signal.aborted ? `no answer within ${timeoutMs} ms` : `${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

/**
 * Reads and checks the configuration (a FirstPageConfigError names what is wrong: the server should
 * not start with it), and returns the composer.
 */
export function createFirstPageServer(options: FirstPageServerOptions): FirstPageServer {
  return new FirstPageComposer(readSettings(options), options);
}

/**
 * The composed document's form controls, marked with WAITING_ATTRIBUTE until the code that works
 * them has hydrated them (the layout's with the shell, the page's with the remote). They stay
 * enabled, so they are announced, focused and activated as what they are: the intent starter holds
 * an activation and replays it once the control is hydrated, and what is typed or chosen meanwhile
 * is handed to the page's code then (composed-frame.tsx). Links stay links. React escapes `<` and
 * `>` in attribute values, so every match is a whole tag.
 */
export function waitingControls(html: string): string {
  return html.replace(/<(input|select|textarea|button)\b([^>]*)>/g, (tag: string, name: string, attributes: string) =>
    /\sdisabled=""/.test(attributes) ? tag : `<${name} ${WAITING_ATTRIBUTE}=""${attributes}>`,
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
 * The browser paints its first frame once the whole composed page is parsed (`rel=expect`,
 * render-blocking, on the answers' element right after #root: Chromium lets the frame go once the
 * element it waits for is in the document, so #root itself would let it go at its start tag). The
 * page's first style and layout then happen once, before the first paint, not over frames painted
 * between the parser's chunks, each laying out what the last chunk added after the visitor sees the
 * page (issue 29: a 67 ms frame after the first paint at the calibrated CPU slowdown, decision
 * 0017). Browsers without `rel=expect` paint as before.
 */
export const FIRST_FRAME_WAITS_FOR_PAGE = `<link rel="expect" href="#${FIRST_PAGE_ANSWERS_ID}" blocking="render">`;

/**
 * index.html with a composed page: its style sheets in the head, the page in #root (marked with
 * FRAME_ATTRIBUTE, valued with the page's module id, until the page has hydrated), the answers it
 * was rendered with right after it (read by the shell's entry), and the shell's entry started on the
 * visitor's first intent (INTENT_STARTER_SCRIPT, inline; docs/decisions/0015). Undefined when index.html has no empty #root to fill.
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
  // inline INTENT_STARTER_SCRIPT on the visitor's first intent.
  let entry: string | undefined;
  const before = indexHtml.slice(0, head).replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/, (_tag, src: string) => {
    entry = src;
    return '';
  });
  const starter = entry ? `<script ${ENTRY_ATTRIBUTE}="${escapeAttribute(entry)}">${INTENT_STARTER_SCRIPT}</script>` : '';
  return `${before}${FIRST_FRAME_WAITS_FOR_PAGE}${styles}${indexHtml.slice(head, at)}${container}${root}</div>${data}${starter}${indexHtml.slice(at + slot.length)}`;
}
