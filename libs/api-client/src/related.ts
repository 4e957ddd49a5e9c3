import type { Artifact } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { send } from './client';

/** GET /artifacts/:id/related: up to 6 public artifacts of the same era, type or place (issue 28). */
export async function relatedArtifacts(id: string, options: CallOptions = {}): Promise<Artifact[]> {
  const response = await send(`artifacts/${encodeURIComponent(id)}/related`, { signal: options.signal });
  return response.json<Artifact[]>();
}
