import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { BANNER_AUTOPLAY_MS, BANNER_SLIDES } from './banner-slides';
import './hero-banner.css';

/**
 * Only the visible slide can be reached by keyboard or screen reader: the others are inert, as in
 * the WAI carousel pattern (otherwise Tab walks through three hidden Explore links).
 */
function hideInactiveSlides(instance: SwiperInstance) {
  instance.slides.forEach((slide, index) => {
    slide.inert = index !== instance.activeIndex;
  });
}

export function HeroBanner() {
  const swiper = useRef<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(true);

  // A moving banner needs a way to stop it (WCAG 2.2.2).
  const togglePlay = () => {
    const autoplay = swiper.current?.autoplay;
    if (!autoplay) return;
    if (playing) autoplay.stop();
    else autoplay.start();
    setPlaying(!playing);
  };

  return (
    <section className="cat-banner" aria-roledescription="carousel" aria-label="Famous artifacts">
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
        {BANNER_SLIDES.map((slide, index) => (
          <SwiperSlide key={slide.id} className="cat-banner__slide">
            <div className="aq-container cat-banner__inner">
              <div className="cat-banner__text">
                <p className="cat-banner__subtitle">{slide.subtitle}</p>
                <h2 className="cat-banner__title">{slide.title}</h2>
                <p className="cat-banner__description">{slide.description}</p>
                <dl className="cat-banner__facts">
                  <div>
                    <dt>Period</dt>
                    <dd>{slide.period}</dd>
                  </div>
                  <div>
                    <dt>Location</dt>
                    <dd>{slide.location}</dd>
                  </div>
                </dl>
                <Link className="aq-button aq-button--primary cat-banner__explore" to="/all-artifacts">
                  Explore
                </Link>
              </div>
              <img
                className="cat-banner__image"
                src={slide.image}
                alt={`Illustration of ${slide.title}`}
                width={800}
                height={600}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                decoding="async"
              />
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
      <button type="button" className="cat-banner__play" onClick={togglePlay} aria-pressed={!playing}>
        {playing ? 'Pause slideshow' : 'Play slideshow'}
      </button>
    </section>
  );
}
