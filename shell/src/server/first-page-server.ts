// A visit's first page, composed on the server (docs/decisions/0010): for a visit that starts on one
// of the catalog's public pages, the api is asked the page's calls (the contracts' firstPageCalls,
// the same ones the browser would make), the page's remote renders the page with those answers (its
// frames port, POST …/frames), and the page goes out inside the shell's layout as one document: it
// paints before any script, and the browser asks the api for nothing the document holds. Anything
// missing or slow (the api, the registry, the remote, FIRST_PAGE_TIMEOUT_MS) sends the plain
// index.html instead, and the browser does it all. A composition slower than a visit's wait is not
// thrown away: it goes on (FIRST_PAGE_FINISH_MS at most) and serves the next visits, so a loaded
// server composes the page once rather than missing every visit's deadline again.
// What it costs is bounded: a page is composed once per canonical URL (its path and only the query
// it reads) and kept FIRST_PAGE_CACHE_MS, visits of a URL being composed wait for that composition
// (each at most its own FIRST_PAGE_TIMEOUT_MS),
// past FIRST_PAGE_CONCURRENCY compositions under way the plain page goes out at once, and the api
// calls name the visitor (X-Forwarded-For) so that they count against the visitor's own budget.
import { firstPageCalls, firstPageOf } from '@antiquarium/contracts/first-page';
import { ALL_ARTIFACTS_PATH, readQuery, writeQuery } from '@antiquarium/contracts';
import { RELEASE_ROUTING_PATH, type ReleaseRouting } from '@antiquarium/contracts/releases';
import type { RemoteName } from '../config/remote-names';
import { composeDocument, composePage } from './first-page-document';
import { answersFor, frameOf, releaseFramesUrl, RoutingReads } from './first-page-fetching';
import { KeptReads } from './kept-reads';
import { onceAMinute } from './once-a-minute-log';
import { readServerSettings, type ServerEnv, type ServerSettings } from './server-settings';
import { visitorHeaders, type Visitor } from './visitor';

/** Composed documents kept at most. */
const CACHE_ENTRIES = 100;

export interface FirstPageServerOptions {
  /** The deployment's runtime-config.json, as the browser reads it. */
  runtimeConfig: unknown;
  /**
   * API_INTERNAL_URL: where this server reaches the api (default: the runtime config's apiUrl);
   * REMOTE_<NAME>_FRAMES_URL: a remote's frames port as this server reaches it (no variable, no
   * composed pages for that remote); FRAMES_SECRET: sent to the frames ports (required with them);
   * FIRST_PAGE_TIMEOUT_MS, FIRST_PAGE_FINISH_MS, FIRST_PAGE_CACHE_MS, FIRST_PAGE_CONCURRENCY
   * (server-settings.ts).
   */
  env: ServerEnv;
  fetch?: typeof fetch;
  /** Told why a page went out plain (at most once a minute per reason). */
  log?: (message: string) => void;
  now?: () => number;
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

/** The composer createFirstPageServer returns. */
class FirstPageComposer implements FirstPageServer {
  readonly frames: Readonly<Partial<Record<RemoteName, string>>>;
  private readonly fetchImpl: typeof fetch;
  private readonly tell: (reason: string) => void;
  private readonly routing: RoutingReads;
  // Only composed documents are kept: a visit that got the plain page (over its api budget, say)
  // leaves nothing for the next visitor.
  private readonly documents: KeptReads<string | undefined>;

  constructor(
    private readonly settings: ServerSettings,
    options: FirstPageServerOptions,
  ) {
    this.frames = settings.frames;
    this.fetchImpl = options.fetch ?? fetch;
    const now = options.now ?? Date.now;
    const log = onceAMinute(options.log, now);
    this.tell = (reason) => log(`first page sent plain: ${reason}`);
    this.routing = new RoutingReads(this.fetchImpl, `${settings.apiUrl}/${RELEASE_ROUTING_PATH}`, settings.finishMs, now);
    this.documents = new KeptReads(settings.cacheMs, CACHE_ENTRIES, settings.concurrency, now);
  }

  compose(url: string, indexHtml: string, visitor?: Visitor): Promise<string | undefined> {
    const { pathname, search } = canonicalUrl(url);
    const page = firstPageOf(pathname);
    if (!page?.composed || !this.frames[page.remote]) return Promise.resolve(undefined);
    const { concurrency } = this.settings;
    const composing = this.documents.get(
      `${pathname}${search}`,
      async () => {
        const composed = await this.build(pathname, search, indexHtml, visitor).catch(() => undefined);
        return { value: composed?.document, keep: composed?.keep ?? false };
      },
      () => {
        this.tell(`${concurrency} first pages were being composed (FIRST_PAGE_CONCURRENCY)`);
        return undefined;
      },
    );
    return this.withinWait(composing);
  }

  /** The composed page if it comes within the visit's wait (FIRST_PAGE_TIMEOUT_MS), else undefined while it goes on. */
  private withinWait(composing: Promise<string | undefined>): Promise<string | undefined> {
    const { timeoutMs } = this.settings;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.tell(`no answer within ${timeoutMs} ms (the page is still composed for the next visits)`);
        resolve(undefined);
      }, timeoutMs);
      const settle = (document: string | undefined) => {
        clearTimeout(timer);
        resolve(document);
      };
      composing.then(settle, () => settle(undefined));
    });
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
    const { browserApiUrl, apiUrl, secret, finishMs } = this.settings;
    const page = firstPageOf(pathname);
    if (!page?.composed || !browserApiUrl || !apiUrl || !this.frames[page.remote]) return undefined;
    // A composed page shows what its calls answer: a path that names none (a collection id the api
    // could not have made) is the browser's alone, and is not asked of the api nor of the remote.
    const calls = firstPageCalls(pathname, search);
    if (calls.length === 0) return undefined;
    const signal = AbortSignal.timeout(finishMs);
    const client = visitorHeaders(visitor);
    try {
      const [answers, { url: framesUrl, routed }] = await Promise.all([
        answersFor(this.fetchImpl, { apiUrl, browserApiUrl }, calls, signal, client),
        this.framesUrlOf(page.remote, client),
      ]);
      if (!answers) {
        this.tell('the api did not answer every call of the page');
        return undefined;
      }
      if (!framesUrl) {
        this.tell(`${page.remote}'s live release is not one this server can reach`);
        return undefined;
      }
      // Past the budget (e.g. spent waiting for the routing) nothing more is asked.
      signal.throwIfAborted();
      const url = `${pathname}${search}`;
      const frame = await frameOf(this.fetchImpl, secret ?? '', framesUrl, { module: page.expose, url, apiUrl: browserApiUrl, answers }, signal);
      if (!frame) {
        this.tell(`${page.remote} rendered no frame for ${page.expose}`);
        return undefined;
      }
      const id = `${page.remote}/${page.expose.replace(/^\.\//, '')}`;
      const document = composeDocument(indexHtml, { id, root: composePage(url, frame.html), css: frame.css, answers });
      if (!routed) this.tell("the release registry's routing did not answer (the remote's own build was rendered, and not kept)");
      return document === undefined ? undefined : { document, keep: routed };
    } catch (error) {
      this.tell(signal.aborted ? `not composed within ${finishMs} ms (FIRST_PAGE_FINISH_MS)` : `${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}

/**
 * Reads and checks the configuration (a FirstPageConfigError names what is wrong: the server should
 * not start with it), and returns the composer.
 */
export function createFirstPageServer(options: FirstPageServerOptions): FirstPageServer {
  return new FirstPageComposer(readServerSettings(options.runtimeConfig, options.env), options);
}
