import { CallToAction } from './call-to-action';
import { DidYouKnow } from './did-you-know';
import { FeaturedSection } from './featured-section';
import { HeroBanner } from './hero-banner';
import { HowItWorks } from './how-it-works';
import { RecentlyAdded } from './recently-added';
import { TopContributors } from './top-contributors';
import '../../shared/catalog.css';
import './home.css';

/** Exposed as 'catalog/Home'. Its sections, top to bottom. */
export default function HomePage() {
  return (
    <div className="cat-home">
      <h1 className="aq-visually-hidden">Home</h1>
      <HeroBanner />
      <FeaturedSection />
      <HowItWorks />
      <DidYouKnow />
      <RecentlyAdded />
      <TopContributors />
      <CallToAction />
    </div>
  );
}
