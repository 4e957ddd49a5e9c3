import { transparencyReport, useApiData } from '@antiquarium/api-client';
import { MISUSE_POLICY_TEXT } from '@antiquarium/contracts';
import { DataView, FIGURE_TEXTS, TransparencyFigures } from '@antiquarium/ui';
import { Link } from 'react-router-dom';
import '../pages.css';

export const TRANSPARENCY_TEXTS = {
  title: 'Transparency',
  lead: 'How Antiquarium handles notices about what its members publish: every figure is counted from our records, per month, and names nobody.',
  how: 'Anyone can report an artifact. A moderator, never an automated system, decides; the contributor receives the reasons and can appeal for six months, and another moderator decides the appeal. Our rules are in the',
  terms: 'Terms and Conditions',
  /** The misuse measures, with their thresholds and periods (libs/contracts moderation-misuse.ts). */
  misuse: `Misuse of the site: ${MISUSE_POLICY_TEXT}`,
  loadFailed: 'The figures could not be loaded.',
  retry: 'Try again',
  empty: 'No notices or decisions yet.',
  generatedAt: (at: string) => `Counted on ${new Date(at).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC.`,
  ...FIGURE_TEXTS,
} as const;

/** /transparency: the public figures of notice and action (DSA Art. 24), read from GET /transparency. */
export function TransparencyPage() {
  const T = TRANSPARENCY_TEXTS;
  const result = useApiData('transparency', (signal) => transparencyReport({ signal }));
  return (
    <div className="aq-container aq-page aq-transparency">
      <div className="aq-page__intro">
        <h1>{T.title}</h1>
        <p className="aq-page__lead">{T.lead}</p>
        <p>
          {T.how} <Link to="/terms">{T.terms}</Link>.
        </p>
        <p>{T.misuse}</p>
      </div>
      <DataView result={result} loading="Loading the figures…" failed={T.loadFailed} retry={T.retry} role="alert">
        {(report) => (
          <>
            <p>{T.generatedAt(report.generatedAt)}</p>
            {report.months.length === 0 ? <p>{T.empty}</p> : <TransparencyFigures months={report.months} />}
          </>
        )}
      </DataView>
    </div>
  );
}
