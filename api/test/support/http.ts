import type { ApiError } from '@antiquarium/contracts';
import { randomInt } from 'node:crypto';
import { API_URL, NO_REDIS_API_URL, RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL } from './env';

/**
 * The low-limit apis trust their loopback proxy and count each client address against a budget of
 * CLIENT_RATE_LIMIT a window. The spec files run one after another within one window, so a request
 * that names no client (X-Forwarded-For) is sent as this file's own client, from the benchmarking
 * range 198.18.0.0/15: one file's requests never spend another's budget, while the requests of a
 * file still share one, as a browser's do.
 */
const FILE_CLIENT = `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
const LIMITED_APIS = [RATE_LIMITED_API_URL, RATE_LIMITED_TWIN_URL, NO_REDIS_API_URL];

/**
 * A client address of its own for a test that spends a budget on purpose, drawn at random from
 * 10.0.0.0/8 (16 million addresses, apart from the files' 198.18.0.0/15): two tests drawing the
 * same one is as unlikely as it gets, where fixed or counted addresses once met across files.
 */
export function newClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS' | 'HEAD';
  /** A Firebase ID token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent exactly as given (with a JSON content type unless headers say otherwise). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: T;
  text: string;
}

/** One real HTTP request to the api under test. */
export async function api<T = unknown>(path: string, options: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  } else if (options.rawBody !== undefined) {
    headers['content-type'] = 'application/json';
    payload = options.rawBody;
  }
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);

  const url = /^https?:\/\//.test(path) ? path : `${API_URL}${path}`;
  const namesClient = Object.keys(headers).some((name) => name.toLowerCase() === 'x-forwarded-for');
  if (!namesClient && LIMITED_APIS.some((base) => url.startsWith(`${base}/`))) headers['x-forwarded-for'] = FILE_CLIENT;
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

const REASONS: Record<number, RegExp> = {
  400: /^Bad Request$/,
  401: /^Unauthorized$/,
  403: /^Forbidden$/,
  404: /^Not Found$/,
  // RFC 9110 renamed it; either name is the reason phrase.
  413: /^(Payload|Content) Too Large$/,
  429: /^Too Many Requests$/,
};

/** Asserts the one error shape of docs/api.md and returns the body for further checks. */
export function expectApiError(response: ApiResponse, status: number): ApiError {
  const context = `${status} expected, got ${response.status}: ${response.text.slice(0, 500)}`;
  expect({ status: response.status, context }).toEqual({ status, context });
  const body = response.body as ApiError;
  expect(body).toEqual(
    expect.objectContaining({ statusCode: status, error: expect.any(String), message: expect.any(String) }),
  );
  const reason = REASONS[status];
  if (reason) expect(body.error).toMatch(reason);
  expect(body.message.length).toBeGreaterThan(0);
  const allowed = ['statusCode', 'error', 'message', 'fields'];
  expect(Object.keys(body).filter((key) => !allowed.includes(key))).toEqual([]);
  if (body.fields !== undefined) expect(typeof body.fields).toBe('object');
  return body;
}

/** Asserts a status, showing the answer when it differs (a bare toBe(201) hides why it failed). */
export function expectStatus(response: ApiResponse, status: number): void {
  const context = `${status} expected, got ${response.status}: ${response.text.slice(0, 500)}`;
  expect({ status: response.status, context }).toEqual({ status, context });
}

/** The page headers of a list answer. */
export function pageHeaders(response: ApiResponse) {
  const number = (name: string) => {
    const value = response.headers.get(name);
    return value === null ? undefined : Number(value);
  };
  return {
    total: number('x-total-count'),
    page: number('x-page'),
    pageSize: number('x-page-size'),
    nextPage: number('x-next-page'),
    link: response.headers.get('link') ?? undefined,
  };
}

/** The URL of a `Link: <...>; rel="next"` header, made absolute against the api. */
export function nextLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1] !== undefined) return new URL(match[1], `${API_URL}/`).toString();
  }
  return undefined;
}
