import { Link } from 'react-router-dom';
import { BrandMark } from './brand-mark';
import { ThemeToggle } from './theme-toggle';

const SOCIAL_LINKS = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z',
  },
  {
    name: 'X',
    href: 'https://x.com/',
    path: 'M5 4h4.5l4 5.6L18.3 4H21l-6.3 7.4L21.5 20H17l-4.4-6-5.1 6H4.8l6.6-7.7z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zm0 2a3 3 0 00-3 3v8a3 3 0 003 3h8a3 3 0 003-3V8a3 3 0 00-3-3zm4 3.5a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm0 2a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM17 6a1 1 0 110 2 1 1 0 010-2z',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    path: 'M21.6 7.2c-.2-.9-.9-1.6-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4c-.9.2-1.6.9-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8c.2.9.9 1.6 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4c.9-.2 1.6-.9 1.8-1.8.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z',
  },
] as const;

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/all-artifacts', label: 'All Artifacts' },
  { to: '/my-artifacts', label: 'My Artifacts' },
  { to: '/add-artifact', label: 'Add Artifact' },
  { to: '/liked-artifacts', label: 'Liked Artifacts' },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="aq-footer">
      <div className="aq-container aq-footer__grid">
        <section className="aq-footer__about" aria-labelledby="aq-footer-brand">
          <h2 id="aq-footer-brand" className="aq-footer__brand">
            <BrandMark />
            <span>Antiquarium</span>
          </h2>
          <p>
            Antiquarium is a database for preserving and sharing historical treasures: a global collection of
            tools, weapons, documents and writings, built by the community.
          </p>
          <ul className="aq-footer__social" aria-label="Antiquarium on social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} rel="noopener noreferrer" target="_blank" aria-label={`Antiquarium on ${link.name}`}>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path d={link.path} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav className="aq-footer__links" aria-labelledby="aq-footer-quick-links">
          <h2 id="aq-footer-quick-links">Quick Links</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="aq-footer__contact" aria-labelledby="aq-footer-contact">
          <h2 id="aq-footer-contact">Contact Us</h2>
          <address>
            <p>12 Museum Street, London WC1A 1JR, United Kingdom</p>
            <p>
              Email: <a href="mailto:support@antiquarium.org">support@antiquarium.org</a>
            </p>
            <p>
              Phone: <a href="tel:+442071234567">+44 20 7123 4567</a>
            </p>
            <p>Support hours: Mon-Fri 9AM-6PM</p>
          </address>
        </section>
      </div>
      <div className="aq-footer__bottom">
        <div className="aq-container aq-footer__bottom-inner">
          <p>© {year} Antiquarium. All rights reserved.</p>
          <ThemeToggle />
          <ul aria-label="Legal">
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/transparency">Transparency</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
