import {
  PAGE_HEADERS,
  apiSearchParams,
  type ApiQuery,
  type Artifact,
  type ArtifactFacets,
  type ArtifactFilters,
  type ArtifactInput,
  type CreateArtifactResponse,
  type DeleteArtifactResponse,
  type SortOption,
  type UpdateArtifactResponse,
} from '@antiquarium/contracts';
import { ApiRequestError, documentAnswer, send } from './client';
import { readPage, type Page } from './read-page';

export interface ListArtifactsParams extends ArtifactFilters {
  sort?: SortOption;
  /** Only the caller's own email is accepted by the api. */
  email?: string;
  page?: number;
  limit?: number;
}

/** One page of artifacts (readPage), and the search's suggestion. */
export interface ArtifactPage extends Page<Artifact> {
  /** When a search found nothing: the closest words the collection contains (X-Did-You-Mean). */
  didYouMean: string | null;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** The query string of a call (@antiquarium/contracts' rule, the one the shell's hand-over follows). */
function searchParams(params: object): URLSearchParams {
  return apiSearchParams(params as ApiQuery);
}

function artifactPageOf(body: unknown, headers: Headers): ArtifactPage | undefined {
  if (!Array.isArray(body)) return undefined;
  return {
    ...readPage(body as Artifact[], headers),
    didYouMean: headers.get(PAGE_HEADERS.didYouMean) || null,
  };
}

export async function readArtifactPage(response: Response): Promise<ArtifactPage> {
  const page = artifactPageOf(await response.json(), response.headers);
  if (!page) throw new ApiRequestError('Unexpected answer from the server', response.status);
  return page;
}

/** GET /artifacts: search, type, sort, email, page and limit are all sent to the server. */
export async function listArtifacts(params: ListArtifactsParams = {}, options: CallOptions = {}) {
  const response = await send('artifacts', { searchParams: searchParams(params), signal: options.signal });
  return readArtifactPage(response);
}

/** The list page the document brought for these params (a first page composed on the server), if any. */
export function documentArtifactPage(params: ListArtifactsParams = {}): ArtifactPage | undefined {
  const answer = documentAnswer('artifacts', searchParams(params));
  return answer ? artifactPageOf(answer.body, new Headers(answer.headers)) : undefined;
}

/** The facets the document brought for these filters, if any. */
export function documentArtifactFacets(filters: ArtifactFilters = {}): ArtifactFacets | undefined {
  const answer = documentAnswer('artifacts/facets', searchParams(filters));
  const body = answer?.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as ArtifactFacets) : undefined;
}

/** GET /artifacts/facets: counts beside every choice, for the same filters as the list. */
export async function getArtifactFacets(filters: ArtifactFilters = {}, options: CallOptions = {}): Promise<ArtifactFacets> {
  const response = await send('artifacts/facets', { searchParams: searchParams(filters), signal: options.signal });
  return response.json<ArtifactFacets>();
}

/** GET /artifacts/:id (with `liked` when signed in); a missing artifact throws status 404. */
export async function getArtifact(id: string, options: CallOptions = {}): Promise<Artifact> {
  const response = await send(`artifacts/${encodeURIComponent(id)}`, { signal: options.signal });
  return response.json<Artifact>();
}

export async function createArtifact(input: ArtifactInput): Promise<CreateArtifactResponse> {
  const response = await send('artifacts', { method: 'post', json: input });
  return response.json<CreateArtifactResponse>();
}

export async function updateArtifact(
  id: string,
  changes: Partial<ArtifactInput>,
): Promise<UpdateArtifactResponse> {
  const response = await send(`artifacts/${encodeURIComponent(id)}`, { method: 'patch', json: changes });
  return response.json<UpdateArtifactResponse>();
}

export async function deleteArtifact(id: string): Promise<DeleteArtifactResponse> {
  const response = await send(`artifacts/${encodeURIComponent(id)}`, { method: 'delete' });
  return response.json<DeleteArtifactResponse>();
}
