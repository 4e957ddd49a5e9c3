// Pages that show themselves when shared and found. The shell's server sends an artifact's details
// document, and a public collection's, with the page's public metadata in its head (share-metadata.ts):
// a link pasted into a chat, or a crawler, gets the object's title, description and picture without
// running any script. The page itself stays what it is in the app (the details page still asks for
// sign-in). It also serves the sitemap (sitemap.ts).
// The api is asked as for a composed first page (docs/decisions/0010): without credentials, naming
// the visitor (X-Forwarded-For), within FIRST_PAGE_TIMEOUT_MS; anything missing, slow or not public
// sends the plain document. An answer is kept FIRST_PAGE_CACHE_MS per page (a burst of previews costs
// one call; a restriction shows in the next documents after at most that long), at most
// FIRST_PAGE_CONCURRENCY calls run at once, and visits of one page share the call under way.
import { COLLECTION_PATHS, OBJECT_ID_SOURCE, type Artifact } from '@antiquarium/contracts';
import { KeptReads, type Read } from './kept-reads';
import { onceAMinute } from './once-a-minute-log';
import { readServerSettings, type ServerEnv } from './server-settings';
import { artifactShareMetadata, collectionShareMetadata, withShareTags, type ShareMetadata, type SharedCollection } from './share-metadata';
import { Sitemap } from './sitemap';
import { visitorHeaders, type Visitor } from './visitor';

/** Pages' answers kept at most. */
const CACHE_ENTRIES = 500;
const ARTIFACT_PAGE = new RegExp(`^/artifacts/(${OBJECT_ID_SOURCE})/?$`, 'i');
const COLLECTION_PAGE = /^\/collections\/([A-Za-z0-9_-]{1,64})\/?$/;

export interface SharePagesOptions {
  /** The deployment's runtime-config.json (its apiUrl, unless API_INTERNAL_URL says otherwise). */
  runtimeConfig: unknown;
  /**
   * SITE_ORIGIN: the site's public origin, which permanent URLs are written with (none: no page gets
   * metadata and there is no sitemap); API_INTERNAL_URL; FIRST_PAGE_TIMEOUT_MS, FIRST_PAGE_CACHE_MS,
   * FIRST_PAGE_CONCURRENCY; SITEMAP_CACHE_MS, SITEMAP_TIMEOUT_MS (server-settings.ts).
   */
  env: ServerEnv;
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

/** A page's metadata read from the api's answer, for the site's origin `site`. */
type MetadataReader = (body: unknown, site: string) => ShareMetadata | undefined;

const UNKNOWN: PageAnswer = { meta: undefined, missing: false };

/** Reads the configuration (a FirstPageConfigError names what is wrong) and returns the share pages. */
export function createSharePages(options: SharePagesOptions): SharePages {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const settings = readServerSettings(options.runtimeConfig, options.env);
  const { apiUrl, browserApiUrl, timeoutMs, siteOrigin: origin } = settings;
  const tell = onceAMinute(options.log, now);
  const answers = new KeptReads<PageAnswer>(settings.cacheMs, CACHE_ENTRIES, settings.concurrency, now);
  const sitemap = origin && apiUrl ? new Sitemap({ fetch: fetchImpl, apiUrl, origin, timeoutMs: settings.sitemapTimeoutMs, cacheMs: settings.sitemapCacheMs, now }) : undefined;

  /** The api's public answer for `path`, read as metadata; kept when it is a 200 or a 404. */
  async function ask(path: string, read: MetadataReader, visitor: Visitor | undefined): Promise<Read<PageAnswer>> {
    const response = await fetchImpl(`${apiUrl}/${path}`, { headers: { Accept: 'application/json', ...visitorHeaders(visitor) }, signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 404) return { value: { meta: undefined, missing: true }, keep: true };
    if (!response.ok) {
      tell(`share tags left out: the api answered ${response.status} for ${path.split('/')[0]}`);
      return { value: UNKNOWN, keep: false };
    }
    const body: unknown = await response.json();
    return { value: { meta: typeof body === 'object' && body !== null ? read(body, origin!) : undefined, missing: false }, keep: true };
  }

  function metadata(key: string, path: string, read: MetadataReader, visitor: Visitor | undefined): Promise<PageAnswer> {
    const asked = () =>
      ask(path, read, visitor).catch((error: unknown) => {
        tell(`share tags left out: ${error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error)}`);
        return { value: UNKNOWN, keep: false };
      });
    return answers.get(key, asked, () => UNKNOWN);
  }

  /** The api's answer for an artifact's or a collection's page (unknown for any other page). */
  function pageAnswer(url: string, visitor: Visitor | undefined): Promise<PageAnswer> {
    if (!origin || !apiUrl) return Promise.resolve(UNKNOWN);
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
    return Promise.resolve(UNKNOWN);
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
      return sitemap?.file(url, visitor);
    },
  };
}
