import { rightsStatement } from '@antiquarium/contracts';

export const RIGHTS_TEXTS = {
  heading: 'Rights',
  credit: 'Credit:',
} as const;

/**
 * Under what terms the picture may be reused: a badge linking the rights statement (rel="license",
 * read by crawlers and reuse tools), its one-sentence explanation, and the credit line when given.
 * An answer without a statement (an older api) shows the default, Copyright Not Evaluated.
 */
export function RightsBadge({ rights, credit }: { rights?: string; credit?: string }) {
  const statement = rightsStatement(rights);
  const creditLine = credit?.trim();
  return (
    <section className="cat-rights" aria-labelledby="details-rights">
      <h2 id="details-rights">{RIGHTS_TEXTS.heading}</h2>
      <p className="cat-rights__statement">
        <a className="aq-badge cat-rights__badge" href={statement.uri} rel="license noopener" target="_blank">
          {statement.label}
        </a>{' '}
        <span className="cat-rights__explanation">{statement.explanation}</span>
      </p>
      {creditLine ? (
        <p className="cat-rights__credit">
          {RIGHTS_TEXTS.credit} {creditLine}
        </p>
      ) : null}
    </section>
  );
}
