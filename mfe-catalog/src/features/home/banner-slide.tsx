import { Link } from 'react-router-dom';
import { BannerArt } from './banner-art';
import type { BannerSlide } from './banner-slides';

/** One slide's content, the same in the first paint and in the carousel. */
export function BannerSlideContent({ slide }: { slide: BannerSlide }) {
  return (
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
      <BannerArt name={slide.art} label={`Illustration of ${slide.title}`} />
    </div>
  );
}
