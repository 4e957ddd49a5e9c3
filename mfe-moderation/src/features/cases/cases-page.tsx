import { useApiData } from '@antiquarium/api-client';
import { MISUSE_THRESHOLDS, MISUSE_WINDOW_DAYS, type MisuseCase } from '@antiquarium/contracts';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Desk, Loaded, PageLinks, usePageParam } from '../../shared/desk';
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
  unfoundedNotices: 'Notices found manifestly unfounded',
  removedArtifacts: 'Artifacts removed',
};

/** Exposed as 'moderation/Cases' (/moderation/cases). */
export default function CasesPage() {
  const { page, hrefOf } = usePageParam();
  const load = useCallback((signal: AbortSignal) => casesPage(page, signal), [page]);
  const state = useApiData(`moderation-cases:${page}`, load);
  return (
    <Desk title={CASES_TEXTS.title} lead={CASES_TEXTS.lead}>
      <Loaded state={state} loading={CASES_TEXTS.loading} failed={CASES_TEXTS.failed}>
        {(data) =>
          data.items.length === 0 ? (
            <p>{CASES_TEXTS.empty}</p>
          ) : (
            <>
              <ol className="mod-list">
                {data.items.map((misuse) => {
                  const thresholds = MISUSE_THRESHOLDS[misuse.kind];
                  const headingId = `case-${misuse.uid}-${misuse.kind}`;
                  return (
                    <li key={`${misuse.uid}-${misuse.kind}`} className="mod-item">
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
                })}
              </ol>
              <PageLinks data={data} hrefOf={hrefOf} />
            </>
          )
        }
      </Loaded>
    </Desk>
  );
}
