// HTTP calls with a deadline and a stopwatch: a resilience test must see a hanging request as a
// failure, not wait for it.
import type { ArtifactInput } from '@antiquarium/contracts';
import type { ApiResponse } from '../../support/http';

export interface CallOptions {
  method?: string;
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent exactly as given. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Abort after this long (the call then rejects). */
  timeoutMs?: number;
}

export interface Timed<T = unknown> extends ApiResponse<T> {
  ms: number;
}

export async function call<T = unknown>(baseUrl: string, path: string, options: CallOptions = {}): Promise<Timed<T>> {
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  } else if (options.rawBody !== undefined) {
    payload = options.rawBody;
  }
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);
  const start = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: payload,
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  const ms = performance.now() - start;
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers: response.headers, body: body as T, text, ms };
}

const ERROR_KEYS = new Set(['statusCode', 'error', 'message', 'fields']);

/**
 * What is wrong with an error answer, or null when it is exactly the one error shape of
 * docs/api.md: { statusCode, error, message, fields? } with statusCode equal to the HTTP status.
 */
export function errorShapeProblem(response: ApiResponse): string | null {
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return `content-type ${response.headers.get('content-type')}`;
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not a JSON object';
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')}`;
  if (record['statusCode'] !== response.status) return `statusCode ${String(record['statusCode'])} differs from the HTTP status`;
  if (typeof record['error'] !== 'string' || record['error'].length === 0) return 'error is not a text';
  if (typeof record['message'] !== 'string' || record['message'].length === 0) return 'message is not a text';
  const fields = record['fields'];
  if (fields !== undefined) {
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return 'fields is not an object';
    if (Object.values(fields).some((value) => typeof value !== 'string')) return 'fields holds a non-text message';
  }
  return null;
}

/** Asserts an error answer with the given status in the one error shape. */
export function expectErrorShape(response: Timed, status: number): void {
  const problem = response.status === status ? errorShapeProblem(response) : `status ${response.status}, expected ${status}`;
  expect({ problem, answer: response.text.slice(0, 300) }).toEqual({ problem: null, answer: response.text.slice(0, 300) });
}

/** Creates one artifact through the api as `token`'s user; the outage tests read it back later. */
export async function createArtifactThroughApi(baseUrl: string, token: string, input: ArtifactInput): Promise<{ id: string; input: ArtifactInput }> {
  const created = await call<{ insertedId: string }>(baseUrl, '/artifacts', { method: 'POST', token, body: input });
  if (created.status !== 201) throw new Error(`creating the test artifact answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { id: created.body.insertedId, input };
}
