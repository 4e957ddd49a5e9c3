import { Link } from 'react-router-dom';

export function CallToAction() {
  return (
    <section className="cat-section aq-container" aria-labelledby="cta-title">
      <div className="cat-cta">
        <h2 id="cta-title">Have a piece of history to share?</h2>
        <p>Add an artifact to the collection and help preserve its story for everyone.</p>
        <div className="cat-cta__actions">
          <Link className="aq-button aq-button--primary" to="/add-artifact">
            Share Your Artifact
          </Link>
          <Link className="aq-button cat-cta__secondary" to="/all-artifacts">
            View All Artifacts
          </Link>
        </div>
      </div>
    </section>
  );
}
