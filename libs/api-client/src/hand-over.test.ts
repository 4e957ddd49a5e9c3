/**
 * @jest-environment ../../tooling/jest/jsdom-environment.cjs
 */
// The hand-over of a first page composed on the server (docs/decisions/0010): the answers the
// document brought, read from it, handed to the page's calls without a request, readable at once by
// the page's first render, and forgotten when the visit moves on. The network is a fetch spy: every
// request the module or ky makes goes through globalThis.fetch.
import {
  apiCallKey,
  FEATURED_QUERY,
  FIRST_PAGE_ANSWERS_ID,
  firstPageCalls,
  jsonForScript,
  RECENT_QUERY,
  TOP_CONTRIBUTOR_COUNT,
  type ArtifactFacets,
  type DocumentAnswer,
  type DocumentAnswers,
} from '@antiquarium/contracts';
import {
  configureApiClient,
  documentArtifactFacets,
  documentArtifactPage,
  documentTopContributors,
  getArtifactFacets,
  listArtifacts,
  topContributors,
} from './index';
import { answersInDocument, forgetFirstPageAnswers, HAND_OVER_MS, startFirstPageCalls, withDocumentAnswers } from './hand-over';

const API = 'http://api.test';
const noPreload = () => undefined;

const FACETS: ArtifactFacets = {
  total: 2,
  types: [{ value: 'Tools', count: 2 }],
  eras: [],
  centuries: [],
  places: [{ value: 'Egypt', count: 2 }],
  didYouMean: null,
};

function listAnswer(names: string[], headers: Record<string, string> = {}): DocumentAnswer {
  return {
    status: 200,
    headers: { 'x-total-count': String(names.length), 'x-page': '1', 'x-page-size': '8', ...headers },
    body: names.map((name, index) => ({ _id: `id-${index}`, name })),
  };
}

const featuredKey = apiCallKey(API, 'artifacts', FEATURED_QUERY);
const recentKey = apiCallKey(API, 'artifacts', RECENT_QUERY);
const topKey = apiCallKey(API, 'contributors/top', { limit: TOP_CONTRIBUTOR_COUNT });

/** The home page's three answers, as the shell's server puts them in the document. */
function homeAnswers(): Record<string, DocumentAnswer> {
  return {
    [featuredKey]: listAnswer(['Gold mask', 'Iron sword'], { 'x-total-count': '61', 'x-page-size': '8', 'x-next-page': '2' }),
    [recentKey]: listAnswer(['Newest scroll']),
    [topKey]: { status: 200, headers: {}, body: [{ name: 'Eleanor Hartley', artifacts: 21, likes: 539 }] },
  };
}

let fetchSpy: jest.SpiedFunction<typeof fetch>;
const fetched = () => fetchSpy.mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input)));

beforeAll(() => {
  configureApiClient({ baseUrl: API, getToken: async () => null });
});

beforeEach(() => {
  forgetFirstPageAnswers();
  // The api: every request is answered from here (and counted), with a list the document never holds.
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = url.pathname === '/artifacts/facets' ? { ...FACETS, total: 99 } : url.pathname === '/contributors/top' ? [{ name: 'From the network', artifacts: 1, likes: 1 }] : [{ _id: 'net', name: 'From the network' }];
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1' } });
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
  forgetFirstPageAnswers();
  document.body.innerHTML = '';
});

describe('answersInDocument', () => {
  function documentWith(html: string): Document {
    return new DOMParser().parseFromString(`<!doctype html><html><head></head><body><div id="root"></div>${html}</body></html>`, 'text/html');
  }
  const script = (text: string) => `<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">${text}</script>`;

  test('reads the answers the composed page carries, escaped as the server escapes them', () => {
    const answers = homeAnswers();
    // A name that would close the element if it were not escaped.
    answers[featuredKey] = listAnswer(['</script><b>Mask</b> & co\u2028']);
    expect(answersInDocument(documentWith(script(jsonForScript(answers))))).toEqual(answers);
  });

  test('reads the current document by default', () => {
    document.body.innerHTML = script(jsonForScript(homeAnswers()));
    expect(answersInDocument()).toEqual(homeAnswers());
  });

  test('a document without the element, or with an empty one, has no answers', () => {
    expect(answersInDocument(documentWith(''))).toEqual({});
    expect(answersInDocument(documentWith(script('')))).toEqual({});
    // Another element's JSON is not the answers.
    expect(answersInDocument(documentWith(`<script type="application/json" id="other">${jsonForScript(homeAnswers())}</script>`))).toEqual({});
  });

  test('malformed answers are ignored: bad JSON, JSON that is not an object, answers without a status or body', () => {
    expect(answersInDocument(documentWith(script('{"http://api.test/artifacts": ')))).toEqual({});
    expect(answersInDocument(documentWith(script('[1, 2]')))).toEqual({});
    expect(answersInDocument(documentWith(script('null')))).toEqual({});
    const mixed = {
      [featuredKey]: listAnswer(['Gold mask']),
      [recentKey]: { status: 'ok', headers: {}, body: [] },
      [topKey]: { status: 200, headers: {} },
      'http://api.test/artifacts/facets': { status: 200, headers: { 'x-total-count': 3 }, body: {} },
    };
    expect(answersInDocument(documentWith(script(JSON.stringify(mixed))))).toEqual({ [featuredKey]: listAnswer(['Gold mask']) });
  });
});

describe('startFirstPageCalls with the answers of the document', () => {
  test('makes no call the document answered, and the page gets those answers (status, paging headers, body) without a request', async () => {
    expect(startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, homeAnswers())).toEqual([]);
    const [featured, recent, top] = await Promise.all([
      listArtifacts(FEATURED_QUERY),
      listArtifacts(RECENT_QUERY),
      topContributors(TOP_CONTRIBUTOR_COUNT),
    ]);
    expect(featured).toEqual({
      items: [
        { _id: 'id-0', name: 'Gold mask' },
        { _id: 'id-1', name: 'Iron sword' },
      ],
      total: 61,
      page: 1,
      pageSize: 8,
      nextPage: 2,
      didYouMean: null,
    });
    expect(recent.items).toEqual([{ _id: 'id-0', name: 'Newest scroll' }]);
    expect(top).toEqual([{ name: 'Eleanor Hartley', artifacts: 21, likes: 539 }]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('All Artifacts’ list (with its suggestion header) and facets for the URL’s query come from the document', async () => {
    const search = '?type=Tools&search=mask&page=2';
    const [listCall, facetsCall] = firstPageCalls('/all-artifacts', search);
    if (!listCall || !facetsCall) throw new Error('All Artifacts has two first-page calls');
    const answers: DocumentAnswers = {
      [apiCallKey(API, listCall.path, listCall.query)]: listAnswer(['Bronze sickle'], { 'x-total-count': '25', 'x-page': '2', 'x-page-size': '24', 'x-did-you-mean': 'masks' }),
      [apiCallKey(API, facetsCall.path, facetsCall.query)]: { status: 200, headers: {}, body: FACETS },
    };
    expect(startFirstPageCalls(API, { pathname: '/all-artifacts', search }, noPreload, answers)).toEqual([]);
    await expect(listArtifacts({ search: 'mask', type: 'Tools', sort: 'relevance', page: 2 })).resolves.toEqual({
      items: [{ _id: 'id-0', name: 'Bronze sickle' }],
      total: 25,
      page: 2,
      pageSize: 24,
      nextPage: null,
      didYouMean: 'masks',
    });
    await expect(getArtifactFacets({ search: 'mask', type: 'Tools' })).resolves.toEqual(FACETS);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('only the calls the document did not answer are made', async () => {
    const { [recentKey]: _recent, ...someAnswers } = homeAnswers();
    expect(startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, someAnswers)).toEqual([recentKey]);
    expect(fetched()).toEqual([recentKey]);
    // The early call's answer is handed over too: the page asks nothing more.
    await expect(listArtifacts(RECENT_QUERY)).resolves.toMatchObject({ items: [{ _id: 'net', name: 'From the network' }] });
    await expect(listArtifacts(FEATURED_QUERY)).resolves.toMatchObject({ total: 61 });
    expect(fetched()).toEqual([recentKey]);
  });

  test('an answer of the document is taken once: the page’s next request goes to the api', async () => {
    startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, homeAnswers());
    await listArtifacts(FEATURED_QUERY);
    expect(fetchSpy).not.toHaveBeenCalled();
    await expect(listArtifacts(FEATURED_QUERY)).resolves.toMatchObject({ items: [{ name: 'From the network' }] });
    expect(fetched()).toEqual([featuredKey]);
  });

  test('an answer for another api, or for a page not being visited, is not used', async () => {
    const elsewhere = { [apiCallKey('http://other.test', 'artifacts', FEATURED_QUERY)]: listAnswer(['Elsewhere']) };
    startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, elsewhere);
    expect(fetched().sort()).toEqual([featuredKey, recentKey, topKey].sort());
    fetchSpy.mockClear();
    forgetFirstPageAnswers();
    // Answers of the home page while the visit starts on a details page: no call, nothing handed over.
    expect(startFirstPageCalls(API, { pathname: '/artifacts/a1', search: '' }, noPreload, homeAnswers())).toEqual([]);
    expect(documentArtifactPage(FEATURED_QUERY)).toBeUndefined();
    await expect(listArtifacts(FEATURED_QUERY)).resolves.toMatchObject({ items: [{ name: 'From the network' }] });
    expect(fetched()).toEqual([featuredKey]);
  });

  test('a failed answer in the document is neither read nor handed over: the page asks the api', async () => {
    const answers = { ...homeAnswers(), [featuredKey]: { status: 503, headers: {}, body: { message: 'Busy' } } };
    startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, answers);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(documentArtifactPage(FEATURED_QUERY)).toBeUndefined();
    expect(documentArtifactPage(RECENT_QUERY)?.items).toEqual([{ _id: 'id-0', name: 'Newest scroll' }]);
    await expect(listArtifacts(FEATURED_QUERY)).resolves.toMatchObject({ items: [{ name: 'From the network' }] });
    expect(fetched()).toEqual([featuredKey]);
  });

  test('the sync readers show the document’s answers, as often as a page renders, until the answer is taken', async () => {
    startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, homeAnswers());
    const expected = { items: [{ _id: 'id-0', name: 'Gold mask' }, { _id: 'id-1', name: 'Iron sword' }], total: 61, page: 1, pageSize: 8, nextPage: 2, didYouMean: null };
    expect(documentArtifactPage(FEATURED_QUERY)).toEqual(expected);
    expect(documentArtifactPage({ sort: 'likes', limit: 8, search: '' })).toEqual(expected);
    expect(documentArtifactPage(RECENT_QUERY)?.items.map((item) => item.name)).toEqual(['Newest scroll']);
    expect(documentTopContributors(TOP_CONTRIBUTOR_COUNT)).toEqual([{ name: 'Eleanor Hartley', artifacts: 21, likes: 539 }]);
    // Other params are other calls.
    expect(documentArtifactPage({ ...FEATURED_QUERY, page: 2 })).toBeUndefined();
    expect(documentTopContributors(5)).toBeUndefined();
    await listArtifacts(FEATURED_QUERY);
    expect(documentArtifactPage(FEATURED_QUERY)).toBeUndefined();
  });

  test('an answer of the document does not expire, unlike an early call’s: the page on screen shows it however late the code arrives', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { [recentKey]: _recent, ...someAnswers } = homeAnswers();
      startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, someAnswers);
      jest.advanceTimersByTime(10 * HAND_OVER_MS);
      expect(documentArtifactPage(FEATURED_QUERY)?.total).toBe(61);
    } finally {
      jest.useRealTimers();
    }
    fetchSpy.mockClear();
    await expect(listArtifacts(FEATURED_QUERY)).resolves.toMatchObject({ total: 61 });
    expect(fetchSpy).not.toHaveBeenCalled();
    // The early call's answer was dropped: the page asks again.
    await listArtifacts(RECENT_QUERY);
    expect(fetched()).toEqual([recentKey]);
  });
});

describe('forgetFirstPageAnswers', () => {
  test('once the visit has moved on, the readers see nothing and the page’s requests go to the api', async () => {
    startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, homeAnswers());
    forgetFirstPageAnswers();
    expect(documentArtifactPage(FEATURED_QUERY)).toBeUndefined();
    expect(documentTopContributors(TOP_CONTRIBUTOR_COUNT)).toBeUndefined();
    await expect(listArtifacts(FEATURED_QUERY)).resolves.toMatchObject({ items: [{ name: 'From the network' }] });
    await expect(topContributors(TOP_CONTRIBUTOR_COUNT)).resolves.toEqual([{ name: 'From the network', artifacts: 1, likes: 1 }]);
    expect(fetched()).toEqual([featuredKey, topKey]);
  });

  test('the answers of the entry’s early calls are forgotten too', async () => {
    startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    forgetFirstPageAnswers();
    await listArtifacts(FEATURED_QUERY);
    expect(fetchSpy).toHaveBeenCalledTimes(4);
  });
});

describe('withDocumentAnswers', () => {
  test('the readers see the answers during the render, and only then', () => {
    const [listCall, facetsCall] = firstPageCalls('/all-artifacts', '?type=Tools');
    if (!listCall || !facetsCall) throw new Error('All Artifacts has two first-page calls');
    const answers: DocumentAnswers = {
      ...homeAnswers(),
      [apiCallKey(API, facetsCall.path, facetsCall.query)]: { status: 200, headers: {}, body: FACETS },
    };
    const seen = withDocumentAnswers(API, answers, () => ({
      featured: documentArtifactPage(FEATURED_QUERY),
      facets: documentArtifactFacets({ type: 'Tools' }),
      top: documentTopContributors(TOP_CONTRIBUTOR_COUNT),
    }));
    expect(seen.featured).toMatchObject({ items: [{ name: 'Gold mask' }, { name: 'Iron sword' }], total: 61, nextPage: 2 });
    expect(seen.facets).toEqual(FACETS);
    expect(seen.top).toEqual([{ name: 'Eleanor Hartley', artifacts: 21, likes: 539 }]);

    expect(documentArtifactPage(FEATURED_QUERY)).toBeUndefined();
    expect(documentArtifactFacets({ type: 'Tools' })).toBeUndefined();
    expect(documentTopContributors(TOP_CONTRIBUTOR_COUNT)).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('answers of another api are not read; a base URL with a trailing slash is the same api', () => {
    const elsewhere = { [apiCallKey('http://api.test.evil', 'artifacts', FEATURED_QUERY)]: listAnswer(['Elsewhere']) };
    expect(withDocumentAnswers(API, elsewhere, () => documentArtifactPage(FEATURED_QUERY))).toBeUndefined();
    expect(withDocumentAnswers(`${API}/`, homeAnswers(), () => documentArtifactPage(FEATURED_QUERY)?.items)).toHaveLength(2);
  });

  test('the answers are forgotten even when the render throws', () => {
    expect(() =>
      withDocumentAnswers(API, homeAnswers(), () => {
        throw new Error('render failed');
      }),
    ).toThrow('render failed');
    expect(documentArtifactPage(FEATURED_QUERY)).toBeUndefined();
  });

  test('the tab’s own answers are hidden during the render and kept after it', () => {
    startFirstPageCalls(API, { pathname: '/', search: '' }, noPreload, { [recentKey]: listAnswer(['Kept scroll']), [featuredKey]: listAnswer(['Kept mask']), [topKey]: homeAnswers()[topKey] as DocumentAnswer });
    const during = withDocumentAnswers(API, { [featuredKey]: listAnswer(['Rendered mask']) }, () => ({
      featured: documentArtifactPage(FEATURED_QUERY)?.items.map((item) => item.name),
      recent: documentArtifactPage(RECENT_QUERY),
    }));
    expect(during).toEqual({ featured: ['Rendered mask'], recent: undefined });
    expect(documentArtifactPage(FEATURED_QUERY)?.items.map((item) => item.name)).toEqual(['Kept mask']);
    expect(documentArtifactPage(RECENT_QUERY)?.items.map((item) => item.name)).toEqual(['Kept scroll']);
  });
});
