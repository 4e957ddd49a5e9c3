import { lazy, Suspense, useEffect, useState } from 'react';
import 'swiper/css';
import { BannerSlideContent } from './banner-slide';
import { BANNER_SLIDES } from './banner-slides';
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
            <BannerSlideContent slide={slide} first={index === 0} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function HeroBanner() {
  // Swiper is fetched once the first slide has been painted, then takes over in place.
  const [enhance, setEnhance] = useState(false);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setEnhance(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);

  return (
    <section className="cat-banner" aria-roledescription="carousel" aria-label="Famous artifacts">
      {enhance ? (
        <Suspense fallback={<FirstSlide />}>
          <HeroCarousel playing={playing} />
        </Suspense>
      ) : (
        <FirstSlide />
      )}
      {/* A moving banner needs a way to stop it (WCAG 2.2.2). */}
      <button type="button" className="cat-banner__play" onClick={() => setPlaying(!playing)} aria-pressed={!playing}>
        {playing ? 'Pause slideshow' : 'Play slideshow'}
      </button>
    </section>
  );
}
