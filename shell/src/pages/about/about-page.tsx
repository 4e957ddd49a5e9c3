import { Link } from 'react-router-dom';
import '../pages.css';

const FEATURES = [
  {
    title: 'Built by the Community',
    text: 'Every entry is shared by people who care about the past: collectors, students, historians and curious explorers.',
  },
  {
    title: 'Open to Everyone',
    text: 'Browse, search and filter the whole collection for free. Sign in to add artifacts and keep a list of favourites.',
  },
  {
    title: 'Stories Preserved',
    text: 'Each artifact keeps its context: when it was made, where it was found, who discovered it and where it is today.',
  },
  {
    title: 'A Global Collection',
    text: 'Tools, weapons, documents and writings from every continent and era, gathered in one place.',
  },
] as const;

export function AboutPage() {
  return (
    <div className="aq-container aq-page">
      <div className="aq-page__intro">
        <h1>About Antiquarium</h1>
        <p className="aq-page__lead">
          Antiquarium is a global collection of historical artifacts, built by the community.
        </p>
        <p>
          Our mission is to preserve the stories of humanity&apos;s past and to make them open to everyone. From
          the tools of the first farmers to the letters of forgotten empires, every artifact shared here helps
          someone, somewhere, understand where we come from.
        </p>
      </div>
      <ul className="aq-feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="aq-feature-card">
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
      <Link className="aq-button aq-button--primary" to="/register">
        Join the Community
      </Link>
    </div>
  );
}
