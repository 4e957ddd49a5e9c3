import { readRouting, RELEASE_ROUTING_PATH, type ReleaseRouting } from '@antiquarium/contracts/releases';
import type { RuntimeConfig } from '../../config/runtime-config';
import { DEFAULT_VERSION, holdRemote, registerSiteRemotes, type ChosenReleases } from '../loading/federation';
import { preloadFirstPage } from '../first-page/first-page-preload';
import { readPreviewRequest } from '../previews/preview-request';
import { REMOTE_NAMES } from '../../config/remote-names';
import { keepTelemetryTicket } from '../telemetry/telemetry-ticket';
import { manifestUrlIn, remoteOrigins } from '../loading/remote-origins';

/** The last routing the registry answered, used when it cannot be reached. */
export const ROUTING_KEY = 'antiquarium.routing';
/** A random id that keeps this browser in the same canary bucket across reloads (no personal data). */
export const VISITOR_KEY = 'antiquarium.visitor';
/**
 * How long the first page waits for the routing before using the last one seen (or the defaults).
 * It runs while the shell's own shared code downloads, so an api answering within this costs the
 * first page little or nothing; an api that hangs costs it at most this long.
 */
export const ROUTING_TIMEOUT_MS = 1500;

/**
 * What resolution needs from @antiquarium/contracts: index.ts hands it in, from the
 * `@antiquarium/contracts/releases` subpath bundled into the entry (the package itself is a
 * module-federation shared singleton, which the entry could only import as a chunk of its own).
 */
export type ReleaseContracts = Pick<typeof import('@antiquarium/contracts'), 'chooseRelease' | 'isReleaseRemote' | 'TELEMETRY_TICKET_HEADER'>;

/**
 * The registry's answer (or the stored copy of one), read by the contracts' readRouting (as the
 * shell's server reads it): remotes this shell does not know are skipped, and a manifest off the
 * remotes' origins (which the Content-Security-Policy would not load) refuses the whole routing.
 */
function readBrowserRouting(value: unknown, origins: ReadonlySet<string>): ReleaseRouting | undefined {
  return readRouting(value, { knows: (remote) => REMOTE_NAMES.includes(remote), manifestUrl: (url) => manifestUrlIn(url, origins) });
}

/** Storage may be blocked (privacy settings): then nothing is remembered, and nothing breaks. */
function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered: the next load asks the registry again, or uses the defaults.
  }
}

function randomId(): string {
  const { crypto } = globalThis;
  // randomUUID exists only in secure contexts (https, localhost).
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto?.getRandomValues === 'function') {
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** This browser's visitor id, created on first use. */
export function visitorId(): string {
  const known = stored(VISITOR_KEY);
  if (known && /^[\w-]{8,64}$/.test(known)) return known;
  const id = randomId();
  store(VISITOR_KEY, id);
  return id;
}

interface RoutingAnswer {
  body: unknown;
  /** The answer's headers: its telemetry ticket is one (telemetry-ticket.ts). */
  headers: Headers;
}

/** GET {apiUrl}/releases/routing: its JSON and headers, or undefined when it fails or takes over ROUTING_TIMEOUT_MS. */
async function fetchRouting(apiUrl: string): Promise<RoutingAnswer | undefined> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, ROUTING_TIMEOUT_MS);
  });
  // A plain CORS GET: no preflight, and it matches index.html's preload of the same URL.
  const request = fetch(`${apiUrl}/${RELEASE_ROUTING_PATH}`, { signal: controller.signal })
    .then(async (response): Promise<RoutingAnswer | undefined> => (response.ok ? { body: (await response.json()) as unknown, headers: response.headers } : undefined))
    .catch(() => undefined);
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function defaults(config: RuntimeConfig): ChosenReleases {
  const releases: ChosenReleases = {};
  for (const name of REMOTE_NAMES) {
    const manifestUrl = config.remotes[name];
    if (manifestUrl) releases[name] = { version: DEFAULT_VERSION, manifestUrl };
  }
  return releases;
}

/**
 * The release each remote runs in this tab: the registry's routing (remembered as the last one
 * seen), else the last routing seen, else the runtime config's defaults. Never rejects: the site
 * must never depend on the registry.
 */
export async function resolveReleases(config: RuntimeConfig, contracts: ReleaseContracts): Promise<ChosenReleases> {
  const answer = fetchRouting(config.apiUrl);
  try {
    const origins = remoteOrigins(config);
    const answered = await answer;
    const fresh = readBrowserRouting(answered?.body, origins);
    if (fresh) {
      store(ROUTING_KEY, JSON.stringify(fresh));
      // The ticket names the releases of this routing: with any other, the page reports nothing.
      keepTelemetryTicket(answered?.headers.get(contracts.TELEMETRY_TICKET_HEADER));
    }
    let routing = fresh;
    if (!routing) {
      try {
        routing = readBrowserRouting(JSON.parse(stored(ROUTING_KEY) ?? 'null'), origins);
      } catch {
        routing = undefined;
      }
    }
    const releases = defaults(config);
    let visitor: string | undefined;
    for (const name of REMOTE_NAMES) {
      const remote = contracts.isReleaseRemote(name) ? routing?.remotes[name] : undefined;
      if (!remote) continue;
      // The id is made only once some remote has a canary: a visitor never needs it otherwise.
      if (remote.canary) visitor ??= visitorId();
      const { version, manifestUrl } = contracts.chooseRelease(remote, visitor ?? '', name);
      releases[name] = { version, manifestUrl };
    }
    return releases;
  } catch (error) {
    console.warn('Release routing is unavailable: every remote runs its default release', error);
    return defaults(config);
  }
}

/**
 * Page load: asks the registry (answer or not, within ROUTING_TIMEOUT_MS), registers the chosen
 * releases for the life of the tab and preloads the first page. A preview asked in the URL (or
 * earlier in this tab) holds that remote's pages and skips its preload until preview.tsx, loaded
 * only then, has decided.
 */
export async function startReleases(
  config: RuntimeConfig,
  contracts: ReleaseContracts,
  { location = window.location }: { location?: Pick<Location, 'pathname' | 'search'> } = {},
): Promise<void> {
  const resolving = resolveReleases(config, contracts);
  const previews = readPreviewRequest(location.search);
  const previewed = new Set(previews.map((request) => request.remote));
  if (previews.length > 0) {
    const preview = import('../previews/preview').then(({ startPreview }) => startPreview(config, previews));
    preview.catch((error: unknown) => console.warn('The release preview could not start', error));
    for (const remote of previewed) holdRemote(remote, preview);
  }
  registerSiteRemotes(await resolving);
  preloadFirstPage(location.pathname, previewed);
}
