import { lazy, Suspense, useEffect, useState } from 'react';
import 'swiper/css';
import { BannerSlideContent } from './banner-slide';
import { BANNER_SLIDES } from './banner-slides';
import './hero-banner.css';

const HeroCarousel = lazy(() => import('./hero-carousel'));

/**
 * The first slide, in the carousel's own markup and classes, as plain HTML: the page's largest
 * element paints without waiting for swiper's code (30 KB gzip) to download and run.
 */
function FirstSlide() {
  const [slide] = BANNER_SLIDES;
  if (!slide) return null;
  return (
    <div className="swiper cat-banner__swiper">
      <div className="swiper-wrapper">
        <div className="swiper-slide swiper-slide-active cat-banner__slide">
          <BannerSlideContent slide={slide} first />
        </div>
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
