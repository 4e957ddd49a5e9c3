import { useAuthStore } from '@antiquarium/auth-store';
import { DISCLOSES_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import type { MouseEvent } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { BrandMark } from './brand-mark';
import { LogoutButton } from './logout-button';
import { usePhoneMenu } from './phone-menu';
import { UserMenu } from './user-menu';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'aq-nav__link is-active' : 'aq-nav__link');

export function TopBar() {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  // Re-read with the user: the moderator claim of their stored token shows the queue's link.
  const moderator = useAuthStore((state) => state.user !== null && state.hasRole('moderator'));
  const { open: menuOpen, setOpen: setMenuOpen, button: menuButton, panel: menuPanel } = usePhoneMenu();

  // A phone's menu closes once a link in it is followed.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) setMenuOpen(false);
  };

  let account;
  if (user) {
    account = (
      <>
        <UserMenu user={user} />
        <LogoutButton />
      </>
    );
  } else {
    // Holds the space of the Login button so the bar does not shift when auth answers. A composed
    // page's visitor sees the Login link before the site's code has come (<html data-aq-session>,
    // marked by the shell's server from the session hint and by the intent starter; layout.css).
    // Loading or not, it is the same link in the same place, so a focus on it stays when auth answers.
    account = (
      <span className={loading ? 'aq-topbar__auth-placeholder' : 'aq-topbar__auth-visitor'}>
        <Link className={`aq-button aq-button--primary aq-topbar__login${loading ? ' aq-topbar__early-login' : ''}`} to="/login">
          Login
        </Link>
      </span>
    );
  }

  return (
    <header className="aq-topbar">
      <div className="aq-container aq-topbar__inner">
        <Link to="/" className="aq-brand">
          <BrandMark />
          <span>Antiquarium</span>
        </Link>
        {/* The menu may have been opened before the code came (the intent starter answers DISCLOSES_ATTRIBUTE):
            its state is adopted once hydrated (usePhoneMenu), so the attributes may differ from the first render's. */}
        <nav
          ref={menuPanel}
          id="aq-primary-nav"
          className="aq-nav"
          aria-label="Main"
          data-open={menuOpen}
          onClick={closeOnLink}
          suppressHydrationWarning
        >
          <ul className="aq-nav__list">
            <li>
              <NavLink to="/" end className={navClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/all-artifacts" className={navClass}>
                All Artifacts
              </NavLink>
            </li>
            {user ? (
              <li>
                <NavLink to="/add-artifact" className={navClass}>
                  Add Artifact
                </NavLink>
              </li>
            ) : null}
            {moderator ? (
              <li>
                <NavLink to="/moderation" className={navClass}>
                  Moderation
                </NavLink>
              </li>
            ) : null}
            <li>
              <NavLink to="/about" className={navClass}>
                About
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className={navClass}>
                Contact
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="aq-topbar__auth">{account}</div>
        <button
          ref={menuButton}
          type="button"
          className="aq-topbar__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="aq-primary-nav"
          {...{ [DISCLOSES_ATTRIBUTE]: '' }}
          suppressHydrationWarning
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="aq-burger" aria-hidden="true" />
          <span className="aq-visually-hidden">Menu</span>
        </button>
      </div>
    </header>
  );
}
