import type { SortOption } from './artifact';
import { COLLECTION_PATHS } from './collections';
import { effectiveSort, filtersOf, readQuery } from './list-query';
import { CARD_IMAGE_MAX_WIDTH, type ResponsiveImageOptions } from './media';
import { isObjectId } from './object-id';

// The shell's entry preloads a first page's lead image with the same rules the page's <picture> and <img> use.
export { keptPhotoPicture, responsiveImage, type KeptPhotoPicture, type ResponsiveImage, type ResponsiveImageOptions } from './media';

// What the catalog's first pages ask the api for, as data both sides read: the shell starts these
// calls the moment it knows where the api is, before the catalog's code has arrived, and the
// catalog's pages make the same calls (api-client takes the shell's answers instead of asking
// again: @antiquarium/api-client/hand-over). Imported by the shell's entry, before module
// federation's async boundary, so this file and what it imports use no shared module.

/** A query parameter as the api-client takes it: empty ones (undefined, null, '') are not sent. */
export type ApiQueryValue = string | number | boolean | null | undefined;
export type ApiQuery = Readonly<Record<string, ApiQueryValue>>;

/** One GET call of the api: its path below the api's base URL, and its query. */
export interface ApiCall {
  path: string;
  query: ApiQuery;
  /**
   * The answer is a list whose first item's image is the page's LCP element on a phone, shown at
   * these sizes: the shell preloads it from the answer, before the page's code has arrived.
   */
  leadImage?: ResponsiveImageOptions;
}

/** The home page's "Featured" section: the 8 most liked. */
export const FEATURED_QUERY = { limit: 8, sort: 'likes' } as const satisfies { limit: number; sort: SortOption };
/** The home page's "Recently added" strip: the 8 newest. */
export const RECENT_QUERY = { limit: 8, sort: 'latest' } as const satisfies { limit: number; sort: SortOption };
/** The home page's top contributors. */
export const TOP_CONTRIBUTOR_COUNT = 3;

/**
 * A card's image width on /all-artifacts (the catalog's all-artifacts.css): one column on a phone
 * (container padding 1rem), two from 640 px, two beside the 15rem refine panel from 768 px, three
 * in the 1200 px container; gaps of 1.5rem.
 */
export const ALL_ARTIFACTS_IMAGE_SIZES =
  '(min-width: 1200px) 286px, (min-width: 768px) calc(50vw - 10rem), (min-width: 640px) calc(50vw - 1.75rem), calc(100vw - 2rem)';

/** The All Artifacts page's two calls for a URL query: the list page and its facets. */
export function allArtifactsCalls(search: string): ApiCall[] {
  const query = readQuery(new URLSearchParams(search));
  const filters = filtersOf(query);
  return [
    {
      path: 'artifacts',
      query: { ...filters, sort: effectiveSort(query), page: query.page },
      leadImage: { sizes: ALL_ARTIFACTS_IMAGE_SIZES, maxWidth: CARD_IMAGE_MAX_WIDTH },
    },
    { path: 'artifacts/facets', query: { ...filters } },
  ];
}

/** The site paths of the catalog's two first pages (the shell's preload matches the same). */
export const HOME_PATH = /^\/$/;
export const ALL_ARTIFACTS_PATH = /^\/all-artifacts\/?$/;

/** A collection's page (collectionPagePath), its id captured. */
export const COLLECTION_PAGE_PATH = /^\/collections\/([^/]+)\/?$/;

/**
 * The collection page's call: the collection, as a visitor reads it (a private one answers 404).
 * A public collection's page has data to compose (issue 28) when its id is one the api could have
 * made (an ObjectId, in either case as the api's paths take it). Any other id is the browser's
 * alone, not asked of the api.
 */
export function collectionPageCalls(pathname: string): ApiCall[] {
  const id = COLLECTION_PAGE_PATH.exec(pathname)?.[1];
  return isObjectId(id, { anyCase: true }) ? [{ path: COLLECTION_PATHS.collection(id), query: {} }] : [];
}

/** One public page a visit can start on (FIRST_PAGES). */
export interface FirstPage {
  /** The site paths it answers (the shell's routes show the same page there: shell/src/remotes/first-page-routes.test.ts). */
  path: RegExp;
  /** The remote that renders it (a remote of workspace.json) and its exposed module, e.g. './Home'. */
  remote: string;
  expose: string;
  /**
   * The api's GET calls its first render makes, known from the URL: the shell's entry starts them
   * before the page's code arrives (docs/decisions/0009), and a composed page is rendered with their
   * answers. None: the page's data is the browser's.
   */
  calls?: (search: string, pathname: string) => ApiCall[];
  /**
   * Composed on the shell's server (docs/decisions/0010): the remote's frames port renders `expose`
   * inside a router at `route` (its pattern in the shell's routes, for the params it reads), with
   * the calls' answers. A path whose calls are none goes out plain.
   */
  composed?: { route: string };
}

/**
 * The one table of first pages: every public remote page, the remote and module that render it,
 * the api calls it needs and whether the shell's server composes it. Read by the shell's entry (to
 * preload the page's code and start its calls), by the shell's server (to compose it) and by the
 * remotes' frames (which modules they render). Protected pages are left out: a visitor is sent to
 * /login, so their code would be downloaded for nothing.
 */
export const FIRST_PAGES: readonly FirstPage[] = [
  {
    path: HOME_PATH,
    remote: 'catalog',
    expose: './Home',
    calls: () => [
      { path: 'artifacts', query: FEATURED_QUERY },
      { path: 'artifacts', query: RECENT_QUERY },
      { path: 'contributors/top', query: { limit: TOP_CONTRIBUTOR_COUNT } },
    ],
    composed: { route: '/' },
  },
  { path: ALL_ARTIFACTS_PATH, remote: 'catalog', expose: './AllArtifacts', calls: allArtifactsCalls, composed: { route: '/all-artifacts' } },
  { path: /^\/login\/?$/, remote: 'account', expose: './Login' },
  { path: /^\/register\/?$/, remote: 'account', expose: './Register' },
  { path: /^\/forgot-password\/?$/, remote: 'account', expose: './ForgotPassword' },
  {
    path: COLLECTION_PAGE_PATH,
    remote: 'catalog',
    expose: './Collection',
    calls: (_search, pathname) => collectionPageCalls(pathname),
    composed: { route: '/collections/:id' },
  },
  { path: /^\/members\/[^/]+\/collections\/?$/, remote: 'catalog', expose: './MemberCollections' },
  { path: /^\/report\/?$/, remote: 'catalog', expose: './Report' },
  { path: /^\/reports\/[^/]+\/?$/, remote: 'catalog', expose: './ReportStatus' },
];

/** The first page a visit of `pathname` starts on, or undefined (a protected or unknown page). */
export function firstPageOf(pathname: string): FirstPage | undefined {
  return FIRST_PAGES.find((page) => page.path.test(pathname));
}

/** The exposed modules `remote` renders as frames (composed first pages), with their routes. */
export function composedModules(remote: string): { expose: string; route: string }[] {
  return FIRST_PAGES.filter((page) => page.remote === remote && page.composed).map((page) => ({ expose: page.expose, route: (page.composed as { route: string }).route }));
}

/** The api calls of the page at `pathname` + `search` (the URL's `?...`), or none. */
export function firstPageCalls(pathname: string, search: string): ApiCall[] {
  return firstPageOf(pathname)?.calls?.(search, pathname) ?? [];
}

/** The query string as sent: empty values left out. */
export function apiSearchParams(query: ApiQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return params;
}

/**
 * The one name of a call, however its query was written: the api's base URL without a trailing
 * slash, the path, and the non-empty parameters sorted by name. Two calls with the same name get
 * the same answer.
 */
export function apiCallKey(baseUrl: string, path: string, query: ApiQuery | URLSearchParams | string = {}): string {
  const params = typeof query === 'string' || query instanceof URLSearchParams ? new URLSearchParams(query) : apiSearchParams(query);
  const kept = [...params].filter(([, value]) => value !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(kept).toString();
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

// A first page composed on the server (docs/decisions/0010): the shell's server asks the api for the
// page's calls, has the page's remote render it, and sends the document with the page in it and the
// answers beside it, so that the page paints before any script runs and the browser asks the api
// for nothing the document already holds.

/** The id of the `<script type="application/json">` element that carries a composed page's answers. */
export const FIRST_PAGE_ANSWERS_ID = 'aq-first-page-answers';

/**
 * One api answer as the document carries it: what a page needs of the response (its status, the
 * headers it reads, e.g. the paging headers, with lower-case names) and its JSON body.
 */
export interface DocumentAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: unknown;
}

/** The answers a composed page was rendered with, by call name (apiCallKey). */
export type DocumentAnswers = Readonly<Record<string, DocumentAnswer>>;

function isDocumentAnswer(value: unknown): value is DocumentAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const { status, headers } = value as { status?: unknown; headers?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) return false;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return false;
  return Object.values(headers).every((header) => typeof header === 'string') && 'body' in value;
}

/** Keeps only well-formed answers (a document is input like any other); undefined for anything else. */
export function readDocumentAnswers(value: unknown): DocumentAnswers | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const kept: Record<string, DocumentAnswer> = {};
  for (const [key, answer] of Object.entries(value)) if (isDocumentAnswer(answer)) kept[key] = answer;
  return kept;
}

/**
 * JSON that can stand inside a `<script>` element: `<`, `>`, `&` and the two line separators that
 * JavaScript once refused are escaped, so no text in it can close the element or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What the shell's server sends a remote to render one of its pages as a frame (POST …/frames). */
export interface FrameRequest {
  /** The exposed module, e.g. './Home'. */
  module: string;
  /** The page's path and query, e.g. '/all-artifacts?type=Tools'. */
  url: string;
  /** The api's base URL as the browser sees it (the answers' keys are made with it). */
  apiUrl: string;
  answers: DocumentAnswers;
}

/** A remote's rendered frame: the page's markup and the style sheets it needs to paint. */
export interface FrameResponse {
  html: string;
  /** The text of the module's style sheets, in order. */
  css: string[];
}

/**
 * The attribute on `#root` of a composed document, valued with the page's module id (e.g.
 * 'catalog/Home'): it is there until the page's own code has taken the composed markup over
 * (hydrated it, docs/decisions/0011).
 */
export const FRAME_ATTRIBUTE = 'data-aq-frame';

/**
 * The attribute of a composed page's form controls whose code has not come yet. They stay enabled
 * (announced, focusable and clickable as what they are): an activation is held by the intent starter
 * and replayed once the control has hydrated, and what was typed or chosen meanwhile is handed to the
 * page's code then (shell/src/remotes/first-page/composed-frame.tsx).
 */
export const WAITING_ATTRIBUTE = 'data-aq-waiting';

/**
 * The attribute of a waiting control whose activation leads to a page the server composes too (a
 * refine choice: the same list under another query), valued with that page's address. Clicked
 * before its code has come, and with nothing typed or chosen in the page yet, the intent starter
 * goes there as a link would, instead of holding the click until the code has booted: the
 * composed answer comes sooner than the code (docs/decisions/0046).
 */
export const LEADS_TO_ATTRIBUTE = 'data-aq-leads-to';

/**
 * The attribute of a waiting button that shows and hides the element its `aria-controls` names (a
 * disclosure: the phone menu). Clicked before its code has come, the intent starter answers it
 * itself, flipping the button's `aria-expanded` and the element's `data-open`; the code adopts the
 * state it finds as it hydrates (docs/decisions/0047).
 */
export const DISCLOSES_ATTRIBUTE = 'data-aq-discloses';

/** The attribute of a composed document's intent starter that names the shell's entry it starts. */
export const ENTRY_ATTRIBUTE = 'data-entry';

/**
 * A cookie that says whether this browser holds a signed-in member ('member'; absent for a
 * visitor): not a credential, only what the top bar should show before the site's code has come.
 * The auth store writes it at sign-in and clears it at sign-out; the shell's server reads it to mark
 * <html data-aq-session> in the document it sends, so the first paint is right for either.
 */
export const SESSION_HINT_COOKIE = 'aq_session';

/** The attribute of <html> that says 'member' or 'visitor', from SESSION_HINT_COOKIE or the intent starter. */
export const SESSION_ATTRIBUTE = 'data-aq-session';

/** The theme a visitor chose with the site's toggle ('light' or 'dark'; absent: the system's). */
export const THEME_COOKIE = 'aq_theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
