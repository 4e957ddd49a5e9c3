import type { ToggleLikeResponse } from '@antiquarium/contracts';
import { readArtifactPage, type ArtifactPage, type CallOptions } from './artifacts';
import { send } from './client';

/** PATCH /artifacts/toggle-like/:id: likes or unlikes for the signed-in user. */
export async function toggleLike(id: string): Promise<ToggleLikeResponse> {
  const response = await send(`artifacts/toggle-like/${encodeURIComponent(id)}`, { method: 'patch' });
  return response.json<ToggleLikeResponse>();
}

/** GET /liked-artifacts: the signed-in user's liked artifacts, newest like first. */
export async function likedArtifacts(
  params: { page?: number; limit?: number } = {},
  options: CallOptions = {},
): Promise<ArtifactPage> {
  const query = new URLSearchParams();
  if (params.page) query.set('page', String(params.page));
  if (params.limit) query.set('limit', String(params.limit));
  const response = await send('liked-artifacts', { searchParams: query, signal: options.signal });
  return readArtifactPage(response);
}
