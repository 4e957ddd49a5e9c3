import { ALL_ARTIFACTS_IMAGE_SIZES, apiCallKey, apiSearchParams, collectionPageCalls, FEATURED_QUERY, firstPageCalls, RECENT_QUERY, TOP_CONTRIBUTOR_COUNT } from './first-page';
import { CARD_IMAGE_MAX_WIDTH } from './media';

describe('firstPageCalls', () => {
  it('names the home page’s three calls', () => {
    expect(firstPageCalls('/', '')).toEqual([
      { path: 'artifacts', query: FEATURED_QUERY },
      { path: 'artifacts', query: RECENT_QUERY },
      { path: 'contributors/top', query: { limit: TOP_CONTRIBUTOR_COUNT } },
    ]);
  });

  it('reads All Artifacts’ query as the page does: the list in its effective sort (its first image preloaded as its cards show it), and the facets', () => {
    expect(firstPageCalls('/all-artifacts', '')).toEqual([
      {
        path: 'artifacts',
        query: expect.objectContaining({ sort: 'name', page: 1 }),
        leadImage: { sizes: ALL_ARTIFACTS_IMAGE_SIZES, maxWidth: CARD_IMAGE_MAX_WIDTH },
      },
      { path: 'artifacts/facets', query: expect.any(Object) },
    ]);
    const [list, facets] = firstPageCalls('/all-artifacts/', '?search=%20gold%20mask&type=Tools&from=-1500&to=-2000&page=2&sort=bogus');
    // from/to swapped into order, an unknown sort falls back to best match while searching.
    expect(apiSearchParams(list?.query ?? {}).toString()).toBe('search=gold+mask&type=Tools&from=-2000&to=-1500&sort=relevance&page=2');
    expect(apiSearchParams(facets?.query ?? {}).toString()).toBe('search=gold+mask&type=Tools&from=-2000&to=-1500');
  });

  it('has none for a page whose data the URL does not tell, or that needs a user', () => {
    expect(firstPageCalls('/artifacts/65a1b2c3d4e5f6a7b8c9d0e1', '')).toEqual([]);
    expect(firstPageCalls('/login', '')).toEqual([]);
    expect(firstPageCalls('/my-artifacts', '')).toEqual([]);
    expect(firstPageCalls('/all-artifacts/extra', '')).toEqual([]);
  });
});

describe('apiCallKey', () => {
  it('is the same however the query was written', () => {
    const key = apiCallKey('http://api.test/', 'artifacts', { limit: 8, sort: 'likes' });
    expect(key).toBe('http://api.test/artifacts?limit=8&sort=likes');
    expect(apiCallKey('http://api.test', '/artifacts', new URLSearchParams('sort=likes&limit=8'))).toBe(key);
    expect(apiCallKey('http://api.test', 'artifacts', 'sort=likes&search=&limit=8')).toBe(key);
    expect(apiCallKey('http://api.test', 'artifacts', { sort: 'likes', limit: 8, search: '', type: undefined, place: null })).toBe(key);
  });

  it('tells different calls apart', () => {
    expect(apiCallKey('http://api.test', 'artifacts', FEATURED_QUERY)).not.toBe(apiCallKey('http://api.test', 'artifacts', RECENT_QUERY));
    expect(apiCallKey('http://api.test', 'artifacts')).toBe('http://api.test/artifacts');
    expect(apiCallKey('/api', 'artifacts/facets', { search: 'a b' })).toBe('/api/artifacts/facets?search=a+b');
  });
});

describe('collectionPageCalls', () => {
  const ID = '65a1b2c3d4e5f60718293a4b';

  it('asks for the collection an ObjectId names, in the case the path gives it', () => {
    expect(collectionPageCalls(`/collections/${ID}`)).toEqual([{ path: `collections/${ID}`, query: {} }]);
    expect(collectionPageCalls(`/collections/${ID.toUpperCase()}/`)).toEqual([{ path: `collections/${ID.toUpperCase()}`, query: {} }]);
  });

  it('asks nothing for an id the api cannot have made, or another page', () => {
    for (const path of ['/collections/col7', `/collections/${ID}0`, `/collections/${ID.slice(1)}g`, '/collections/', `/collections/${ID}/items`, `/members/${ID}/collections`]) {
      expect(collectionPageCalls(path)).toEqual([]);
    }
  });
});
