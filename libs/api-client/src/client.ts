import ky, { HTTPError, type KyInstance, type KyResponse, type Options } from 'ky';
import { apiCallKey, type ApiError, type ApiQuery } from '@antiquarium/contracts';
import { readDocumentAnswer, takeHandedOver } from './hand-over';

/** An api failure carrying the api's own `message` (ApiError), ready to show to the user. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    readonly fields?: Partial<Record<string, string>>,
  ) {
    super(message);
  }
}

export const UNREACHABLE_MESSAGE = 'Could not reach Antiquarium. Check your connection and try again.';

export interface ApiClientConfig {
  /** The api's base URL, from the runtime configuration (never from the build). */
  baseUrl: string;
  /** The signed-in user's ID token, or null for a visitor. */
  getToken: () => Promise<string | null>;
}

let client: KyInstance | undefined;
let apiBaseUrl = '';
let tokenSource: ApiClientConfig['getToken'] = async () => null;

/**
 * The api's base URL and the `Authorization` header every call sends now: for clients that make
 * their own requests (a tus upload's XHRs, for their progress events). Null for a visitor.
 */
export async function requestCredentials(): Promise<{ baseUrl: string; authorization: string | null }> {
  let token: string | null = null;
  try {
    token = await tokenSource();
  } catch {
    // As for every call: a token that cannot be refreshed means "signed out".
  }
  return { baseUrl: apiBaseUrl, authorization: token ? `Bearer ${token}` : null };
}

/**
 * Whether a picture's address is the api's own (a photo the site keeps): the only pictures the
 * site's pages may load (img-src names the site's origins, deploy/security-headers.mjs).
 */
export function isApiAddress(url: string): boolean {
  try {
    return apiBaseUrl !== '' && new URL(url).origin === new URL(apiBaseUrl).origin;
  } catch {
    return false;
  }
}

/** The absolute address of `path` on the api (for links a visitor or another site follows), or '' before start-up. */
export function apiAddress(path: string): string {
  return apiBaseUrl ? `${apiBaseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : '';
}

/** Called once by the shell at start-up; every remote shares this module, hence this instance. */
export function configureApiClient({ baseUrl, getToken }: ApiClientConfig): void {
  apiBaseUrl = baseUrl;
  tokenSource = getToken;
  client = ky.create({
    prefixUrl: baseUrl,
    timeout: 15_000,
    // One quick retry for reads on a flaky network; writes are never retried (not idempotent).
    retry: { limit: 1, methods: ['get'] },
    hooks: {
      beforeRequest: [
        async (request) => {
          let token: string | null = null;
          try {
            token = await getToken();
          } catch {
            // A token that cannot be refreshed means "signed out" to the api: it answers 401
            // where a user is needed, which the caller shows like any other error.
          }
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });
}

function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

async function toRequestError(error: unknown): Promise<Error> {
  if (error instanceof HTTPError) {
    const { status, statusText } = error.response;
    let body: unknown;
    try {
      body = await error.response.json();
    } catch {
      body = undefined;
    }
    if (isApiError(body)) return new ApiRequestError(body.message, status, body.fields);
    return new ApiRequestError(statusText || `Request failed with status ${status}`, status);
  }
  if (error instanceof Error && error.name === 'AbortError') return error;
  return new ApiRequestError(UNREACHABLE_MESSAGE, 0);
}

/**
 * A read the shell already started for the first page (hand-over.ts), if it answered well: any
 * failure, or an answer other than 2xx, leaves the call to ky (with its retry and its errors).
 */
async function handedOver(path: string, options: Options): Promise<KyResponse | undefined> {
  if ((options.method ?? 'get').toLowerCase() !== 'get' || options.body !== undefined || options.json !== undefined) return undefined;
  // A record goes to the key as it is, so that its empty values are left out as ky leaves them out.
  const query = options.searchParams ?? {};
  const key = apiCallKey(apiBaseUrl, path, Array.isArray(query) ? new URLSearchParams(query as string[][]) : (query as ApiQuery | URLSearchParams | string));
  const answer = takeHandedOver(key, options.signal ?? undefined);
  if (!answer) return undefined;
  try {
    const response = await answer;
    return response.ok ? (response as KyResponse) : undefined;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return undefined;
  }
}

/**
 * The answer to the GET `path` + `query` that the document brought (a first page composed on the
 * server), read at once: what lets a page's first render show the data the document already shows.
 */
export function documentAnswer(path: string, query: ApiQuery | URLSearchParams) {
  if (!client) return undefined;
  return readDocumentAnswer(apiCallKey(apiBaseUrl, path, query));
}

/**
 * Runs one call and turns every failure into an ApiRequestError with the api's message
 * (aborts are passed through untouched so callers can ignore them).
 */
export async function send(path: string, options: Options = {}, { handOver = true }: { handOver?: boolean } = {}): Promise<KyResponse> {
  if (!client) throw new Error('configureApiClient() must run before the first api call');
  // handOver false: the caller's answer differs from a visitor's (a collection's owner sees more),
  // so an answer the shell or the document got without credentials is not the caller's.
  const early = handOver ? await handedOver(path, options) : undefined;
  if (early) return early;
  try {
    return await client(path, options);
  } catch (error) {
    throw await toRequestError(error);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * What a screen tells the person about any error: the api's own message when it answered, else the
 * screen's own fallback ('Failed to toggle like', ...), since a network failure has no better words.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status > 0 && error.message) return error.message;
  return fallback;
}
