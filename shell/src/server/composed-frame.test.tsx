import { DISCLOSES_ATTRIBUTE, FRAME_ATTRIBUTE, WAITING_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { act, StrictMode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../app/routes';
import { composePage } from './first-page-document';
import { registerSiteRemotes } from '../remotes/loading/federation';
import { isComposed } from '../remotes/first-page/composed-frame';
import { defaultReleases } from '../remotes/loading/site-remotes.testing';

// A first page composed on the server (docs/decisions/0011): the document the shell's server makes
// (its layout around a remote page's markup) hydrated by the browser's own tree (the site's routes),
// as bootstrap.tsx does. React keeps every node; each part takes its controls over once it works.

const loadRemote = jest.fn<Promise<unknown>, [string]>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  preloadRemote: jest.fn(),
  loadRemote: (id: string) => loadRemote(id),
}));

beforeAll(() => {
  registerSiteRemotes(defaultReleases());
});

/** A remote page like the catalog's: a heading, a picture, a search field and a link. */
function CatalogPage({ heading = 'All Artifacts' }: { heading?: string }) {
  return (
    <section>
      <h1>{heading}</h1>
      <img src="/media/amarna-letters-800.webp" alt="Amarna Letters" width={960} height={720} />
      <input aria-label="Search artifacts" defaultValue="" />
      <a href="/artifacts/1">View Details</a>
    </section>
  );
}

/** A page with a controlled search field, as the catalog's: what its code knows is shown. */
function SearchPage() {
  const [query, setQuery] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSent(query);
      }}
    >
      <input aria-label="Search artifacts" value={query} onChange={(event) => setQuery(event.target.value)} />
      <button type="submit">Search</button>
      <output>{sent === null ? 'nothing sent' : `searched for ${sent}`}</output>
    </form>
  );
}

let root: Root | undefined;
let container: HTMLElement;
const recoverable = jest.fn();

/** #root as the composed document brings it (composeDocument): the page in the layout, controls waiting. */
function composedDocument(url: string, id: string, frameHtml: string): HTMLElement {
  container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(FRAME_ATTRIBUTE, id);
  container.innerHTML = composePage(url, frameHtml);
  document.body.append(container);
  return container;
}

/** Hydrates #root with the site's tree at `url`, as bootstrap.tsx does for a composed document. */
async function hydrate(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
      { onRecoverableError: recoverable },
    );
  });
}

/** The page's code, held until the test lets it arrive. */
function pageArrivesLater(Page: () => React.JSX.Element) {
  let arrive: () => void = () => undefined;
  loadRemote.mockImplementation(() => new Promise((resolve) => (arrive = () => resolve({ default: Page }))));
  return async () => {
    await act(async () => arrive());
  };
}

let consoleError: jest.SpyInstance;

beforeEach(() => {
  // React's development build may name the server's marks on waiting controls (attributes its tree
  // does not have): the one difference it may report, checked after each test.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const [message] of consoleError.mock.calls) expect(String(message)).toMatch(/some attributes of the server rendered HTML didn't match/);
  consoleError.mockRestore();
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  recoverable.mockReset();
  loadRemote.mockReset();
});

test('the browser takes over the composed nodes: the layout at once, the page when its code arrives', async () => {
  // React's server render of the page writes a preload of its picture first: composePage moves it.
  const frame = renderToString(<CatalogPage />);
  expect(frame).toMatch(/^<link rel="preload"/);
  composedDocument('/all-artifacts', 'catalog/AllArtifacts', frame);
  expect(isComposed(container)).toBe(true);
  const picture = container.querySelector('img');
  const heading = container.querySelector('h1');
  const search = container.querySelector('input');
  const menu = container.querySelector('.aq-topbar__menu-toggle');
  expect(search).toHaveAttribute(WAITING_ATTRIBUTE);
  expect(search).not.toHaveAttribute('disabled');
  expect(menu).toHaveAttribute(WAITING_ATTRIBUTE);
  const arrive = pageArrivesLater(() => <CatalogPage />);

  await hydrate('/all-artifacts');
  // The shell's part works; the page's markup stays on screen, dehydrated: no spinner in its place.
  expect(menu).not.toHaveAttribute(WAITING_ATTRIBUTE);
  expect(container.querySelector('img')).toBe(picture);
  expect(container.textContent).not.toContain('Loading page…');
  expect(search).toHaveAttribute(WAITING_ATTRIBUTE);
  expect(isComposed(container)).toBe(true);
  expect(loadRemote).toHaveBeenCalledWith('catalog/AllArtifacts');

  await arrive();
  // The same nodes, now React's: the page's controls work and the document is no longer "composed".
  expect(container.querySelector('img')).toBe(picture);
  expect(container.querySelector('h1')).toBe(heading);
  expect(container.querySelector('input')).toBe(search);
  expect(search).not.toHaveAttribute(WAITING_ATTRIBUTE);
  expect(isComposed(container)).toBe(false);
  expect(recoverable).not.toHaveBeenCalled();
});

test('a phone menu opened before the code came (by the intent starter) stays open once hydrated, and is then the code\'s to close', async () => {
  composedDocument('/all-artifacts', 'catalog/AllArtifacts', renderToString(<CatalogPage />));
  const toggle = container.querySelector('.aq-topbar__menu-toggle') as HTMLButtonElement;
  const nav = container.querySelector('#aq-primary-nav') as HTMLElement;
  expect(toggle).toHaveAttribute(DISCLOSES_ATTRIBUTE);
  expect(toggle).toHaveAttribute('aria-controls', nav.id);
  // What the starter does to a tap on the waiting toggle.
  toggle.setAttribute('aria-expanded', 'true');
  nav.setAttribute('data-open', 'true');
  pageArrivesLater(() => <CatalogPage />);

  await hydrate('/all-artifacts');
  expect(toggle).not.toHaveAttribute(WAITING_ATTRIBUTE);
  expect(container.querySelector('.aq-topbar__menu-toggle')).toBe(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(nav).toHaveAttribute('data-open', 'true');
  // The code knows the menu is open: Escape closes it (its listener is there only while open).
  act(() => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(nav).toHaveAttribute('data-open', 'false');
  act(() => toggle.click());
  expect(nav).toHaveAttribute('data-open', 'true');
  expect(recoverable).not.toHaveBeenCalled();
});

test("a page whose code renders other markup (a canary's, say) is rendered afresh: the visitor sees the code's page", async () => {
  composedDocument('/', 'catalog/Home', renderToString(<CatalogPage heading="Live release" />));
  const arrive = pageArrivesLater(() => <CatalogPage heading="Canary release" />);
  await hydrate('/');
  expect(container.querySelector('h1')).toHaveTextContent('Live release');

  await arrive();
  expect(container.querySelector('h1')).toHaveTextContent('Canary release');
  expect(container.querySelector('input')).not.toHaveAttribute(WAITING_ATTRIBUTE);
  expect(isComposed(container)).toBe(false);
  expect(recoverable).toHaveBeenCalled();
});

test('what is typed before the page\'s code comes reaches its code: the search is for all of it', async () => {
  // A page of its own (the loader keeps a remote's module once it has come: the others' are pages).
  const collection = '/collections/5f0c1a2b3c4d5e6f70819203';
  composedDocument(collection, 'catalog/Collection', renderToString(<SearchPage />));
  const search = container.querySelector('input') as HTMLInputElement;
  const arrive = pageArrivesLater(() => <SearchPage />);
  await hydrate(collection);
  // Typed while the page's code is on its way: the field takes it, as any field does.
  search.value = 'swor';
  await arrive();
  // What was typed is the page's now (handed over a task after the hydration).
  await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  await act(async () => {
    (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  });
  expect(container.querySelector('output')).toHaveTextContent('searched for swor');
  // And the next letter adds to it, as the visitor expects.
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(search, 'sword');
    search.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  });
  expect(container.querySelector('output')).toHaveTextContent('searched for sword');
  expect(search.value).toBe('sword');
});

test('a field changed before the code stays waiting until the code has its value, so a form sent meanwhile is held; the others wake with the hydration', async () => {
  // Enter pressed in the search right as the page hydrates: were the field awake before its value
  // was handed over, the intent starter would let the form go and the code would search for ''.
  // A page of its own again (the loader keeps each remote's module once it has come).
  const collection = '/members/a-member/collections';
  composedDocument(collection, 'catalog/MemberCollections', renderToString(<SearchPage />));
  const search = container.querySelector('input') as HTMLInputElement;
  const button = container.querySelector('button[type="submit"]') as HTMLButtonElement;
  expect(search).toHaveAttribute(WAITING_ATTRIBUTE);
  expect(button).toHaveAttribute(WAITING_ATTRIBUTE);
  const seen: string[] = [];
  const watch = new MutationObserver((records) => {
    for (const { target } of records) {
      const control = [search, button].find((candidate) => candidate === target);
      if (control && !control.hasAttribute(WAITING_ATTRIBUTE)) seen.push(`${control.tagName.toLowerCase()} awake`);
    }
  });
  watch.observe(container, { attributes: true, subtree: true, attributeFilter: [WAITING_ATTRIBUTE] });
  search.addEventListener('input', () => seen.push('typed value handed over'));
  const arrive = pageArrivesLater(() => <SearchPage />);
  await hydrate(collection);
  search.value = 'swor';
  await arrive();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  watch.disconnect();
  expect(seen).toEqual(['button awake', 'typed value handed over', 'input awake']);
  await act(async () => {
    button.click();
  });
  expect(container.querySelector('output')).toHaveTextContent('searched for swor');
});

test('a plain document is not composed', () => {
  container = document.createElement('div');
  expect(isComposed(container)).toBe(false);
});
