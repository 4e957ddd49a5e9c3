import type { ReleaseStatus } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { send } from './client';

/** GET /releases: every remote's releases, routing, last hour's health and the audit log (operators only). */
export async function releaseStatus(options: CallOptions = {}): Promise<ReleaseStatus> {
  const response = await send('releases', { signal: options.signal });
  return response.json<ReleaseStatus>();
}
