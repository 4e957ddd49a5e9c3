// Pages that show themselves when shared and found (issue 28). The shell's server sends an artifact's
// details document, and a public collection's, with the page's public metadata in its head
// (share-metadata.ts): a link pasted into a chat, or a crawler, gets the object's title, description
// and picture without running any script. The page itself stays what it is in the app (the details
// page still asks for sign-in). And it serves /sitemap.xml: every public artifact's and public
// collection's permanent URL, read from the api as it streams them, bounded per file.
// Same rules as a composed first page (docs/decisions/0010): the api is asked without credentials, with
// the visitor's address (X-Forwarded-For), within FIRST_PAGE_TIMEOUT_MS; anything missing, slow or
// not public sends the plain document. An answer is kept FIRST_PAGE_CACHE_MS per page (a burst of
// previews costs one call; a restriction shows in the next documents after at most that long), at
// most FIRST_PAGE_CONCURRENCY calls run at once, and visits of one page share the call under way.
import { COLLECTION_PATHS, isObjectId, isOpenDataCursor, OBJECT_ID_SOURCE, OPEN_DATA_NEXT_CURSOR_HEADER, type Artifact } from '@antiquarium/contracts';
import { absoluteUrl, FirstPageConfigError, forwardedFor, readApiSettings, wholeNumber, type Visitor } from './first-page-server';
import { artifactPageUrl, artifactShareMetadata, collectionPageUrl, collectionShareMetadata, escapeHtml, withShareTags, type ShareMetadata, type SharedCollection } from './share-metadata';

/** URLs per sitemap file at most (the sitemap protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;
/** Artifacts asked of the open data per call (its largest page). */
export const OPEN_DATA_PAGE = 5_000;
/** Collections asked per call of their public list. */
export const COLLECTIONS_PAGE = 100;
/** How long the sitemap index (where each artifacts file starts) is kept. */
export const DEFAULT_SITEMAP_CACHE_MS = 60_000;
/** One sitemap file's budget: past it the file is cut (a client sees it incomplete). */
export const DEFAULT_SITEMAP_TIMEOUT_MS = 30_000;
const CACHE_ENTRIES = 500;
const ARTIFACT_PAGE = new RegExp(`^/artifacts/(${OBJECT_ID_SOURCE})/?$`, 'i');
const COLLECTION_PAGE = /^\/collections\/([A-Za-z0-9_-]{1,64})\/?$/;
/** A collection id as its page's path takes it (COLLECTION_PAGE). */
const COLLECTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface SharePagesOptions {
  /** The deployment's runtime-config.json (its apiUrl, unless API_INTERNAL_URL says otherwise). */
  runtimeConfig: unknown;
  /**
   * SITE_ORIGIN: the site's public origin, which permanent URLs are written with (none: no page gets
   * metadata and there is no sitemap); API_INTERNAL_URL; FIRST_PAGE_TIMEOUT_MS, FIRST_PAGE_CACHE_MS,
   * FIRST_PAGE_CONCURRENCY; SITEMAP_CACHE_MS, SITEMAP_TIMEOUT_MS.
   */
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (message: string) => void;
}

export interface SharePages {
  /** The site's public origin ('https://antiquarium.example'), or undefined: nothing is served. */
  readonly origin: string | undefined;
  /** The document for a visit of `url` with its page's metadata, or undefined: send `indexHtml` as it is. */
  document(url: string, indexHtml: string, visitor?: Visitor): Promise<string | undefined>;
  /**
   * The HTTP status of a visit of `url`: 404 for an artifact or collection page the api says is not
   * there for the public (a private collection, a hidden or deleted artifact), else 200. Shares the
   * api's answer with document(). The page still goes out: its code shows the owner their private
   * collection, and everyone else the site's not-found screen.
   */
  status(url: string, visitor?: Visitor): Promise<200 | 404>;
  /**
   * The sitemap file at `url` (/sitemap.xml, the index, or a file it lists) as chunks of XML, or
   * undefined when `url` is no sitemap of this server. Nothing is yielded before the file's first
   * api answer: a failure before it throws at the first chunk (answer 503), a later one cuts the file.
   */
  sitemap(url: string, visitor?: Visitor): AsyncIterable<string> | undefined;
}

/** What the api said of a page: its metadata, or that it is not there (404). */
interface PageAnswer {
  meta: ShareMetadata | undefined;
  missing: boolean;
}

interface Kept extends PageAnswer {
  expires: number;
}

/** The site's origin: an absolute http(s) URL with no path, query or fragment. */
function siteOrigin(value: string): string {
  const url = absoluteUrl(value, 'SITE_ORIGIN');
  if (new URL(url).origin !== url) throw new FirstPageConfigError(`SITE_ORIGIN must be an origin only, e.g. https://antiquarium.example (got ${JSON.stringify(value)})`);
  return url;
}

/** The lines of a streamed body, as they arrive (a line is never split). */
async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlEntry = (loc: string) => `<url><loc>${escapeHtml(loc)}</loc></url>\n`;
const sitemapEntry = (loc: string) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>\n`;

/** Reads the configuration (a FirstPageConfigError names what is wrong) and returns the share pages. */
export function createSharePages(options: SharePagesOptions): SharePages {
  const { env } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const { apiUrl, browserApiUrl, timeoutMs, cacheMs, concurrency } = readApiSettings(options.runtimeConfig, env);
  const origin = env.SITE_ORIGIN ? siteOrigin(env.SITE_ORIGIN) : undefined;
  const sitemapCacheMs = wholeNumber(env.SITEMAP_CACHE_MS, 'SITEMAP_CACHE_MS', DEFAULT_SITEMAP_CACHE_MS, 3_600_000);
  const sitemapTimeoutMs = wholeNumber(env.SITEMAP_TIMEOUT_MS, 'SITEMAP_TIMEOUT_MS', DEFAULT_SITEMAP_TIMEOUT_MS, 600_000);

  const logged = new Map<string, number>();
  const tell = (reason: string) => {
    const at = now();
    if ((logged.get(reason) ?? -Infinity) > at - 60_000) return;
    logged.set(reason, at);
    options.log?.(reason);
  };

  const clientOf = (visitor: Visitor | undefined): Record<string, string> => {
    const forwarded = forwardedFor(visitor);
    return forwarded ? { 'X-Forwarded-For': forwarded } : {};
  };

  const kept = new Map<string, Kept>();
  const asking = new Map<string, Promise<PageAnswer>>();

  /** The api's public answer for `path`, read as metadata; undefined for anything but a 200 (404 kept too). */
  async function ask(path: string, read: (body: unknown, site: string) => ShareMetadata | undefined, visitor: Visitor | undefined): Promise<PageAnswer & { keep: boolean }> {
    const response = await fetchImpl(`${apiUrl}/${path}`, { headers: { Accept: 'application/json', ...clientOf(visitor) }, signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 404) return { meta: undefined, missing: true, keep: true };
    if (!response.ok) {
      tell(`share tags left out: the api answered ${response.status} for ${path.split('/')[0]}`);
      return { meta: undefined, missing: false, keep: false };
    }
    const body: unknown = await response.json();
    return { meta: typeof body === 'object' && body !== null ? read(body, origin!) : undefined, missing: false, keep: true };
  }

  const unknown: PageAnswer = { meta: undefined, missing: false };

  function metadata(key: string, path: string, read: (body: unknown, site: string) => ShareMetadata | undefined, visitor: Visitor | undefined): Promise<PageAnswer> {
    const hit = kept.get(key);
    if (hit && hit.expires > now()) return Promise.resolve(hit);
    const under = asking.get(key);
    if (under) return under;
    if (asking.size >= concurrency) return Promise.resolve(unknown);
    const answer = ask(path, read, visitor)
      .then(({ meta, missing, keep }) => {
        if (keep && cacheMs > 0) {
          kept.delete(key);
          kept.set(key, { expires: now() + cacheMs, meta, missing });
          while (kept.size > CACHE_ENTRIES) kept.delete(kept.keys().next().value as string);
        }
        return { meta, missing };
      })
      .catch((error: unknown) => {
        tell(`share tags left out: ${error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error)}`);
        return unknown;
      });
    asking.set(key, answer);
    void answer.finally(() => asking.delete(key));
    return answer;
  }

  // --- the sitemap ---

  /** One open-data page of artifacts (ids in order) from `cursor`, and the next page's cursor. */
  async function openDataPage(cursor: string | undefined, signal: AbortSignal, visitor: Visitor | undefined): Promise<{ ids: AsyncGenerator<string>; next: string | undefined; skip: () => Promise<void> }> {
    const query = new URLSearchParams({ limit: String(OPEN_DATA_PAGE), ...(cursor ? { cursor } : {}) });
    const response = await fetchImpl(`${apiUrl}/open-data/artifacts?${query}`, { headers: { Accept: 'application/x-ndjson', ...clientOf(visitor) }, signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`the open data answered ${response.status}`);
    }
    const nextValue = response.headers.get(OPEN_DATA_NEXT_CURSOR_HEADER);
    const next = isOpenDataCursor(nextValue) ? nextValue : undefined;
    const body = response.body;
    async function* ids(): AsyncGenerator<string> {
      for await (const line of linesOf(body)) {
        if (!line.trim()) continue;
        const id = (JSON.parse(line) as { id?: unknown }).id;
        if (isObjectId(id, { anyCase: true })) yield id;
      }
    }
    return { ids: ids(), next, skip: () => body.cancel() };
  }

  /** Whether a list has a first item (the rest is not read: leaving the generator cancels its body). */
  async function any(ids: AsyncGenerator<string>): Promise<boolean> {
    const first = await ids.next();
    await ids.return(undefined);
    return !first.done;
  }

  /**
   * The artifacts files: none when there is no public artifact, else the first and where each later
   * one starts (its cursor, every SITEMAP_MAX_URLS artifacts). Kept SITEMAP_CACHE_MS; only the first
   * page's body is read (for its first id), the others' cursors are in their headers.
   */
  let fileStarts: { expires: number; value: Promise<{ any: boolean; starts: string[] }> } | undefined;
  function artifactFiles(visitor: Visitor | undefined): Promise<{ any: boolean; starts: string[] }> {
    if (fileStarts && fileStarts.expires > now()) return fileStarts.value;
    const pagesPerFile = SITEMAP_MAX_URLS / OPEN_DATA_PAGE;
    const value = (async () => {
      const signal = AbortSignal.timeout(sitemapTimeoutMs);
      const starts: string[] = [];
      const first = await openDataPage(undefined, signal, visitor);
      const found = await any(first.ids);
      let cursor = first.next;
      for (let hop = 1; cursor && starts.length < SITEMAP_MAX_URLS - 2; hop += 1) {
        if (hop % pagesPerFile === 0) starts.push(cursor);
        const page = await openDataPage(cursor, signal, visitor);
        await page.skip();
        cursor = page.next;
      }
      return { any: found, starts };
    })();
    const entry = { expires: now() + sitemapCacheMs, value };
    fileStarts = entry;
    value.catch(() => {
      if (fileStarts === entry) fileStarts = undefined;
    });
    return value;
  }

  /** The public collections' ids, from the api's public list (none when it has no such list). */
  async function* publicCollectionIds(signal: AbortSignal, visitor: Visitor | undefined): AsyncGenerator<string> {
    let count = 0;
    for (let page = 1; count < SITEMAP_MAX_URLS; page += 1) {
      const query = new URLSearchParams({ visibility: 'public', page: String(page), limit: String(COLLECTIONS_PAGE) });
      const response = await fetchImpl(`${apiUrl}/collections?${query}`, { headers: { Accept: 'application/json', ...clientOf(visitor) }, signal });
      // No public list (an api older than it): no collections are listed.
      if (page === 1 && (response.status === 404 || response.status === 405)) return;
      if (!response.ok) throw new Error(`the collections list answered ${response.status}`);
      const body: unknown = await response.json();
      if (!Array.isArray(body)) throw new Error('the collections list is not a list');
      for (const item of body as { id?: unknown; visibility?: unknown }[]) {
        if (typeof item?.id === 'string' && COLLECTION_ID.test(item.id) && item.visibility === 'public' && count < SITEMAP_MAX_URLS) {
          count += 1;
          yield item.id;
        }
      }
      if (body.length < COLLECTIONS_PAGE) return;
    }
  }

  // A file is listed only when it has a URL: the protocol's <urlset> holds at least one.
  async function* sitemapIndex(visitor: Visitor | undefined): AsyncGenerator<string> {
    const signal = AbortSignal.timeout(sitemapTimeoutMs);
    const [artifacts, collections] = await Promise.all([artifactFiles(visitor), any(publicCollectionIds(signal, visitor))]);
    yield `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
    if (collections) yield sitemapEntry(`${origin}/sitemaps/collections.xml`);
    if (artifacts.any) yield sitemapEntry(`${origin}/sitemaps/artifacts.xml`);
    for (const start of artifacts.starts) yield sitemapEntry(`${origin}/sitemaps/artifacts.xml?after=${start}`);
    yield '</sitemapindex>\n';
  }

  async function* artifactsFile(after: string | undefined, visitor: Visitor | undefined): AsyncGenerator<string> {
    const signal = AbortSignal.timeout(sitemapTimeoutMs);
    let cursor = after;
    let page = await openDataPage(cursor, signal, visitor);
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
    let count = 0;
    for (;;) {
      let chunk = '';
      for await (const id of page.ids) {
        if (count >= SITEMAP_MAX_URLS) break;
        count += 1;
        chunk += urlEntry(artifactPageUrl(origin!, id));
        if (chunk.length > 64_000) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
      cursor = page.next;
      if (!cursor || count >= SITEMAP_MAX_URLS) break;
      page = await openDataPage(cursor, signal, visitor);
    }
    yield '</urlset>\n';
  }

  async function* collectionsFile(visitor: Visitor | undefined): AsyncGenerator<string> {
    const signal = AbortSignal.timeout(sitemapTimeoutMs);
    const ids = publicCollectionIds(signal, visitor);
    // The first answer before the first byte: a list that fails at once is a 503, not half a file.
    const first = await ids.next();
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
    if (!first.done) {
      yield urlEntry(collectionPageUrl(origin!, first.value));
      for await (const id of ids) yield urlEntry(collectionPageUrl(origin!, id));
    }
    yield '</urlset>\n';
  }

  /** The api's answer for an artifact's or a collection's page (unknown for any other page). */
  function pageAnswer(url: string, visitor: Visitor | undefined): Promise<PageAnswer> {
    if (!origin || !apiUrl) return Promise.resolve(unknown);
    const { pathname } = new URL(url, 'http://site.invalid');
    const artifact = ARTIFACT_PAGE.exec(pathname);
    if (artifact) {
      const id = artifact[1]!.toLowerCase();
      return metadata(`artifact:${id}`, `artifacts/${id}`, (body, site) => artifactShareMetadata(body as Artifact, site, browserApiUrl), visitor);
    }
    const collection = COLLECTION_PAGE.exec(pathname);
    if (collection) {
      const id = collection[1]!;
      return metadata(`collection:${id}`, COLLECTION_PATHS.collection(id), (body, site) => collectionShareMetadata(body as SharedCollection, site, browserApiUrl), visitor);
    }
    return Promise.resolve(unknown);
  }

  return {
    origin,
    async document(url, indexHtml, visitor) {
      const { meta } = await pageAnswer(url, visitor);
      return meta ? withShareTags(indexHtml, meta) : undefined;
    },
    async status(url, visitor) {
      return (await pageAnswer(url, visitor)).missing ? 404 : 200;
    },
    sitemap(url, visitor) {
      if (!origin || !apiUrl) return undefined;
      const { pathname, searchParams } = new URL(url, 'http://site.invalid');
      if (pathname === '/sitemap.xml') return sitemapIndex(visitor);
      if (pathname === '/sitemaps/collections.xml') return collectionsFile(visitor);
      if (pathname === '/sitemaps/artifacts.xml') {
        const after = searchParams.get('after') ?? undefined;
        if (after !== undefined && !isOpenDataCursor(after)) return undefined;
        return artifactsFile(after, visitor);
      }
      return undefined;
    },
  };
}
