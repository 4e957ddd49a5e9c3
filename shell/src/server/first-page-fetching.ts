// What a first page's composition asks of others: the api's answers to the page's calls, the release
// registry's routing (which release of the remote renders the page), and the remote's frame.
import { apiCallKey, apiSearchParams, type ApiCall, type DocumentAnswer, type DocumentAnswers, type FrameRequest, type FrameResponse } from '@antiquarium/contracts/first-page';
import { PAGE_HEADERS } from '@antiquarium/contracts';
import { readRouting, type ReleaseRef, type ReleaseRouting, type RoutingReader } from '@antiquarium/contracts/releases';
import { TtlCache } from '@antiquarium/contracts/ttl-cache';
import { REMOTE_NAMES } from '../config/remote-names';
// Plain JavaScript shared with deploy/frames.mjs, bundled into this build.
import { FRAMES_SECRET_HEADER } from '../../../deploy/frames-secret.mjs';

/** How long a routing read serves (as the api caches the routing). */
const ROUTING_CACHE_MS = 1000;
/** The answer headers a page reads (the paging headers), lower-cased. */
const KEPT_HEADERS = Object.values(PAGE_HEADERS).map((name) => name.toLowerCase());

async function getJson(fetchImpl: typeof fetch, url: string, init: RequestInit, signal: AbortSignal): Promise<{ response: Response; body: unknown }> {
  const response = await fetchImpl(url, { ...init, signal, headers: { Accept: 'application/json', ...init.headers } });
  const body: unknown = response.ok ? await response.json() : undefined;
  return { response, body };
}

/**
 * The routing as this server reads it (the contracts' readRouting, as the browser reads it): the
 * remotes it knows, any manifest URL (releaseFramesUrl decides whether it can reach the release).
 */
const SERVER_ROUTING_READER: RoutingReader = {
  knows: (remote) => (REMOTE_NAMES as readonly string[]).includes(remote),
  manifestUrl: (value) => (typeof value === 'string' && value !== '' ? value : undefined),
};

/**
 * The release registry's routing, read at most once a second; undefined when it does not answer or
 * answers no routing. A read is shared by the compositions of that second, so it has a budget of its
 * own (one composition's end does not abort it), and a failed read is not kept.
 */
export class RoutingReads {
  private readonly cache = new TtlCache<ReleaseRouting>(ROUTING_CACHE_MS, 1);

  constructor(
    private readonly fetchImpl: typeof fetch,
    private readonly url: string,
    private readonly timeoutMs: number,
    private readonly now: () => number,
  ) {}

  current(client: HeadersInit): Promise<ReleaseRouting | undefined> {
    return this.cache.get('routing', () => this.read(client), this.now()).catch(() => undefined);
  }

  private async read(client: HeadersInit): Promise<ReleaseRouting> {
    const { body } = await getJson(this.fetchImpl, this.url, { headers: client }, AbortSignal.timeout(this.timeoutMs));
    const routing = readRouting(body, SERVER_ROUTING_READER);
    if (!routing) throw new Error('the release registry answered no routing');
    return routing;
  }
}

/** The base URL a manifest URL is served under (…/mf-manifest.json taken off). */
function baseOf(manifestUrl: string): string {
  return manifestUrl.replace(/\/mf-manifest\.json$/, '').replace(/\/+$/, '');
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

/**
 * The API calls' answers as the document carries them (keyed as the browser asks them, in the
 * calls' order whatever order they arrive in: the same answers make the same document), or
 * undefined unless every one answered.
 */
export async function answersFor(
  fetchImpl: typeof fetch,
  { apiUrl, browserApiUrl }: { apiUrl: string; browserApiUrl: string },
  calls: readonly ApiCall[],
  signal: AbortSignal,
  client: HeadersInit,
): Promise<DocumentAnswers | undefined> {
  const entries = await Promise.all(
    calls.map(async (call): Promise<[string, DocumentAnswer] | null> => {
      const query = apiSearchParams(call.query).toString();
      const { response, body } = await getJson(fetchImpl, `${apiUrl}/${call.path}${query ? `?${query}` : ''}`, { headers: client }, signal);
      if (!response.ok) return null;
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      return [apiCallKey(browserApiUrl, call.path, call.query), { status: response.status, headers, body }];
    }),
  );
  return entries.every((entry) => entry !== null) ? Object.fromEntries(entries as [string, DocumentAnswer][]) : undefined;
}

/** The remote's frame for `request` (POST to its frames port), or undefined when it answers none this document can hold. */
export async function frameOf(fetchImpl: typeof fetch, secret: string, url: string, request: FrameRequest, signal: AbortSignal): Promise<FrameResponse | undefined> {
  const headers = { 'Content-Type': 'application/json', [FRAMES_SECRET_HEADER]: secret };
  const { response, body } = await getJson(fetchImpl, url, { method: 'POST', body: JSON.stringify(request), headers }, signal);
  if (!response.ok || typeof body !== 'object' || body === null) return undefined;
  const { html, css } = body as Partial<FrameResponse>;
  if (typeof html !== 'string' || !Array.isArray(css) || !css.every((sheet) => typeof sheet === 'string')) return undefined;
  // A style sheet is put in a <style> element as it is: one that could close it is refused.
  if (css.some((sheet) => /<\/style/i.test(sheet))) return undefined;
  return { html, css };
}
