import type { Contributor } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { documentAnswer, send } from './client';

/** GET /contributors/top: ranked by total likes on the server, so the page never downloads the collection. */
export async function topContributors(limit = 3, options: CallOptions = {}): Promise<Contributor[]> {
  const response = await send('contributors/top', {
    searchParams: { limit: String(limit) },
    signal: options.signal,
  });
  return response.json<Contributor[]>();
}

/** The top contributors the document brought (a first page composed on the server), if any. */
export function documentTopContributors(limit = 3): Contributor[] | undefined {
  const body = documentAnswer('contributors/top', { limit: String(limit) })?.body;
  return Array.isArray(body) ? (body as Contributor[]) : undefined;
}
