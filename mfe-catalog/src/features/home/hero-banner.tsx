import { useEffect, useRef, useState, type ComponentType, type FocusEvent } from 'react';
import 'swiper/css';
import { BannerSlideContent } from './banner-slide';
import { BANNER_AUTOPLAY_MS, BANNER_SLIDES } from './banner-slides';
import type { HeroCarouselProps } from './hero-carousel';
import './hero-banner.css';

/**
 * The carousel in its own markup and classes, as plain HTML, showing the first slide: the page's
 * largest element paints without waiting for swiper's code (30 KB gzip) to download and run. The
 * other slides are there too, off to the side (swiper's overflow) and inert, so the banner is as
 * tall as its tallest slide from the start: on a phone the second slide's text is longer, and the
 * carousel used to push everything below down by ~50 px when it took over (which also pulled a
 * further card image into the browser's lazy-loading distance).
 */
function FirstSlide() {
  return (
    <div className="swiper cat-banner__swiper">
      <div className="swiper-wrapper">
        {BANNER_SLIDES.map((slide, index) => (
          <div
            key={slide.id}
            className={index === 0 ? 'swiper-slide swiper-slide-active cat-banner__slide' : 'swiper-slide cat-banner__slide'}
            inert={index !== 0}
          >
            <BannerSlideContent slide={slide} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A visitor who asked their system for less motion (WCAG 2.3.3): the banner starts paused. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Why the carousel was loaded: the visitor reached for it, or the first slide's time was up. */
type Enhance = 'none' | 'reached' | 'autoplay';

/**
 * The visitor's motion setting as this render knows it: 'unknown' on the server and in the render
 * that hydrates its markup (the server cannot know it), read from the browser right after.
 */
type Motion = 'unknown' | 'full' | 'reduced';

/**
 * The play button. Until the code has read the visitor's motion setting the markup holds one for
 * each setting (`setting`), and hero-banner.css shows the one for the visitor's, so the shown one is
 * right from the composed page's first paint on (a reduced-motion visitor meets "Play slideshow",
 * pressed). Once the setting is read, the shown one stays (the same element: a focus or a press held
 * by the intent starter stays on it) and shows whatever the setting becomes, and the hidden one
 * goes: a setting changed while the page is open never hides the button that has the focus.
 */
function PlayButton({ setting, playing, onToggle }: { setting?: 'motion' | 'still'; playing: boolean; onToggle: (playing: boolean) => void }) {
  return (
    <button
      type="button"
      className={setting ? `cat-banner__play cat-banner__play--if-${setting}` : 'cat-banner__play'}
      onClick={() => onToggle(!playing)}
      aria-pressed={!playing}
    >
      {playing ? 'Pause slideshow' : 'Play slideshow'}
    </button>
  );
}

export function HeroBanner() {
  // Swiper (its code is a fifth of the home page's script work) is not loaded with the page: the
  // first slide is plain HTML until the visitor reaches for the banner (pointer, touch, focus) or
  // its time is up, when swiper takes over in place and moves on to the second slide as autoplay
  // would have. Lighthouse counted swiper's run at 0.5 s of the home page's blocking time.
  const [enhance, setEnhance] = useState<Enhance>('none');
  const [Carousel, setCarousel] = useState<ComponentType<HeroCarouselProps> | null>(null);
  const [takenOver, setTakenOver] = useState(false);
  const [motion, setMotion] = useState<Motion>('unknown');
  // The visitor's Play or Pause; until they press one, their motion setting decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  // Autoplay waits while the pointer or the focus is on the slides (WCAG 2.2.2), and goes on when
  // both have left, unless the visitor paused it.
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const slides = useRef<HTMLDivElement>(null);

  const playing = chosen ?? motion === 'full';
  const running = playing && !pointerInside && !focusInside;
  const reach = () => setEnhance((current) => (current === 'none' ? 'reached' : current));

  // Read after the first render, not in it: the page composed on the server cannot know the setting
  // (its style sheet shows the right play button), and hydration must find the same markup. A
  // setting changed while the page is open pauses it too; Play stays the visitor's choice.
  useEffect(() => {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY) : null;
    setMotion(query?.matches ? 'reduced' : 'full');
    if (!query) return undefined;
    const follow = () => {
      if (query.matches) setChosen(false);
    };
    // (Safari before 14 has only the older addListener: there the setting is read once.)
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, []);

  // The composed page may have been pointed at or tabbed into before its code came.
  useEffect(() => {
    const element = slides.current;
    if (!element) return;
    if (element.matches(':hover')) setPointerInside(true);
    if (element.contains(document.activeElement)) setFocusInside(true);
  }, []);

  useEffect(() => {
    if (enhance !== 'none' || !running) return undefined;
    const timer = setTimeout(() => setEnhance('autoplay'), BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [enhance, running]);

  useEffect(() => {
    if (enhance === 'none') return undefined;
    let current = true;
    import('./hero-carousel').then(
      (module) => current && setCarousel(() => module.default),
      // The first slide stays, as plain HTML: the banner still reads and its links still work.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enhance]);

  // Swiper's markup replaces the plain slides, so it takes over only while nothing in them has the
  // focus (a focused Explore link would be removed and the focus fall to <body>); until the focus
  // leaves, the plain first slide stays.
  useEffect(() => {
    if (!Carousel || takenOver) return;
    if (slides.current?.contains(document.activeElement)) return;
    setTakenOver(true);
  }, [Carousel, takenOver, focusInside]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (element.contains(event.relatedTarget)) return;
    // Where the focus went is known once it has moved; a window left for another keeps its focus
    // here (document.activeElement stays), and so stays paused.
    setTimeout(() => setFocusInside(element.contains(document.activeElement)), 0);
  };

  return (
    <section
      className="cat-banner"
      aria-roledescription="carousel"
      aria-label="Famous artifacts"
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
    >
      <div
        ref={slides}
        className="cat-banner__slides"
        onPointerEnter={() => setPointerInside(true)}
        onPointerLeave={() => setPointerInside(false)}
        onFocus={() => setFocusInside(true)}
        onBlur={onBlur}
      >
        {takenOver && Carousel ? <Carousel running={running} advance={enhance === 'autoplay' && running} /> : <FirstSlide />}
      </div>
      {/* A moving banner needs a way to stop it (WCAG 2.2.2). Until the setting is read, each
          button says what its setting means: playing with motion, paused without; then the one
          shown stays, the same element (`motion` keeps its first reading). */}
      {motion !== 'reduced' ? <PlayButton setting={motion === 'unknown' ? 'motion' : undefined} playing={chosen ?? true} onToggle={setChosen} /> : null}
      {motion !== 'full' ? <PlayButton setting={motion === 'unknown' ? 'still' : undefined} playing={chosen ?? false} onToggle={setChosen} /> : null}
    </section>
  );
}
