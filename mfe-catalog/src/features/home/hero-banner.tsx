import { lazy, Suspense, useEffect, useState } from 'react';
import 'swiper/css';
import { BannerSlideContent } from './banner-slide';
import { BANNER_AUTOPLAY_MS, BANNER_SLIDES } from './banner-slides';
import './hero-banner.css';

const HeroCarousel = lazy(() => import('./hero-carousel'));

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

export function HeroBanner() {
  // Swiper (its code is a fifth of the home page's script work) is not loaded with the page: the
  // first slide is plain HTML until the visitor reaches for the banner (pointer, touch, focus) or
  // its time is up, when swiper takes over in place and moves on to the second slide as autoplay
  // would have. Lighthouse counted swiper's run at 0.5 s of the home page's blocking time.
  const [enhance, setEnhance] = useState<Enhance>('none');
  const [playing, setPlaying] = useState(true);
  const reach = () => setEnhance((current) => (current === 'none' ? 'reached' : current));

  // Read after the first render, not in it: the page composed on the server (which cannot know the
  // setting) says "Pause slideshow", and hydration must find the same. This effect runs before the
  // timer's below, whose timer the pause then clears before it is due. A setting changed while the
  // page is open pauses it too; Play stays the visitor's choice.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(REDUCED_MOTION_QUERY);
    const follow = () => {
      if (query.matches) setPlaying(false);
    };
    follow();
    // (Safari before 14 has only the older addListener: there the setting is read once.)
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, []);

  useEffect(() => {
    if (enhance !== 'none' || !playing) return undefined;
    const timer = setTimeout(() => setEnhance('autoplay'), BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [enhance, playing]);

  return (
    <section
      className="cat-banner"
      aria-roledescription="carousel"
      aria-label="Famous artifacts"
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
    >
      {enhance === 'none' ? (
        <FirstSlide />
      ) : (
        <Suspense fallback={<FirstSlide />}>
          <HeroCarousel playing={playing} advance={enhance === 'autoplay'} />
        </Suspense>
      )}
      {/* A moving banner needs a way to stop it (WCAG 2.2.2). */}
      <button type="button" className="cat-banner__play" onClick={() => setPlaying(!playing)} aria-pressed={!playing}>
        {playing ? 'Pause slideshow' : 'Play slideshow'}
      </button>
    </section>
  );
}
