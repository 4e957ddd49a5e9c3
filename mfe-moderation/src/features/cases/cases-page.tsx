import { MISUSE_THRESHOLDS, MISUSE_WINDOW_DAYS, type MisuseCase } from '@antiquarium/contracts';
import { Link } from 'react-router-dom';
import { ListScreen } from '../../shared/status-list';
import { formatWhen } from '../../shared/logic';
import { casesPage } from '../../shared/moderation-api';

export const CASES_TEXTS = {
  title: 'Misuse cases',
  lead: `Members warned or suspended for misuse, counted over the last ${MISUSE_WINDOW_DAYS} days (thresholds in the terms).`,
  loading: 'Loading misuse cases…',
  failed: 'The misuse cases could not be loaded.',
  empty: 'No member is warned or suspended.',
} as const;

const KIND_LABELS: Record<MisuseCase['kind'], string> = {
  unfoundedNotices: 'Decisions finding their notices manifestly unfounded',
  removedArtifacts: 'Artifacts removed',
};

/** One member's misuse case: its level, count against the thresholds, and history. */
function CaseItem({ misuse }: { misuse: MisuseCase }) {
  const thresholds = MISUSE_THRESHOLDS[misuse.kind];
  const headingId = `case-${misuse.uid}-${misuse.kind}`;
  return (
    <li className="mod-item">
      <article aria-labelledby={headingId}>
        <h2 id={headingId}>
          Member {misuse.uid}: {misuse.level}
        </h2>
        <dl className="mod-facts">
          <dt>Kind</dt>
          <dd>{KIND_LABELS[misuse.kind]}</dd>
          <dt>Count</dt>
          <dd>
            {misuse.count} (warned at {thresholds.warnAt}, suspended at {thresholds.suspendAt})
          </dd>
          <dt>Suspended until</dt>
          <dd>{misuse.suspendedUntil ? formatWhen(misuse.suspendedUntil) : 'Not suspended'}</dd>
        </dl>
        <h3>History</h3>
        <ul>
          {misuse.history.map((event) => (
            <li key={`${event.decisionId}-${event.at}`}>
              {formatWhen(event.at)}: decision {event.decisionId} on <Link to={`/artifacts/${event.artifactId}`}>artifact {event.artifactId}</Link>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

/** Exposed as 'moderation/Cases' (/moderation/cases). */
export default function CasesPage() {
  return (
    <ListScreen name="moderation-cases" texts={CASES_TEXTS} load={casesPage}>
      {(misuse) => <CaseItem key={`${misuse.uid}-${misuse.kind}`} misuse={misuse} />}
    </ListScreen>
  );
}
