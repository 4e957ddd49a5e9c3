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
 * the WAI carousel pattern (otherwise Tab walks through three hidden Explore links).
 */
function hideInactiveSlides(instance: SwiperInstance) {
  instance.slides.forEach((slide, index) => {
    slide.inert = index !== instance.activeIndex;
  });
}

/**
 * The banner's carousel (swiper), loaded when the visitor reaches for the banner or the first
 * slide's time is up (hero-banner.tsx); in the latter case it moves on to the second slide at once,
 * as autoplay would have.
 */
export default function HeroCarousel({ playing, advance }: { playing: boolean; advance: boolean }) {
  const swiper = useRef<SwiperInstance | null>(null);

  useEffect(() => {
    if (advance) swiper.current?.slideNext();
    // Once, when swiper has taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const autoplay = swiper.current?.autoplay;
    if (!autoplay) return;
    if (playing) autoplay.start();
    else autoplay.stop();
  }, [playing]);

  return (
    <Swiper
      modules={[Navigation, Pagination, Autoplay, Keyboard, A11y]}
      loop
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
