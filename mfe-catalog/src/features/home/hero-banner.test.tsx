import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { BANNER_AUTOPLAY_MS } from './banner-slides';
import { HeroBanner, REDUCED_MOTION_QUERY } from './hero-banner';
import { giveSwiperAWidth } from './swiper-layout.testing';

// Issue 43: with the focus on a slide's Explore link, the slideshow advanced and removed the link
// (the focus fell to <body>). Autoplay now waits while the focus or the pointer is on the slides
// (WCAG 2.2.2) and goes on when both have left, unless the visitor paused it; nothing focused is
// removed or made inert; under reduced motion the play button says it is paused, from the markup
// composed on the server on.

function Banner() {
  return (
    <MemoryRouter>
      <HeroBanner />
    </MemoryRouter>
  );
}

const banner = () => screen.getByRole('region', { name: 'Famous artifacts' });
const slidesOf = (region: HTMLElement) => region.querySelector('.cat-banner__slides') as HTMLElement;
const activeSlide = (region: HTMLElement) => region.querySelector('.swiper-slide-active') as HTMLElement;
const activeTitle = (region: HTMLElement) => activeSlide(region).querySelector('.cat-banner__title')?.textContent;
const exploreOf = (slide: HTMLElement) => within(slide).getByRole('link', { name: 'Explore' });
const swiperOf = (region: HTMLElement) => (region.querySelector('.swiper-initialized') as (HTMLElement & { swiper: SwiperInstance }) | null)?.swiper;

/** Lets the page's clock run `ms` (and what was promised meanwhile, the carousel's code among it, settle). */
const runFor = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** Replaces matchMedia: the reduced-motion query matches when `reduced`; `change` turns the setting, as the system's would, telling the listeners. */
function motionSetting(reduced: boolean): { undo: () => void; change: (reduced: boolean) => void } {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const listeners = new Set<() => void>();
  let now = reduced;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      get matches() {
        return now && query === REDUCED_MOTION_QUERY;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }),
  });
  return {
    undo: () => {
      if (original) Object.defineProperty(window, 'matchMedia', original);
    },
    change: (next: boolean) => {
      now = next;
      for (const listener of listeners) listener();
    },
  };
}

let undoWidth: () => void = () => undefined;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  undoWidth = giveSwiperAWidth();
});

afterEach(() => {
  jest.useRealTimers();
  undoWidth();
});

test('a focus on the first slide’s Explore link stays on it: swiper’s code may come, but does not replace the slide until the focus leaves', async () => {
  render(<Banner />);
  const region = banner();
  const explore = exploreOf(activeSlide(region));
  await user.tab();
  expect(explore).toHaveFocus();

  await runFor(3 * BANNER_AUTOPLAY_MS);
  expect(document.activeElement).toBe(explore);
  expect(explore.isConnected).toBe(true);
  expect(explore.closest('[inert]')).toBeNull();
  expect(activeTitle(region)).toBe('The Rosetta Stone');
  expect(swiperOf(region)).toBeUndefined();

  // The focus moves on (to the play button; jsdom's Tab does not know inert slides): the carousel
  // takes over, where it was.
  const play = within(region).getByRole('button', { name: 'Pause slideshow' });
  act(() => play.focus());
  expect(play).toHaveFocus();
  await runFor(0);
  expect(swiperOf(region)).toBeDefined();
  expect(activeTitle(region)).toBe('The Rosetta Stone');
});

test('autoplay waits while the focus or the pointer is on the slides and goes on when both have left, unless the visitor paused it', async () => {
  render(<Banner />);
  const region = banner();
  const slides = slidesOf(region);
  // Reached for with the pointer: the carousel takes over and waits while the pointer is there.
  await user.hover(slides);
  await runFor(0);
  const swiper = swiperOf(region);
  expect(swiper?.autoplay.running).toBe(false);
  await runFor(3 * BANNER_AUTOPLAY_MS);
  expect(activeTitle(region)).toBe('The Rosetta Stone');

  await user.unhover(slides);
  expect(swiper?.autoplay.running).toBe(true);
  await runFor(BANNER_AUTOPLAY_MS + 1000);
  expect(activeTitle(region)).toBe('The Antikythera Mechanism');

  // The focus on the shown slide's Explore link: it stays there, and so does the slide.
  const explore = exploreOf(activeSlide(region));
  act(() => explore.focus());
  expect(swiper?.autoplay.running).toBe(false);
  await runFor(3 * BANNER_AUTOPLAY_MS);
  expect(document.activeElement).toBe(explore);
  expect(explore.closest('[inert]')).toBeNull();
  expect(activeTitle(region)).toBe('The Antikythera Mechanism');

  // Both gone: it goes on.
  act(() => explore.blur());
  await runFor(0);
  expect(swiper?.autoplay.running).toBe(true);

  // Paused by the visitor: the pointer coming and going does not start it again.
  const button = within(region).getByRole('button', { name: 'Pause slideshow' });
  await user.click(button);
  expect(button).toHaveTextContent('Play slideshow');
  expect(button).toHaveAttribute('aria-pressed', 'true');
  await user.hover(slides);
  await user.unhover(slides);
  expect(swiper?.autoplay.running).toBe(false);
  await runFor(3 * BANNER_AUTOPLAY_MS);
  expect(activeTitle(region)).toBe('The Antikythera Mechanism');
});

test('a slide change while the focus is in the slide (the keyboard’s arrows) takes the focus to the new slide’s Explore link, never into an inert slide', async () => {
  render(<Banner />);
  const region = banner();
  await user.hover(slidesOf(region));
  await runFor(0);
  const swiper = swiperOf(region);
  act(() => exploreOf(activeSlide(region)).focus());
  act(() => swiper?.slideNext(0));
  expect(activeTitle(region)).toBe('The Antikythera Mechanism');
  const focused = document.activeElement as HTMLElement;
  expect(focused).toBe(exploreOf(activeSlide(region)));
  expect(focused.closest('[inert]')).toBeNull();
});

describe('the markup composed on the server, hydrated', () => {
  let root: Root | undefined;
  let container: HTMLElement;
  let undoMotion: () => void = () => undefined;
  const setMotion = (reduced: boolean) => {
    const setting = motionSetting(reduced);
    undoMotion = setting.undo;
    return setting;
  };
  const recoverable = jest.fn();
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error');
    container = document.createElement('div');
    container.innerHTML = renderToString(<Banner />);
    document.body.append(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    undoMotion();
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    recoverable.mockReset();
  });

  const hydrate = () =>
    act(() => {
      root = hydrateRoot(container, <Banner />, { onRecoverableError: recoverable });
    });

  test('holds a play button for each motion setting (the style sheet shows the visitor’s); once the setting is read the shown one stays, the same element, and the other goes', () => {
    const motion = container.querySelector('.cat-banner__play--if-motion');
    const still = container.querySelector('.cat-banner__play--if-still');
    expect(motion).toHaveTextContent('Pause slideshow');
    expect(motion).toHaveAttribute('aria-pressed', 'false');
    expect(still).toHaveTextContent('Play slideshow');
    expect(still).toHaveAttribute('aria-pressed', 'true');

    setMotion(true);
    hydrate();
    const buttons = container.querySelectorAll('.cat-banner__play');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toBe(still);
    expect(still).not.toHaveClass('cat-banner__play--if-still');
    expect(motion?.isConnected).toBe(false);
  });

  test('under reduced motion, time moves nothing; Play (the shown button) plays, and says so', async () => {
    const still = container.querySelector('.cat-banner__play--if-still') as HTMLElement;
    setMotion(true);
    hydrate();
    await runFor(3 * BANNER_AUTOPLAY_MS);
    expect(container.querySelector('.swiper-initialized')).toBeNull();
    await user.click(still);
    expect(still).toHaveTextContent('Pause slideshow');
    expect(still).toHaveAttribute('aria-pressed', 'false');
    await runFor(BANNER_AUTOPLAY_MS + 1000);
    expect(container.querySelector('.swiper-initialized')).not.toBeNull();
  });

  test('the system’s setting turned to reduced motion while the play button has the focus: the button keeps it, no style sheet hides it, and it says the slideshow is paused', async () => {
    const setting = setMotion(false);
    hydrate();
    const pause = within(container).getByRole('button', { name: 'Pause slideshow' });
    act(() => pause.focus());
    act(() => setting.change(true));
    expect(document.activeElement).toBe(pause);
    expect(pause.isConnected).toBe(true);
    expect(pause.className).toBe('cat-banner__play');
    expect(pause).toHaveTextContent('Play slideshow');
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelectorAll('.cat-banner__play')).toHaveLength(1);
    // Reached for by the focus, the carousel may take over; it stays on its slide.
    await runFor(3 * BANNER_AUTOPLAY_MS);
    expect(container.querySelector('.swiper-slide-active .cat-banner__title')).toHaveTextContent('The Rosetta Stone');
    expect(document.activeElement).toBe(pause);

    // And back: still the one button, with the focus, paused until pressed.
    act(() => setting.change(false));
    expect(document.activeElement).toBe(pause);
    expect(pause).toHaveTextContent('Play slideshow');
  });

  test('without reduced motion the slideshow plays', async () => {
    setMotion(false);
    hydrate();
    await runFor(BANNER_AUTOPLAY_MS + 1000);
    expect(container.querySelector('.swiper-initialized')).not.toBeNull();
  });

  test('a focus on Explore from before the code came holds the slideshow once hydrated', async () => {
    setMotion(false);
    const explore = container.querySelector('.swiper-slide-active .cat-banner__explore') as HTMLElement;
    explore.focus();
    hydrate();
    await runFor(3 * BANNER_AUTOPLAY_MS);
    expect(document.activeElement).toBe(explore);
    expect(container.querySelector('.swiper-initialized')).toBeNull();
    expect(container.querySelector('.swiper-slide-active .cat-banner__title')).toHaveTextContent('The Rosetta Stone');
  });
});
