import { errorMessage, type ApiData } from '@antiquarium/api-client';
import { Spinner } from '@antiquarium/ui';
import type { ReactNode, RefObject } from 'react';
import { NavLink } from 'react-router-dom';
import { refusalOf } from './logic';
import './moderation.css';

export const DESK_TEXTS = {
  notModeratorTitle: 'Not a moderator',
  notModerator: 'These screens are for the site’s moderators, and your account does not have the moderator role. If you should have it, ask an operator to grant it.',
  signedOut: 'Sign in with a moderator’s account to see these screens.',
} as const;

const SECTIONS = [
  { to: '/moderation', label: 'Queue', end: true },
  { to: '/moderation/inbox', label: 'Contact inbox', end: false },
  { to: '/moderation/appeals', label: 'Appeals', end: false },
  { to: '/moderation/cases', label: 'Misuse cases', end: false },
  { to: '/moderation/audit', label: 'Audit log', end: false },
  // Not 'Transparency': the footer's link of that name is the public page (one name, one place).
  { to: '/moderation/transparency', label: 'Transparency figures', end: false },
];

/** Every moderators' screen: its title (`heading`: where a paged list's focus goes after paging), the desk's sections, then its content. */
export function Desk({ title, lead, heading, children }: { title: string; lead: string; heading?: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <div className="aq-container mod-desk">
      <h1 ref={heading}>{title}</h1>
      <p className="mod-lead">{lead}</p>
      <nav aria-label="Moderation">
        <ul className="mod-sections">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className="mod-section">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** A screen's data: a spinner while it loads, the refusal for non-moderators, the error, or the content. */
export function Loaded<T>({ state, loading, failed, children }: { state: ApiData<T>; loading: string; failed: string; children: (data: T) => ReactNode }) {
  if (state.status === 'loading') return <Spinner label={loading} />;
  if (state.status === 'error') {
    const refusal = refusalOf(state.error);
    if (refusal === 'not-moderator') {
      return (
        <section className="mod-refusal" aria-labelledby="mod-refusal-title">
          <h2 id="mod-refusal-title">{DESK_TEXTS.notModeratorTitle}</h2>
          <p>{DESK_TEXTS.notModerator}</p>
        </section>
      );
    }
    return <p role="alert">{refusal === 'signed-out' ? DESK_TEXTS.signedOut : errorMessage(state.error, failed)}</p>;
  }
  return <>{children(state.data)}</>;
}

