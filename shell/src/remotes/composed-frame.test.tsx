import { FRAME_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AdoptedFrame, claimComposedFrame, takeComposedFrame } from './composed-frame';

// A first page composed on the server (docs/decisions/0010): its node is taken out of #root before
// React renders, claimed once by the page that shows it, and shown in place until that page renders.

const HREF = 'http://localhost/all-artifacts?type=Tools';

/** #root as a composed document brings it: the layout around the page marked with FRAME_ATTRIBUTE. */
function composedRoot(id: string, page = '<h1>Composed page</h1>'): { container: HTMLElement; node: HTMLElement } {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = `<div class="aq-layout"><header>Top bar</header><main id="main-content"><div ${FRAME_ATTRIBUTE}="${id}">${page}</div></main></div>`;
  const node = container.querySelector<HTMLElement>(`[${FRAME_ATTRIBUTE}]`);
  if (!node) throw new Error('no frame');
  return { container, node };
}

beforeEach(() => {
  // No frame is left from a previous test.
  takeComposedFrame(document.createElement('div'), HREF);
});

describe('takeComposedFrame and claimComposedFrame', () => {
  test('the page with the frame’s id, at the location the visit started, gets the node, once', () => {
    const { container, node } = composedRoot('catalog/AllArtifacts');
    takeComposedFrame(container, HREF);
    expect(claimComposedFrame('catalog/AllArtifacts', HREF)).toBe(node);
    expect(claimComposedFrame('catalog/AllArtifacts', HREF)).toBeUndefined();
  });

  test('another page, or the same page at another location, gets nothing (and leaves the frame to its page)', () => {
    const { container, node } = composedRoot('catalog/AllArtifacts');
    takeComposedFrame(container, HREF);
    expect(claimComposedFrame('catalog/Home', HREF)).toBeUndefined();
    expect(claimComposedFrame('catalog/AllArtifacts', 'http://localhost/all-artifacts?type=Weapons')).toBeUndefined();
    expect(claimComposedFrame('catalog/AllArtifacts', 'http://localhost/all-artifacts')).toBeUndefined();
    expect(claimComposedFrame('catalog/AllArtifacts', HREF)).toBe(node);
  });

  test('a hash followed on the composed page (its skip link) does not lose the frame', () => {
    const { container, node } = composedRoot('catalog/AllArtifacts');
    takeComposedFrame(container, HREF);
    expect(claimComposedFrame('catalog/AllArtifacts', `${HREF}#main-content`)).toBe(node);
  });

  test('a document without a composed page, or a frame without an id, has nothing to claim', () => {
    takeComposedFrame(composedRoot('catalog/Home').container, HREF);
    // A plain index.html taken later replaces what was kept.
    const plain = document.createElement('div');
    plain.innerHTML = '<p>Loading…</p>';
    takeComposedFrame(plain, HREF);
    expect(claimComposedFrame('catalog/Home', HREF)).toBeUndefined();

    const { container } = composedRoot('');
    takeComposedFrame(container, HREF);
    expect(claimComposedFrame('', HREF)).toBeUndefined();
  });

  test('by default, the location is the window’s', () => {
    const { container, node } = composedRoot('catalog/Home');
    takeComposedFrame(container);
    expect(claimComposedFrame('catalog/Home', HREF)).toBeUndefined();
    expect(claimComposedFrame('catalog/Home')).toBe(node);
  });
});

describe('AdoptedFrame', () => {
  function Elsewhere() {
    const location = useLocation();
    return <p>Route {`${location.pathname}${location.search}${location.hash}`}</p>;
  }

  function adopt(page: string) {
    const { node } = composedRoot('catalog/Home', page);
    const router = createMemoryRouter(
      [
        { path: '/', element: <AdoptedFrame node={node} /> },
        { path: '*', element: <Elsewhere /> },
      ],
      { initialEntries: ['/'] },
    );
    const view = render(<RouterProvider router={router} />);
    return { node, router, view };
  }

  /** Clicks `element` as `init` says; returns whether the click's default action was prevented (no new document). */
  function click(element: Element, init: MouseEventInit = {}): boolean {
    const event = createEvent.click(element, { button: 0, ...init });
    let prevented: boolean | undefined;
    // Last in line (after React's listener on the root): records the outcome and keeps jsdom from
    // trying to load a document (which it cannot).
    const record = (seen: Event) => {
      prevented = seen.defaultPrevented;
      seen.preventDefault();
    };
    window.addEventListener('click', record);
    try {
      fireEvent(element, event);
    } finally {
      window.removeEventListener('click', record);
    }
    if (prevented === undefined) throw new Error('the click did not reach the window');
    return prevented;
  }

  test('shows the composed node itself inside its host', () => {
    const { node, view } = adopt('<h1>Composed home</h1>');
    const host = view.container.querySelector('.aq-frame-host');
    expect(host).not.toBeNull();
    expect(node.parentElement).toBe(host);
    expect(screen.getByRole('heading', { name: 'Composed home' }).closest(`[${FRAME_ATTRIBUTE}]`)).toBe(node);
  });

  test('a plain click on one of its links navigates inside the site', () => {
    const { router } = adopt('<a href="/all-artifacts?type=Tools#results"><span>See All Artifacts</span></a>');
    // (A click on the link's content is a click on the link.)
    expect(click(screen.getByText('See All Artifacts'))).toBe(true);
    expect(router.state.location).toMatchObject({ pathname: '/all-artifacts', search: '?type=Tools', hash: '#results' });
    expect(screen.getByText('Route /all-artifacts?type=Tools#results')).toBeInTheDocument();
  });

  test('an absolute link to the same origin navigates inside the site too', () => {
    const { router } = adopt(`<a href="${window.location.origin}/artifacts/a1">Gold mask</a>`);
    expect(click(screen.getByRole('link', { name: 'Gold mask' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/artifacts/a1');
  });

  test.each<[string, MouseEventInit]>([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('a click with %s is the browser’s (a new tab, a download…)', (_name, init) => {
    const { router } = adopt('<a href="/all-artifacts">View All Artifacts</a>');
    expect(click(screen.getByRole('link', { name: 'View All Artifacts' }), init)).toBe(false);
    expect(router.state.location.pathname).toBe('/');
  });

  test('a link to another origin, a link opening another window and a click beside the links are left alone', () => {
    const { router } = adopt(
      '<a href="https://museum.example/collection">Museum</a><a href="/all-artifacts" target="_blank">New window</a><p>Just text</p><a href="/all-artifacts" target="_self">Same window</a>',
    );
    expect(click(screen.getByRole('link', { name: 'Museum' }))).toBe(false);
    expect(click(screen.getByRole('link', { name: 'New window' }))).toBe(false);
    expect(click(screen.getByText('Just text'))).toBe(false);
    expect(router.state.location.pathname).toBe('/');
    // target="_self" is the same window: in the site.
    expect(click(screen.getByRole('link', { name: 'Same window' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/all-artifacts');
  });

  test('a click something else already handled is left alone', () => {
    const { router, node } = adopt('<a href="/all-artifacts">View All Artifacts</a>');
    node.addEventListener('click', (event) => event.preventDefault());
    expect(click(screen.getByRole('link', { name: 'View All Artifacts' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });
});
