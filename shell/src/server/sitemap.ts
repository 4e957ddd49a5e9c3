// /sitemap.xml: every public artifact's and public collection's permanent URL, read from the api as
// it streams them, at most SITEMAP_MAX_URLS per file (the sitemap protocol's limit).
import { isObjectId, isOpenDataCursor, OPEN_DATA_NEXT_CURSOR_HEADER } from '@antiquarium/contracts';
import { TtlCache } from '@antiquarium/contracts/ttl-cache';
import { artifactPageUrl, collectionPageUrl, escapeHtml } from './share-metadata';
import { visitorHeaders, type Visitor } from './visitor';

/** URLs per sitemap file at most (the sitemap protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;
/** Artifacts asked of the open data per call (its largest page). */
export const OPEN_DATA_PAGE = 5_000;
/** Collections asked per call of their public list. */
export const COLLECTIONS_PAGE = 100;
/** A collection id as its page's path takes it. */
const COLLECTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const urlEntry = (loc: string) => `<url><loc>${escapeHtml(loc)}</loc></url>\n`;
const sitemapEntry = (loc: string) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>\n`;

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

/** Whether a list has a first item (the rest is not read: leaving the generator cancels its body). */
async function any(ids: AsyncGenerator<string>): Promise<boolean> {
  const first = await ids.next();
  await ids.return(undefined);
  return !first.done;
}

/** The artifacts files: whether there is any, and where each file after the first starts (its cursor). */
interface ArtifactFiles {
  any: boolean;
  starts: string[];
}

export interface SitemapOptions {
  fetch: typeof fetch;
  /** The api as this server reaches it. */
  apiUrl: string;
  /** The site's public origin, which the URLs are written with. */
  origin: string;
  /** One file's budget (SITEMAP_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long the index's artifacts files are kept (SITEMAP_CACHE_MS). */
  cacheMs: number;
  now: () => number;
}

/** The sitemap files, read from the api for each request (the index's artifacts files kept a while). */
export class Sitemap {
  private readonly artifactFilesKept: TtlCache<ArtifactFiles>;

  constructor(private readonly options: SitemapOptions) {
    this.artifactFilesKept = new TtlCache<ArtifactFiles>(options.cacheMs, 1);
  }

  /**
   * The sitemap file at `url` (/sitemap.xml, the index, or a file it lists) as chunks of XML, or
   * undefined when `url` is no sitemap file.
   */
  file(url: string, visitor: Visitor | undefined): AsyncGenerator<string> | undefined {
    const { pathname, searchParams } = new URL(url, 'http://site.invalid');
    if (pathname === '/sitemap.xml') return this.index(visitor);
    if (pathname === '/sitemaps/collections.xml') return this.collectionsFile(visitor);
    if (pathname === '/sitemaps/artifacts.xml') {
      const after = searchParams.get('after') ?? undefined;
      if (after !== undefined && !isOpenDataCursor(after)) return undefined;
      return this.artifactsFile(after, visitor);
    }
    return undefined;
  }

  /** One open-data page of artifacts (ids in order) from `cursor`, and the next page's cursor. */
  private async openDataPage(cursor: string | undefined, signal: AbortSignal, visitor: Visitor | undefined): Promise<{ ids: AsyncGenerator<string>; next: string | undefined; skip: () => Promise<void> }> {
    const query = new URLSearchParams({ limit: String(OPEN_DATA_PAGE), ...(cursor ? { cursor } : {}) });
    const response = await this.options.fetch(`${this.options.apiUrl}/open-data/artifacts?${query}`, { headers: { Accept: 'application/x-ndjson', ...visitorHeaders(visitor) }, signal });
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

  /**
   * The artifacts files: none when there is no public artifact, else the first and where each later
   * one starts (its cursor, every SITEMAP_MAX_URLS artifacts). Kept SITEMAP_CACHE_MS; only the first
   * page's body is read (for its first id), the others' cursors are in their headers.
   */
  private artifactFiles(visitor: Visitor | undefined): Promise<ArtifactFiles> {
    return this.artifactFilesKept.get('files', () => this.readArtifactFiles(visitor), this.options.now());
  }

  private async readArtifactFiles(visitor: Visitor | undefined): Promise<ArtifactFiles> {
    const pagesPerFile = SITEMAP_MAX_URLS / OPEN_DATA_PAGE;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const starts: string[] = [];
    const first = await this.openDataPage(undefined, signal, visitor);
    const found = await any(first.ids);
    let cursor = first.next;
    for (let hop = 1; cursor && starts.length < SITEMAP_MAX_URLS - 2; hop += 1) {
      if (hop % pagesPerFile === 0) starts.push(cursor);
      const page = await this.openDataPage(cursor, signal, visitor);
      await page.skip();
      cursor = page.next;
    }
    return { any: found, starts };
  }

  /** The public collections' ids, from the api's public list (none when it has no such list). */
  private async *publicCollectionIds(signal: AbortSignal, visitor: Visitor | undefined): AsyncGenerator<string> {
    let count = 0;
    for (let page = 1; count < SITEMAP_MAX_URLS; page += 1) {
      const query = new URLSearchParams({ visibility: 'public', page: String(page), limit: String(COLLECTIONS_PAGE) });
      const response = await this.options.fetch(`${this.options.apiUrl}/collections?${query}`, { headers: { Accept: 'application/json', ...visitorHeaders(visitor) }, signal });
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
  private async *index(visitor: Visitor | undefined): AsyncGenerator<string> {
    const { origin } = this.options;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const [artifacts, collections] = await Promise.all([this.artifactFiles(visitor), any(this.publicCollectionIds(signal, visitor))]);
    yield `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
    if (collections) yield sitemapEntry(`${origin}/sitemaps/collections.xml`);
    if (artifacts.any) yield sitemapEntry(`${origin}/sitemaps/artifacts.xml`);
    for (const start of artifacts.starts) yield sitemapEntry(`${origin}/sitemaps/artifacts.xml?after=${start}`);
    yield '</sitemapindex>\n';
  }

  private async *artifactsFile(after: string | undefined, visitor: Visitor | undefined): AsyncGenerator<string> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let cursor = after;
    let page = await this.openDataPage(cursor, signal, visitor);
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
    let count = 0;
    for (;;) {
      let chunk = '';
      for await (const id of page.ids) {
        if (count >= SITEMAP_MAX_URLS) break;
        count += 1;
        chunk += urlEntry(artifactPageUrl(this.options.origin, id));
        if (chunk.length > 64_000) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
      cursor = page.next;
      if (!cursor || count >= SITEMAP_MAX_URLS) break;
      page = await this.openDataPage(cursor, signal, visitor);
    }
    yield '</urlset>\n';
  }

  private async *collectionsFile(visitor: Visitor | undefined): AsyncGenerator<string> {
    const { origin } = this.options;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const ids = this.publicCollectionIds(signal, visitor);
    // The first answer before the first byte: a list that fails at once is a 503, not half a file.
    const first = await ids.next();
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
    if (!first.done) {
      yield urlEntry(collectionPageUrl(origin, first.value));
      for await (const id of ids) yield urlEntry(collectionPageUrl(origin, id));
    }
    yield '</urlset>\n';
  }
}
