import type { Contributor } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { send } from './client';

/** GET /contributors/top: ranked by total likes on the server, so the page never downloads the collection. */
export async function topContributors(limit = 3, options: CallOptions = {}): Promise<Contributor[]> {
  const response = await send('contributors/top', {
    searchParams: { limit: String(limit) },
    signal: options.signal,
  });
  return response.json<Contributor[]>();
}
