import type { ServerResponse } from 'node:http';
import { fakeApiForTests } from './fake-api';
import {
  ApiRequestError,
  configureApiClient,
  errorMessage,
  isApiAddress,
  getArtifact,
  getArtifactFacets,
  listArtifacts,
  mailPreferences,
  sendContactMessage,
  setMailPreferences,
  toggleLike,
  topContributors,
  UNREACHABLE_MESSAGE,
} from './index';
import { ALL_ARTIFACTS_IMAGE_SIZES, FEATURED_QUERY, RECENT_QUERY, TOP_CONTRIBUTOR_COUNT } from '@antiquarium/contracts';
import { HAND_OVER_MS, startFirstPageCalls, type ImagePreloader } from './hand-over';

// A real HTTP server on loopback stands in for the api: requests, headers and errors are real.
const api = fakeApiForTests(null);

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

test('lists with the query sent and the page read from the headers', async () => {
  api.handler = (_request, response) =>
    json(response, 200, [{ _id: 'a1', name: 'Mask' }], {
      'X-Total-Count': '61',
      'X-Page': '2',
      'X-Page-Size': '24',
      'X-Next-Page': '3',
    });
  const page = await listArtifacts({ type: 'Tools', sort: 'likes', search: 'gold mask', page: 2, limit: 24 });
  expect(api.seen[0]?.url).toBe('/artifacts?type=Tools&sort=likes&search=gold+mask&page=2&limit=24');
  expect(page).toEqual({ items: [{ _id: 'a1', name: 'Mask' }], total: 61, page: 2, pageSize: 24, nextPage: 3, didYouMean: null });
});

test('a search that found nothing brings the server’s suggestion; facets take the same filters', async () => {
  api.handler = (request, response) =>
    request.url?.startsWith('/artifacts/facets')
      ? json(response, 200, { total: 0, types: [], eras: [], centuries: [], places: [], didYouMean: 'rosetta stone' })
      : json(response, 200, [], { 'X-Total-Count': '0', 'X-Page': '1', 'X-Page-Size': '24', 'X-Did-You-Mean': 'rosetta stone' });
  const page = await listArtifacts({ search: 'roseta stnoe', from: -200, to: 100, within: true, place: 'Egypt' });
  expect(api.seen[0]?.url).toBe('/artifacts?search=roseta+stnoe&from=-200&to=100&within=true&place=Egypt');
  expect(page.didYouMean).toBe('rosetta stone');
  const facets = await getArtifactFacets({ search: 'roseta stnoe', type: 'Tools' });
  expect(api.seen[1]?.url).toBe('/artifacts/facets?search=roseta+stnoe&type=Tools');
  expect(facets.didYouMean).toBe('rosetta stone');
});

test('the last page has no next page; empty parameters are not sent', async () => {
  api.handler = (_request, response) => json(response, 200, [], { 'X-Total-Count': '0', 'X-Page': '1', 'X-Page-Size': '24' });
  const page = await listArtifacts({ search: '', type: undefined });
  expect(api.seen[0]?.url).toBe('/artifacts');
  expect(page.nextPage).toBeNull();
  expect(page.total).toBe(0);
});

test('sends the bearer token when signed in, and none for a visitor', async () => {
  api.handler = (_request, response) => json(response, 200, { liked: true, likes: 4 });
  api.token = 'id-token-123';
  await expect(toggleLike('a/1')).resolves.toEqual({ liked: true, likes: 4 });
  expect(api.seen[0]).toEqual({ method: 'PATCH', url: '/artifacts/toggle-like/a%2F1', authorization: 'Bearer id-token-123' });

  api.token = null;
  api.handler = (_request, response) => json(response, 200, []);
  await topContributors(3);
  expect(api.seen[1]).toEqual({ method: 'GET', url: '/contributors/top?limit=3', authorization: undefined });
});

test("errors carry the api's message and status", async () => {
  api.handler = (_request, response) =>
    json(response, 404, { statusCode: 404, error: 'Not Found', message: 'Artifact not found' });
  const failure = await getArtifact('missing').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiRequestError);
  expect(failure).toMatchObject({ status: 404, message: 'Artifact not found' });
  expect(errorMessage(failure, 'Failed to fetch artifacts')).toBe('Artifact not found');
  expect(errorMessage(new Error('internal detail'), 'Failed to fetch artifacts')).toBe('Failed to fetch artifacts');
});

test('validation errors keep their fields', async () => {
  api.handler = (_request, response) =>
    json(response, 400, { statusCode: 400, error: 'Bad Request', message: 'Name is required', fields: { name: 'Name is required' } });
  const failure = await listArtifacts({ page: 1 }).catch((error: unknown) => error);
  expect(failure).toMatchObject({ status: 400, message: 'Name is required', fields: { name: 'Name is required' } });
});

test('a contact message is posted as JSON, with the token when signed in, and resolves to the receipt', async () => {
  const bodies: unknown[] = [];
  api.handler = (request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push({ contentType: request.headers['content-type'], body: JSON.parse(text) as unknown });
      json(response, 201, { id: 'c1', receivedAt: '2026-01-02T03:04:05.000Z' });
    });
  };
  const input = { name: 'Ada', email: 'ada@example.org', message: 'Where was it found?' };
  await expect(sendContactMessage(input)).resolves.toEqual({ id: 'c1', receivedAt: '2026-01-02T03:04:05.000Z' });
  expect(api.seen[0]).toEqual({ method: 'POST', url: '/contact', authorization: undefined });
  expect(bodies[0]).toEqual({ contentType: expect.stringContaining('application/json'), body: input });
  api.token = 'id-token-9';
  await sendContactMessage(input);
  expect(api.seen[1]?.authorization).toBe('Bearer id-token-9');
});

test("a contact message the api refused is an ApiRequestError with each field's message, and is not sent again", async () => {
  api.handler = (_request, response) =>
    json(response, 400, { statusCode: 400, error: 'Bad Request', message: 'email: Enter a valid email address', fields: { email: 'Enter a valid email address', message: 'Message is required' } });
  const refused = await sendContactMessage({ name: 'Ada', email: 'ada@', message: '' }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiRequestError);
  expect(refused).toMatchObject({ status: 400, fields: { email: 'Enter a valid email address', message: 'Message is required' } });
  api.handler = (_request, response) => json(response, 429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests, please slow down' }, { 'Retry-After': '30' });
  const limited = await sendContactMessage({ name: 'Ada', email: 'ada@example.org', message: 'Hi' }).catch((error: unknown) => error);
  expect(limited).toMatchObject({ status: 429, message: 'Too many requests, please slow down' });
  expect(api.seen.map((request) => request.method)).toEqual(['POST', 'POST']);
});

test('the mail preference is read with the token and written as JSON with PUT, never retried', async () => {
  const bodies: unknown[] = [];
  api.token = 'id-token-7';
  api.handler = (request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method === 'GET') return json(response, 200, { optionalMail: true });
      bodies.push(JSON.parse(text) as unknown);
      json(response, 503, { statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable, please try again shortly' });
    });
  };
  await expect(mailPreferences()).resolves.toEqual({ optionalMail: true });
  const failed = await setMailPreferences({ optionalMail: false }).catch((error: unknown) => error);
  expect(failed).toMatchObject({ status: 503, message: 'The database is unavailable, please try again shortly' });
  expect(bodies).toEqual([{ optionalMail: false }]);
  expect(api.seen).toEqual([
    { method: 'GET', url: '/me/mail-preferences', authorization: 'Bearer id-token-7' },
    { method: 'PUT', url: '/me/mail-preferences', authorization: 'Bearer id-token-7' },
  ]);
});

test("a picture is the api's own only at the api's origin", () => {
  expect(isApiAddress(`${api.baseUrl}/media/photos/abc-640.webp`)).toBe(true);
  expect(isApiAddress(`${api.baseUrl.replace('127.0.0.1', 'localhost')}/media/photos/abc-640.webp`)).toBe(false);
  expect(isApiAddress('https://museum.example.org/sword.jpg')).toBe(false);
  expect(isApiAddress(`${api.baseUrl}@museum.example.org/sword.jpg`)).toBe(false);
  expect(isApiAddress('not a url')).toBe(false);
});

test('an unreachable server becomes a readable error', async () => {
  configureApiClient({ baseUrl: 'http://127.0.0.1:9', getToken: async () => null });
  try {
    const failure = await listArtifacts().catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 0, message: UNREACHABLE_MESSAGE });
    // Screens then show their own spec message for it.
    expect(errorMessage(failure, 'Failed to toggle like')).toBe('Failed to toggle like');
  } finally {
    configureApiClient({ baseUrl: api.baseUrl, getToken: async () => api.token });
  }
});

describe('the first page’s hand-over (hand-over.ts)', () => {
  const urlsSeen = () => api.seen.map((request) => request.url);

  test('the page takes the answer of the call the shell started, and the api is asked once', async () => {
    let answered = 0;
    api.handler = (request, response) => {
      answered += 1;
      if (request.url?.startsWith('/contributors')) json(response, 200, [{ name: 'Ada', artifacts: 2, likes: 5 }]);
      else json(response, 200, [{ _id: `a${answered}`, name: request.url }], { 'X-Total-Count': '1', 'X-Page': '1', 'X-Page-Size': '8' });
    };
    expect(startFirstPageCalls(api.baseUrl, { pathname: '/', search: '' })).toHaveLength(3);
    // Started again (a second entry run): nothing new is asked.
    expect(startFirstPageCalls(api.baseUrl, { pathname: '/', search: '' })).toHaveLength(0);
    const [featured, recent, top] = await Promise.all([listArtifacts(FEATURED_QUERY), listArtifacts(RECENT_QUERY), topContributors(TOP_CONTRIBUTOR_COUNT)]);
    expect(featured.items[0]?.name).toBe('/artifacts?limit=8&sort=likes');
    expect(featured.total).toBe(1);
    expect(recent.items[0]?.name).toBe('/artifacts?limit=8&sort=latest');
    expect(top).toEqual([{ name: 'Ada', artifacts: 2, likes: 5 }]);
    expect(urlsSeen().sort()).toEqual(['/artifacts?limit=8&sort=latest', '/artifacts?limit=8&sort=likes', '/contributors/top?limit=3']);
    // Taken once: the next visit of the page asks the api.
    await listArtifacts(FEATURED_QUERY);
    expect(urlsSeen()).toHaveLength(4);
  });

  test('All Artifacts’ list and facets for the URL’s query are handed over', async () => {
    api.handler = (request, response) =>
      request.url?.startsWith('/artifacts/facets')
        ? json(response, 200, { total: 3, types: [], eras: [], centuries: [], places: [] })
        : json(response, 200, [], { 'X-Total-Count': '0', 'X-Page': '2', 'X-Page-Size': '24' });
    startFirstPageCalls(api.baseUrl, { pathname: '/all-artifacts', search: '?type=Tools&search=mask&page=2' });
    await listArtifacts({ search: 'mask', type: 'Tools', sort: 'relevance', page: 2 });
    await getArtifactFacets({ search: 'mask', type: 'Tools' });
    // (The shell asks with the parameters in the order of their names: one name per call.)
    expect(urlsSeen()).toEqual(['/artifacts?page=2&search=mask&sort=relevance&type=Tools', '/artifacts/facets?search=mask&type=Tools']);
  });

  test('All Artifacts’ first card image is preloaded from the list’s answer, in the widths its card offers', async () => {
    api.handler = (request, response) =>
      request.url?.startsWith('/artifacts/facets')
        ? json(response, 200, { total: 2, types: [], eras: [], centuries: [], places: [] })
        : json(response, 200, [
            { _id: 'e1', name: 'Lamp', image: 'https://media.example/media/oil-lamp-960.webp' },
            { _id: 'e2', name: 'Jar', image: 'https://media.example/media/jar-960.webp' },
          ]);
    const preloaded: Parameters<ImagePreloader>[0][] = [];
    const firstPreload = new Promise<void>((resolve) => {
      startFirstPageCalls(api.baseUrl, { pathname: '/all-artifacts', search: '?type=Tools' }, (image) => {
        preloaded.push(image);
        resolve();
      });
    });
    await listArtifacts({ type: 'Tools', sort: 'name', page: 1 });
    await getArtifactFacets({ type: 'Tools' });
    await firstPreload;
    expect(preloaded).toEqual([
      {
        src: 'https://media.example/media/oil-lamp-960.webp',
        srcSet: [320, 480, 640, 800, 960].map((width) => `https://media.example/media/oil-lamp-${width}.webp ${width}w`).join(', '),
        sizes: ALL_ARTIFACTS_IMAGE_SIZES,
        width: 960,
        height: 720,
      },
    ]);
    // The page still got the whole answer (the preload read a copy).
    expect(urlsSeen().filter((url) => url.startsWith('/artifacts?'))).toHaveLength(1);
  });

  test('a kept photo as the first card’s image is preloaded in the format its picture shows first (AVIF), in the widths the card offers', async () => {
    const base = 'https://api.example/media/photos/0123456789abcdef0123456789abcdef';
    const srcset = (format: string) => [320, 480, 640, 800, 960, 1280].map((width) => `${base}-${width}.${format} ${width}w`).join(', ');
    const photo = {
      id: 'p1',
      url: `${base}-1280.jpg`,
      srcset: srcset('jpg'),
      sources: [
        { type: 'image/avif', srcset: srcset('avif') },
        { type: 'image/webp', srcset: srcset('webp') },
      ],
      alt: 'A lamp',
      width: 1280,
      height: 960,
      placeholder: 'AAAA',
    };
    api.handler = (request, response) =>
      request.url?.startsWith('/artifacts/facets')
        ? json(response, 200, { total: 1, types: [], eras: [], centuries: [], places: [] })
        : json(response, 200, [{ _id: 'e1', name: 'Lamp', image: `${base}-960.jpg`, images: [photo] }]);
    const preloaded = new Promise<Parameters<ImagePreloader>[0]>((resolve) => {
      startFirstPageCalls(api.baseUrl, { pathname: '/all-artifacts', search: '?type=Weapons' }, resolve);
    });
    await listArtifacts({ type: 'Weapons', sort: 'name', page: 1 });
    expect(await preloaded).toEqual({
      src: `${base}-1280.jpg`,
      srcSet: [320, 480, 640, 800, 960].map((width) => `${base}-${width}.avif ${width}w`).join(', '),
      sizes: ALL_ARTIFACTS_IMAGE_SIZES,
      type: 'image/avif',
    });
  });

  test('nothing is preloaded for an empty list, a failed answer, an image that is not http(s), or the home page', async () => {
    const preloaded: Parameters<ImagePreloader>[0][] = [];
    // A control: page 5's answer has an image, and is sent only once the other answers have gone
    // out, so its preload is the event after which the others' would have happened.
    let controlPreloaded: () => void = () => undefined;
    const control = new Promise<void>((resolve) => {
      controlPreloaded = resolve;
    });
    const preload: ImagePreloader = (image) => {
      preloaded.push(image);
      if (image.src.includes('vase')) controlPreloaded();
    };
    let othersSent: () => void = () => undefined;
    const others = new Promise<void>((resolve) => {
      othersSent = resolve;
    });
    let sent = 0;
    const counted = (response: ServerResponse) =>
      response.on('finish', () => {
        sent += 1;
        if (sent === 7) othersSent();
      });
    // (The server answers by the call's URL: the early calls reach it after this code has run.)
    api.handler = (request, response) => {
      const url = request.url ?? '';
      if (url.startsWith('/artifacts?page=5')) {
        void others.then(() => json(response, 200, [{ _id: 'v1', name: 'Vase', image: 'https://media.example/media/vase-960.webp' }]));
        return;
      }
      counted(response);
      if (url.startsWith('/artifacts/facets')) json(response, 200, { total: 0, types: [], eras: [], centuries: [], places: [] });
      else if (url.startsWith('/artifacts?page=2')) json(response, 200, []);
      else if (url.startsWith('/artifacts?page=3')) json(response, 503, { message: 'Busy' });
      else if (url.startsWith('/artifacts?page=4')) json(response, 200, [{ _id: 'f1', name: 'Ghost', image: 'javascript:alert(1)' }]);
      else if (url.startsWith('/contributors')) json(response, 200, []);
      else json(response, 200, [{ _id: 'g1', name: 'Coin', image: 'https://media.example/media/coin-960.webp' }]);
    };
    // Pages 2-4 (one facets call, shared) and the home page (three calls): seven answers, then page 5's.
    for (const page of [2, 3, 4]) startFirstPageCalls(api.baseUrl, { pathname: '/all-artifacts', search: `?page=${page}` }, preload);
    startFirstPageCalls(api.baseUrl, { pathname: '/', search: '' }, preload);
    startFirstPageCalls(api.baseUrl, { pathname: '/all-artifacts', search: '?page=5' }, preload);
    // (The pages take their answers, so that none is left for the next test.)
    for (const page of [2, 3, 4]) await listArtifacts({ sort: 'name', page }).catch(() => undefined);
    await Promise.all([getArtifactFacets({}), listArtifacts(FEATURED_QUERY), listArtifacts(RECENT_QUERY), topContributors(TOP_CONTRIBUTOR_COUNT)]).catch(() => undefined);
    await listArtifacts({ sort: 'name', page: 5 });
    await control;
    expect(urlsSeen().filter((url) => url.startsWith('/artifacts?page=')).sort()).toEqual([
      '/artifacts?page=2&sort=name',
      '/artifacts?page=3&sort=name',
      '/artifacts?page=4&sort=name',
      '/artifacts?page=5&sort=name',
    ]);
    expect(preloaded.map((image) => image.src)).toEqual(['https://media.example/media/vase-960.webp']);
  });

  test('a failed early call is asked again by the page, which gets the api’s answer', async () => {
    let calls = 0;
    let earlyFailed: () => void = () => undefined;
    const failedEarly = new Promise<void>((resolve) => {
      earlyFailed = resolve;
    });
    api.handler = (request, response) => {
      if (request.url?.startsWith('/artifacts/facets')) return json(response, 200, { total: 0, types: [], eras: [], centuries: [], places: [] });
      calls += 1;
      if (calls === 1) {
        response.on('finish', earlyFailed);
        json(response, 503, { message: 'Busy' });
      } else json(response, 200, [{ _id: 'b1', name: 'Bowl' }], { 'X-Total-Count': '1' });
    };
    startFirstPageCalls(api.baseUrl, { pathname: '/all-artifacts', search: '' });
    // The page asks once the early list call has failed.
    await failedEarly;
    const page = await listArtifacts({ sort: 'name', page: 1 });
    expect(page.items).toEqual([{ _id: 'b1', name: 'Bowl' }]);
    expect(urlsSeen().filter((url) => url.startsWith('/artifacts?'))).toEqual(['/artifacts?page=1&sort=name', '/artifacts?sort=name&page=1']);
  });

  test('a page aborted while waiting leaves the answer to the next (StrictMode’s second run)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.handler = (_request, response) => {
      void held.then(() => json(response, 200, [{ _id: 'c1', name: 'Coin' }], { 'X-Total-Count': '1' }));
    };
    startFirstPageCalls(api.baseUrl, { pathname: '/', search: '' });
    const controller = new AbortController();
    const first = listArtifacts(FEATURED_QUERY, { signal: controller.signal });
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const second = listArtifacts(FEATURED_QUERY);
    release();
    await expect(second).resolves.toMatchObject({ items: [{ _id: 'c1', name: 'Coin' }] });
    await Promise.all([listArtifacts(RECENT_QUERY), topContributors(TOP_CONTRIBUTOR_COUNT)]);
    expect(urlsSeen().filter((url) => url === '/artifacts?limit=8&sort=likes')).toHaveLength(1);
  });

  test('an answer its page did not take in time is not used', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      api.handler = (request, response) => json(response, 200, [{ _id: 'd1', name: request.url }], { 'X-Total-Count': '1' });
      startFirstPageCalls(api.baseUrl, { pathname: '/', search: '' });
      jest.advanceTimersByTime(HAND_OVER_MS + 1);
    } finally {
      jest.useRealTimers();
    }
    await listArtifacts(FEATURED_QUERY);
    expect(urlsSeen().filter((url) => url === '/artifacts?limit=8&sort=likes')).toHaveLength(2);
  });
});
