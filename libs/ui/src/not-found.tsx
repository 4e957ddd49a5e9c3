import { Link } from 'react-router-dom';
import { usePageTitle } from './page-title';

/** The 404 screen: unknown paths, failed route loads, and artifacts that do not exist. */
export function NotFound() {
  // Also where a route of its own shows it (a private collection, a deleted artifact).
  usePageTitle('Page not found');
  return (
    <section className="aq-not-found" aria-labelledby="aq-not-found-title">
      <p className="aq-not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="aq-not-found-title">Lost in History?</h1>
      <p>The page you are looking for has vanished like a forgotten civilisation.</p>
      <Link className="aq-button aq-button--primary" to="/">
        Return to Home
      </Link>
    </section>
  );
}
