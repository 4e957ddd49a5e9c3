import type { ReactNode } from 'react';
import '../pages.css';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalPage({ title, updated, sections }: { title: string; updated: string; sections: LegalSection[] }) {
  return (
    <div className="aq-container aq-page aq-legal">
      <div className="aq-page__intro">
        <h1>{title}</h1>
        <p className="aq-page__lead">Last updated: {updated}</p>
      </div>
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`legal-section-${index + 1}`}>
          <h2 id={`legal-section-${index + 1}`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}
