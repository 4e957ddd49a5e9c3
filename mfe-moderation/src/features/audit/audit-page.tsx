import { ListScreen } from '../../shared/status-list';
import { formatWhen, personName } from '../../shared/logic';
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
  return (
    <ListScreen name="moderation-audit" texts={AUDIT_TEXTS} load={auditPage}>
      {(entry) => (
        <li key={entry.id} className="mod-item">
          <dl className="mod-facts">
            <dt>When</dt>
            <dd>{formatWhen(entry.at)}</dd>
            <dt>Who</dt>
            <dd>{personName(entry.actorUid, entry.actorName)}</dd>
            <dt>What</dt>
            <dd>
              {entry.action} ({entry.target})
            </dd>
            <dt>Why</dt>
            <dd>{entry.why || '–'}</dd>
          </dl>
        </li>
      )}
    </ListScreen>
  );
}
