import { listArtifacts, topContributors } from '@antiquarium/api-client';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FEATURED_IMAGE_SIZES } from '../../shared/featured-card';
import HomePage from './home-page';
import { REDUCED_MOTION_QUERY } from './hero-banner';
import { BANNER_AUTOPLAY_MS } from './banner-slides';
import { RECENT_IMAGE_SIZES } from './recently-added';
import { giveSwiperAWidth } from './swiper-layout.testing';
import { artifact, artifactPage } from '@antiquarium/testing';

jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  listArtifacts: jest.fn(),
  topContributors: jest.fn(),
}));
const list = jest.mocked(listArtifacts);
const top = jest.mocked(topContributors);

beforeEach(() => {
  list.mockImplementation(async (params = {}) =>
    artifactPage(params.sort === 'likes' ? [artifact({ name: 'Most liked mask' })] : [artifact({ name: 'Newest scroll' })]),
  );
  top.mockResolvedValue([{ name: 'Eleanor Hartley', artifacts: 21, likes: 539 }]);
});

test('has the Home heading and the sections in the spec’s order', async () => {
  render(<HomePage />, { wrapper: MemoryRouter });
  expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  await screen.findByText('Eleanor Hartley');
  const sections = screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => !['The Rosetta Stone', 'The Antikythera Mechanism', "Tutankhamun's Mask"].includes(text ?? ''));
  expect(sections).toEqual([
    'Featured Historical Artifacts',
    'How It Works',
    'Did You Know?',
    'Recently Added Artifacts',
    'Top Contributors',
    'Have a piece of history to share?',
  ]);
  expect(
    screen.getByText(
      'A curated collection of the most fascinating and impactful historical items shared by our community.',
    ),
  ).toBeInTheDocument();
});

test('the banner has the three built-in slides, each exploring all artifacts', async () => {
  render(<HomePage />, { wrapper: MemoryRouter });
  const banner = screen.getByRole('region', { name: 'Famous artifacts' });
  // The slides are painted as plain HTML, the first one showing; the carousel takes over once loaded.
  expect(within(banner).getByRole('heading', { name: 'The Rosetta Stone' })).toBeInTheDocument();
  // Drawn in the page: no picture to fetch, no SVG document of its own to build (issue 29).
  expect(within(banner).getByRole('img', { name: 'Illustration of The Rosetta Stone' }).tagName.toLowerCase()).toBe('svg');
  expect(await within(banner).findByRole('heading', { name: "Tutankhamun's Mask" })).toBeInTheDocument();
  for (const title of ['The Rosetta Stone', 'The Antikythera Mechanism', "Tutankhamun's Mask"]) {
    expect(within(banner).getByRole('heading', { name: title })).toBeInTheDocument();
  }
  const explore = within(banner).getAllByRole('link', { name: 'Explore' });
  expect(explore).toHaveLength(3);
  explore.forEach((link) => expect(link).toHaveAttribute('href', '/all-artifacts'));
  expect(within(banner).getAllByText('Period')).toHaveLength(3);
  expect(within(banner).getAllByText('Location')).toHaveLength(3);
  await screen.findByText('Eleanor Hartley');
});

test('the slideshow can be paused and played again, before and after the carousel has loaded', async () => {
  render(<HomePage />, { wrapper: MemoryRouter });
  const banner = screen.getByRole('region', { name: 'Famous artifacts' });
  // (The button for a visitor who did not ask for less motion: the style sheet, which jsdom does
  // not apply, hides the other one.)
  const button = within(banner).getByRole('button', { name: 'Pause slideshow' });
  await userEvent.click(button);
  await within(banner).findByRole('heading', { name: "Tutankhamun's Mask" });
  expect(button).toHaveTextContent('Play slideshow');
  expect(button).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(button);
  expect(button).toHaveTextContent('Pause slideshow');
  expect(button).toHaveAttribute('aria-pressed', 'false');
  await screen.findByText('Eleanor Hartley');
});

test('uses bounded api calls: 8 most liked, 8 newest, top 3 contributors', async () => {
  render(<HomePage />, { wrapper: MemoryRouter });
  expect(await screen.findByRole('heading', { name: 'Most liked mask' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Newest scroll' })).toBeInTheDocument();
  expect(list).toHaveBeenCalledWith({ limit: 8, sort: 'likes' }, expect.anything());
  expect(list).toHaveBeenCalledWith({ sort: 'latest', limit: 8 }, expect.anything());
  expect(top).toHaveBeenCalledWith(3, expect.anything());
  expect(list).toHaveBeenCalledTimes(2);
});

test('a recently added card says what the featured cards say (issue 32), named after its artifact', async () => {
  render(<HomePage />, { wrapper: MemoryRouter });
  const recent = within(screen.getByRole('region', { name: 'Recently Added Artifacts' }));
  const link = await recent.findByRole('link', { name: 'View Details: Newest scroll' });
  expect(link).toHaveTextContent(/^View Details$/);
});

test('How It Works has 4 steps and Did You Know 3 facts; the call to action links out', async () => {
  render(<HomePage />, { wrapper: MemoryRouter });
  const steps = screen.getByRole('region', { name: 'How It Works' });
  expect(within(steps).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Discover Artifacts',
    'Like & Save',
    'Add Your Own',
    'Connect Globally',
  ]);
  expect(within(screen.getByRole('region', { name: 'Did You Know?' })).getAllByRole('listitem')).toHaveLength(3);
  expect(screen.getByRole('link', { name: 'Share Your Artifact' })).toHaveAttribute('href', '/add-artifact');
  expect(screen.getByRole('link', { name: 'View All Artifacts' })).toHaveAttribute('href', '/all-artifacts');
  expect(screen.getByRole('link', { name: 'See All Artifacts' })).toHaveAttribute('href', '/all-artifacts');
  await screen.findByText('Eleanor Hartley');
});

test('images: the banner draws its pictures in the page, no image has a high priority, every card image is lazy and sized for its grid', async () => {
  list.mockImplementation(async (params = {}) =>
    artifactPage(
      params.sort === 'likes'
        ? [artifact({ name: 'Liked 1' }), artifact({ name: 'Liked 2' }), artifact({ name: 'Liked 3', image: 'https://images.example.org/own.jpg' })]
        : [artifact({ name: 'Newest scroll' })],
    ),
  );
  const { container } = render(<HomePage />, { wrapper: MemoryRouter });
  await screen.findByRole('heading', { name: 'Liked 3' });
  await screen.findByText('Eleanor Hartley');
  expect(container.querySelectorAll('img[fetchpriority="high"]')).toHaveLength(0);
  expect(container.querySelectorAll('.cat-banner img')).toHaveLength(0);
  // Each drawing's gradients are its own, though every slide's drawing is in the document at once.
  const gradients = [...container.querySelectorAll('.cat-banner svg [id]')].map((element) => element.id);
  expect(gradients.length).toBeGreaterThanOrEqual(6);
  expect(new Set(gradients).size).toBe(gradients.length);
  for (const reference of [...container.querySelectorAll('.cat-banner svg [fill^="url(#"]')].map((element) => element.getAttribute('fill'))) {
    expect(gradients).toContain(/^url\(#(.+)\)$/.exec(reference ?? '')?.[1]);
  }

  const cards = [...container.querySelectorAll('img.aq-artifact-image')];
  expect(cards).toHaveLength(4);
  for (const image of cards) {
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  }
  const featured = screen.getByRole('img', { name: 'Liked 1' });
  expect(featured).toHaveAttribute('sizes', FEATURED_IMAGE_SIZES);
  expect(featured.getAttribute('srcset')).toMatch(/-320\.webp 320w, .*-960\.webp 960w$/);
  expect(screen.getByRole('img', { name: 'Liked 3' })).not.toHaveAttribute('srcset');
  const recent = cards.find((image) => image.getAttribute('alt') === '');
  expect(recent).toHaveAttribute('sizes', RECENT_IMAGE_SIZES);
  expect(recent?.getAttribute('srcset')).toMatch(/-640\.webp 640w$/);
});

test('the banner’s first paint holds every slide (so the carousel does not resize it), only the first reachable', async () => {
  const { container } = render(<HomePage />, { wrapper: MemoryRouter });
  const slides = [...container.querySelectorAll('.cat-banner .swiper-slide')];
  expect(slides).toHaveLength(3);
  expect(slides.map((slide) => slide.hasAttribute('inert'))).toEqual([false, true, true]);
  expect(slides[0]).toHaveClass('swiper-slide-active');
  expect(slides.map((slide) => slide.querySelector('svg[role="img"]')?.getAttribute('aria-label'))).toEqual([
    'Illustration of The Rosetta Stone',
    'Illustration of The Antikythera Mechanism',
    "Illustration of Tutankhamun's Mask",
  ]);
  await screen.findByText('Eleanor Hartley');
});

describe('the carousel’s code loads when it is needed, not with the page', () => {
  const activeTitle = (container: HTMLElement) => container.querySelector('.cat-banner .swiper-slide-active .cat-banner__title')?.textContent;

  let undoWidth: () => void = () => undefined;
  beforeEach(() => {
    undoWidth = giveSwiperAWidth();
  });
  afterEach(() => {
    jest.useRealTimers();
    undoWidth();
  });

  test('it stays plain HTML until the visitor reaches for it', async () => {
    const { container } = render(<HomePage />, { wrapper: MemoryRouter });
    await screen.findByText('Eleanor Hartley');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelector('.swiper-initialized')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();

    await userEvent.hover(screen.getByRole('region', { name: 'Famous artifacts' }));
    expect(await screen.findByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(container.querySelector('.swiper-initialized')).not.toBeNull();
    // Reaching for it does not move it.
    expect(activeTitle(container)).toBe('The Rosetta Stone');
  });

  test('when the first slide’s time is up it loads and moves on to the second slide', async () => {
    jest.useFakeTimers();
    const { container } = render(<HomePage />, { wrapper: MemoryRouter });
    act(() => jest.advanceTimersByTime(BANNER_AUTOPLAY_MS - 100));
    expect(container.querySelector('.swiper-initialized')).toBeNull();
    act(() => jest.advanceTimersByTime(100));
    jest.useRealTimers();
    await waitFor(() => expect(container.querySelector('.swiper-initialized')).not.toBeNull());
    await waitFor(() => expect(activeTitle(container)).toBe('The Antikythera Mechanism'));
    await screen.findByText('Eleanor Hartley');
  });

  test('under reduced motion the slideshow starts paused: time neither loads nor moves it, Play does', async () => {
    const queries: string[] = [];
    const matchMedia = jest.fn((query: string) => {
      queries.push(query);
      return { matches: query === REDUCED_MOTION_QUERY, media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() };
    });
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      jest.useFakeTimers();
      const { container } = render(<HomePage />, { wrapper: MemoryRouter });
      // The one play button left once the setting is read.
      const play = screen.getByRole('button', { name: 'Play slideshow' });
      expect(play).toHaveTextContent('Play slideshow');
      expect(play).toHaveAttribute('aria-pressed', 'true');
      act(() => jest.advanceTimersByTime(3 * BANNER_AUTOPLAY_MS));
      expect(container.querySelector('.swiper-initialized')).toBeNull();
      expect(activeTitle(container)).toBe('The Rosetta Stone');
      expect(queries).toContain('(prefers-reduced-motion: reduce)');
      // The visitor may still choose to play it.
      act(() => play.click());
      act(() => jest.advanceTimersByTime(BANNER_AUTOPLAY_MS));
      jest.useRealTimers();
      await waitFor(() => expect(activeTitle(container)).toBe('The Antikythera Mechanism'));
      await screen.findByText('Eleanor Hartley');
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  test('a paused slideshow is not loaded by time', async () => {
    jest.useFakeTimers();
    const { container } = render(<HomePage />, { wrapper: MemoryRouter });
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).click());
    act(() => jest.advanceTimersByTime(3 * BANNER_AUTOPLAY_MS));
    jest.useRealTimers();
    await screen.findByText('Eleanor Hartley');
    expect(container.querySelector('.swiper-initialized')).toBeNull();
    expect(activeTitle(container)).toBe('The Rosetta Stone');
  });
});
