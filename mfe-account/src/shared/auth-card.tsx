import type { ReactNode } from 'react';
import './account.css';

interface AuthCardProps {
  titleId: string;
  title: string;
  intro: string;
  /** Why the visitor was sent here (e.g. to see an artifact's details), above the form. */
  notice?: string | null;
  children: ReactNode;
}

/** The framed column of the sign-in, registration and reset screens. */
export function AuthCard({ titleId, title, intro, notice, children }: AuthCardProps) {
  return (
    <section className="aq-container acc-auth" aria-labelledby={titleId}>
      <div className="acc-auth__card">
        <h1 id={titleId}>{title}</h1>
        <p className="acc-auth__intro">{intro}</p>
        {notice ? <p className="acc-auth__notice">{notice}</p> : null}
        {children}
      </div>
    </section>
  );
}
