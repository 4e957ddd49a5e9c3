import { useEffect, useRef } from 'react';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { BannerSlideContent } from './banner-slide';
import { BANNER_AUTOPLAY_MS, BANNER_SLIDES } from './banner-slides';

/**
 * Only the visible slide can be reached by keyboard or screen reader: the others are inert, as in
 * the WAI carousel pattern (otherwise Tab walks through three hidden Explore links). A focus inside
 * the slide that goes (the keyboard's arrows pressed on its Explore link) moves to the new slide's
 * Explore link first: nothing focused is made inert, which would drop the focus to <body>.
 */
function hideInactiveSlides(instance: SwiperInstance) {
  const active = instance.slides[instance.activeIndex];
  const focused = instance.slides.find((slide) => slide.contains(document.activeElement));
  if (active && focused && focused !== active) active.querySelector<HTMLElement>('.cat-banner__explore')?.focus({ preventScroll: true });
  instance.slides.forEach((slide, index) => {
    slide.inert = index !== instance.activeIndex;
  });
}

export interface HeroCarouselProps {
  /** Autoplay runs: the visitor has not paused it, and neither their pointer nor their focus is on the slides. */
  running: boolean;
  /** Move on to the second slide at once, as autoplay would have (read when swiper takes over). */
  advance: boolean;
}

/**
 * The banner's carousel (swiper), loaded when the visitor reaches for the banner or the first
 * slide's time is up (hero-banner.tsx); in the latter case it moves on to the second slide at once,
 * as autoplay would have. It rewinds rather than loops: swiper's loop moves the slides' elements
 * around the active one, and an element moved in the document loses the focus it holds.
 */
export default function HeroCarousel({ running, advance }: HeroCarouselProps) {
  const swiper = useRef<SwiperInstance | null>(null);

  useEffect(() => {
    if (advance) swiper.current?.slideNext();
    // Once, when swiper has taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Stopped, not paused: swiper resumes a paused autoplay by itself at the end of a slide's move.
  useEffect(() => {
    const autoplay = swiper.current?.autoplay;
    if (!autoplay) return;
    if (running && !autoplay.running) autoplay.start();
    else if (!running && autoplay.running) autoplay.stop();
  }, [running]);

  return (
    <Swiper
      modules={[Navigation, Pagination, Autoplay, Keyboard, A11y]}
      rewind
      // pauseOnMouseEnter: swiper's own mark (autoplay.paused) says so too while the mouse is on it.
      autoplay={{ delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
      navigation
      pagination={{ clickable: true }}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{ enabled: true, prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide' }}
      onSwiper={(instance) => {
        swiper.current = instance;
        hideInactiveSlides(instance);
      }}
      onSlideChange={hideInactiveSlides}
      className="cat-banner__swiper"
    >
      {BANNER_SLIDES.map((slide) => (
        <SwiperSlide key={slide.id} className="cat-banner__slide">
          <BannerSlideContent slide={slide} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
