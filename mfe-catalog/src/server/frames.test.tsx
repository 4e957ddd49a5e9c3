// The catalog's frames (docs/decisions/0010): its first pages rendered to markup from the answers the
// shell's server sends, as the browser's first render will show them, with no loading state.
import { configureApiClient, documentArtifactPage } from '@antiquarium/api-client';
import { forgetFirstPageAnswers, startFirstPageCalls } from '@antiquarium/api-client/hand-over';
import {
  apiCallKey,
  composedModules,
  FEATURED_QUERY,
  firstPageCalls,
  type ArtifactFacets,
  type DocumentAnswer,
  type DocumentAnswers,
} from '@antiquarium/contracts';
import { artifact } from '@antiquarium/testing';
import { render, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AllArtifactsPage, { FIRST_CARDS } from '../features/all-artifacts/all-artifacts-page';
import CollectionPage from '../features/collection/collection-page';
import HomePage from '../features/home/home-page';
import { framedModules, renderFrame } from './frames';

const API = 'http://api.example';

function listAnswer(names: string[], headers: Record<string, string> = {}): DocumentAnswer {
  return {
    status: 200,
    headers: { 'x-total-count': String(names.length), 'x-page': '1', 'x-page-size': '8', ...headers },
    body: names.map((name) => artifact({ name })),
  };
}

/** The answers of a page's first-page calls, in the order firstPageCalls lists them. */
function answersFor(url: string, apiUrl: string, bodies: DocumentAnswer[]): DocumentAnswers {
  const { pathname, search } = new URL(url, 'http://site.example');
  const calls = firstPageCalls(pathname, search);
  expect(calls).toHaveLength(bodies.length);
  return Object.fromEntries(calls.map((call, index) => [apiCallKey(apiUrl, call.path, call.query), bodies[index] as DocumentAnswer]));
}

function homeAnswers(apiUrl = API): DocumentAnswers {
  return answersFor('/', apiUrl, [
    listAnswer(['Most liked mask', 'Gold torc']),
    listAnswer(['Newest scroll']),
    { status: 200, headers: {}, body: [{ name: 'Eleanor Hartley', artifacts: 21, likes: 539 }] },
  ]);
}

/** The frame's markup as a document fragment, for queries by role and text. */
function parse(html: string | undefined): HTMLElement {
  if (html === undefined) throw new Error('no frame');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

let fetchSpy: jest.SpiedFunction<typeof fetch>;

beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('a frame asks the api for nothing'));
});

afterEach(() => {
  fetchSpy.mockRestore();
  forgetFirstPageAnswers();
  document.body.innerHTML = '';
});

/**
 * A tree as the eye and the accessibility tree see it: elements with their attributes (sorted),
 * merged text, comments left out. An option's selectedness is its state, which the server writes as
 * an attribute and the browser's React as a property.
 */
function canonical(root: Element): string {
  const write = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const attributes = node
      .getAttributeNames()
      .filter((name) => !(node instanceof HTMLOptionElement && name === 'selected'))
      .sort()
      .map((name) => `${name}="${node.getAttribute(name) ?? ''}"`);
    if (node instanceof HTMLOptionElement && node.selected) attributes.push('(selected)');
    return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${[...node.childNodes].map(write).join('')}</${node.tagName.toLowerCase()}>`;
  };
  return [...root.childNodes].map(write).join('');
}

test('frames the pages a visit starts on with data the URL tells, and no other', () => {
  expect([...framedModules].sort()).toEqual(['./AllArtifacts', './Collection', './Home']);
  // Every page the contracts' table composes for the catalog has a component here.
  expect([...framedModules].sort()).toEqual(composedModules('catalog').map((page) => page.expose).sort());
  expect(renderFrame({ module: './ArtifactDetails', url: '/artifacts/a1', apiUrl: API, answers: homeAnswers() })).toBeUndefined();
  expect(renderFrame({ module: './Login', url: '/login', apiUrl: API, answers: {} })).toBeUndefined();
});

test('the home page with its answers: the lists and the contributors, no spinner', () => {
  const frame = parse(renderFrame({ module: './Home', url: '/', apiUrl: API, answers: homeAnswers() }));
  const view = within(frame);
  expect(view.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  expect(view.getByRole('heading', { name: 'Most liked mask' })).toBeInTheDocument();
  expect(view.getByRole('heading', { name: 'Gold torc' })).toBeInTheDocument();
  expect(view.getByRole('heading', { name: 'Newest scroll' })).toBeInTheDocument();
  expect(view.getByText('Eleanor Hartley')).toBeInTheDocument();
  // Issue 27: the featured and recent cards carry their Report link, one per card.
  expect(view.getAllByRole('link', { name: /^Report / })).toHaveLength(frame.querySelectorAll('article.aq-card, article.cat-mini-card').length);
  expect(view.getByRole('link', { name: 'Report Gold torc' })).toHaveAttribute('href', expect.stringMatching(/^\/report\?artifact=/));
  expect(frame.querySelector('.aq-spinner')).toBeNull();
  expect(view.queryByRole('status')).toBeNull();
  expect(frame.textContent).not.toMatch(/Loading/);
  expect(fetchSpy).not.toHaveBeenCalled();
});

test('the answers are read for the api the browser sees (with or without its trailing slash), and only during the render', () => {
  const frame = parse(renderFrame({ module: './Home', url: '/', apiUrl: `${API}/`, answers: homeAnswers(`${API}/`) }));
  expect(within(frame).getByRole('heading', { name: 'Most liked mask' })).toBeInTheDocument();
  expect(documentArtifactPage(FEATURED_QUERY)).toBeUndefined();
});

test('without its answers (or with another api’s), the home page renders its loading state', () => {
  for (const answers of [{}, homeAnswers('http://elsewhere.example')]) {
    const frame = parse(renderFrame({ module: './Home', url: '/', apiUrl: API, answers }));
    const view = within(frame);
    expect(view.queryByText('Most liked mask')).toBeNull();
    expect(view.getByText('Loading featured artifacts…')).toBeInTheDocument();
    expect(view.getByText('Loading recently added artifacts…')).toBeInTheDocument();
    expect(view.getByText('Loading top contributors…')).toBeInTheDocument();
  }
});

test('a failed answer is not shown: the section is left to the browser', () => {
  const answers = homeAnswers();
  const featuredKey = apiCallKey(API, 'artifacts', FEATURED_QUERY);
  const frame = parse(renderFrame({ module: './Home', url: '/', apiUrl: API, answers: { ...answers, [featuredKey]: { status: 503, headers: {}, body: { message: 'Busy' } } } }));
  const view = within(frame);
  expect(view.getByText('Loading featured artifacts…')).toBeInTheDocument();
  expect(view.getByRole('heading', { name: 'Newest scroll' })).toBeInTheDocument();
});

const COLLECTION_ID = '650000000000000000000001';
const COLLECTION_URL = `/collections/${COLLECTION_ID}`;

/** A public collection as a visitor reads it: items in the curator's order, one with a note. */
function collectionAnswers(apiUrl = API): DocumentAnswers {
  const items = ['Rosetta Stone', 'Bronze Sickle'].map((name) => artifact({ name }));
  return answersFor(COLLECTION_URL, apiUrl, [
    {
      status: 200,
      headers: {},
      body: {
        id: COLLECTION_ID,
        ownerUid: 'u-ada',
        ownerName: 'Ada Lovelace',
        title: 'Writing and reckoning',
        description: 'How people kept words and numbers.',
        visibility: 'public',
        items: items.map((item, index) => ({ artifactId: item._id, note: index === 0 ? 'Three scripts, one decree.' : '', artifact: item })),
        itemCount: 2,
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-02T00:00:00.000Z',
      },
    },
  ]);
}

describe('a public collection (issue 28)', () => {
  test('renders its items in order with their notes and its curator, from the answer, without a spinner', () => {
    const frame = parse(renderFrame({ module: './Collection', url: COLLECTION_URL, apiUrl: API, answers: collectionAnswers() }));
    const view = within(frame);
    expect(view.getByRole('heading', { level: 1, name: 'Writing and reckoning' })).toBeInTheDocument();
    expect(view.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['1. Rosetta Stone', '2. Bronze Sickle', 'IIIF']);
    expect(view.getByText('Three scripts, one decree.')).toBeInTheDocument();
    // A public collection is a IIIF Collection (issue 44), linked with the api's public address the browser uses.
    const iiif = new URL(view.getByRole('link', { name: 'IIIF collection' }).getAttribute('href') ?? '');
    expect(`${iiif.origin}${iiif.pathname}`).toMatch(new RegExp(`^${API.replace(/\/+$/, '')}/iiif/3/collections/[^/]+$`));
    expect(view.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/members/u-ada/collections');
    expect(frame.querySelector('.aq-spinner')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('without its answer (a private collection answers 404 to a visitor) the page is its loading state', () => {
    const frame = parse(renderFrame({ module: './Collection', url: COLLECTION_URL, apiUrl: API, answers: {} }));
    expect(within(frame).getByRole('status')).toHaveTextContent('Loading collection…');
    expect(within(frame).queryByRole('heading', { level: 1 })).toBeNull();
  });

  test('only a collection id the api could have made has a call', () => {
    expect(firstPageCalls(COLLECTION_URL, '')).toEqual([{ path: `collections/${COLLECTION_ID}`, query: {} }]);
    for (const path of ['/collections/not-an-id', '/collections/65000000000000000000000g', '/collections/', `/collections/${COLLECTION_ID}/items`]) {
      expect([path, firstPageCalls(path, '')]).toEqual([path, []]);
    }
  });
});

describe('All Artifacts', () => {
  const FACETS: ArtifactFacets = {
    total: 30,
    types: [
      { value: 'Tools', count: 30 },
      { value: 'Weapons', count: 0 },
    ],
    eras: [],
    centuries: [],
    places: [{ value: 'Egypt', count: 12 }],
    didYouMean: null,
  };
  const url = '/all-artifacts?type=Tools&page=2';
  const names = Array.from({ length: 24 }, (_, index) => `Tool ${index + 1}`);

  function allArtifactsAnswers(apiUrl = API): DocumentAnswers {
    return answersFor(url, apiUrl, [
      listAnswer(names, { 'x-total-count': '54', 'x-page': '2', 'x-page-size': '24', 'x-next-page': '3' }),
      { status: 200, headers: {}, body: FACETS },
    ]);
  }

  test('renders the whole list page of the URL’s query from the answers, with its count, facets and pagination', () => {
    expect(names.length).toBeGreaterThan(FIRST_CARDS);
    const frame = parse(renderFrame({ module: './AllArtifacts', url, apiUrl: API, answers: allArtifactsAnswers() }));
    const view = within(frame);
    expect(view.getByRole('heading', { level: 1, name: 'All Artifacts' })).toBeInTheDocument();
    // Every card at once (not only the first step of a progressive list): the document shows them all.
    expect(view.getAllByRole('heading', { level: 2, name: /^Tool \d+$/ }).map((heading) => heading.textContent)).toEqual(names);
    expect(frame.querySelector('.cat-all__grid')).toHaveAttribute('aria-busy', 'false');
    expect(view.getByText('54 artifacts found')).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Egypt 12 artifacts' })).toBeInTheDocument();
    expect(view.getByRole('navigation', { name: /pag/i })).toBeInTheDocument();
    expect(view.getByLabelText('Type')).toHaveValue('Tools');
    expect(frame.querySelector('.aq-spinner')).toBeNull();
    expect(frame.textContent).not.toMatch(/Loading artifacts/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('every card of the frame carries its Report link as plain markup (issue 27)', () => {
    const frame = parse(renderFrame({ module: './AllArtifacts', url, apiUrl: API, answers: allArtifactsAnswers() }));
    const links = within(frame).getAllByRole('link', { name: /^Report / });
    expect(links.map((link) => link.textContent)).toEqual(names.map((name) => `Report ${name}`));
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/report\?artifact=/);
  });

  test('answers for another query are not this URL’s: the list is left to the browser', () => {
    const frame = parse(renderFrame({ module: './AllArtifacts', url: '/all-artifacts?type=Weapons', apiUrl: API, answers: allArtifactsAnswers() }));
    const view = within(frame);
    expect(view.queryByText('Tool 1')).toBeNull();
    expect(view.getByText('Loading artifacts…')).toBeInTheDocument();
  });
});

test.each<[string, string, string, ComponentType, () => DocumentAnswers]>([
  ['./Home', '/', '/', HomePage, () => homeAnswers()],
  ['./Collection', COLLECTION_URL, '/collections/:id', CollectionPage, () => collectionAnswers()],
  [
    './AllArtifacts',
    '/all-artifacts?type=Tools',
    '/all-artifacts',
    AllArtifactsPage,
    () =>
      answersFor('/all-artifacts?type=Tools', API, [
        listAnswer(Array.from({ length: 12 }, (_, index) => `Tool ${index + 1}`), { 'x-total-count': '40', 'x-page-size': '12', 'x-next-page': '2' }),
        { status: 200, headers: {}, body: { total: 40, types: [{ value: 'Tools', count: 40 }], eras: [], centuries: [], places: [], didYouMean: null } },
      ]),
  ],
])('%s: the browser’s first render, with the answers the document brought, is the composed page', (module, url, route, Page, answersOf) => {
  const answers = answersOf();
  const html = renderFrame({ module, url, apiUrl: API, answers });
  // No id of React's (useId): the browser hydrates this markup inside the shell's tree, where React
  // would number it otherwise and keep the server's, mismatched (docs/decisions/0011).
  expect(html).not.toMatch(/_[rR]_[0-9a-zA-Z]*_/);
  // ...though the page does tie its parts by id (a section to its heading, a field to its hint).
  if (module !== './Collection') expect(html).toMatch(/aria-(?:describedby|labelledby)="[^"]+"/);
  const frame = parse(html);
  // (React's renderToString puts the preloads of high-priority images first; the browser's React puts them nowhere.)
  frame.querySelectorAll(':scope > link[rel="preload"]').forEach((link) => link.remove());
  frame.normalize();

  configureApiClient({ baseUrl: API, getToken: async () => null });
  const { pathname, search } = new URL(url, 'http://site.example');
  expect(startFirstPageCalls(API, { pathname, search }, () => undefined, answers)).toEqual([]);
  const { container } = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={route} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
  container.normalize();
  expect(within(container).queryByRole('status', { name: /loading/i })).toBeNull();
  // The home slideshow's play button: the server sends one per motion setting (CSS shows the right
  // one); once the code has read the setting, the browser keeps that one alone (hero-banner.tsx).
  const serverPlay = [...frame.querySelectorAll('.cat-banner__play')].map((button) => button.textContent);
  const browserPlay = [...container.querySelectorAll('.cat-banner__play')].map((button) => button.textContent);
  if (module === './Home') {
    expect(serverPlay).toEqual(['Pause slideshow', 'Play slideshow']);
    expect(browserPlay).toEqual(['Pause slideshow']);
  }
  for (const root of [frame, container]) root.querySelectorAll('.cat-banner__play').forEach((button) => button.remove());
  expect(canonical(container)).toBe(canonical(frame));
  expect(fetchSpy).not.toHaveBeenCalled();
});
