import { API_URL } from './env';

export interface ArtifactSummary {
  _id: string;
  name: string;
  type: string;
  likes: number;
  createdAt: string;
  shortDescription: string;
}

/** Reads the api directly, to compare what a page shows with what the server holds. */
export async function apiGet<T>(path: string, token?: string): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(`${API_URL}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return { body: (await response.json()) as T, headers: response.headers };
}

export async function apiSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
