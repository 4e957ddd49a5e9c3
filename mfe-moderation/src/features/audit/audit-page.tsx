import { useApiData } from '@antiquarium/api-client';
import { useCallback } from 'react';
import { Desk, Loaded, PageLinks, usePageParam } from '../../shared/desk';
import { formatWhen } from '../../shared/logic';
import { auditPage } from '../../shared/moderation-api';

export const AUDIT_TEXTS = {
  title: 'Audit log',
  lead: 'Every moderation action: who, when, what and why. Newest first.',
  loading: 'Loading the audit log…',
  failed: 'The audit log could not be loaded.',
  empty: 'Nothing has been done yet.',
} as const;

/** Exposed as 'moderation/Audit' (/moderation/audit). */
export default function AuditPage() {
  const { page, hrefOf } = usePageParam();
  const load = useCallback((signal: AbortSignal) => auditPage(page, signal), [page]);
  const state = useApiData(`moderation-audit:${page}`, load);
  return (
    <Desk title={AUDIT_TEXTS.title} lead={AUDIT_TEXTS.lead}>
      <Loaded state={state} loading={AUDIT_TEXTS.loading} failed={AUDIT_TEXTS.failed}>
        {(data) =>
          data.items.length === 0 ? (
            <p>{AUDIT_TEXTS.empty}</p>
          ) : (
            <>
              <ol className="mod-list">
                {data.items.map((entry) => (
                  <li key={entry.id} className="mod-item">
                    <dl className="mod-facts">
                      <dt>When</dt>
                      <dd>{formatWhen(entry.at)}</dd>
                      <dt>Who</dt>
                      <dd>{entry.actorUid}</dd>
                      <dt>What</dt>
                      <dd>
                        {entry.action} ({entry.target})
                      </dd>
                      <dt>Why</dt>
                      <dd>{entry.why || '–'}</dd>
                    </dl>
                  </li>
                ))}
              </ol>
              <PageLinks data={data} hrefOf={hrefOf} />
            </>
          )
        }
      </Loaded>
    </Desk>
  );
}
