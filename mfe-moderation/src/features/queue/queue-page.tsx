import { REPORT_REASON_LABELS, type DecisionView, type QueueEntry } from '@antiquarium/contracts';
import { mayDiscard } from '@antiquarium/ui';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListScreen } from '../../shared/status-list';
import { decisionSummary, formatWhen, mailtoHref, noticeCount, reasonSummary } from '../../shared/logic';
import { queuePage } from '../../shared/moderation-api';
import { DecisionForm } from './decision-form';

export const QUEUE_TEXTS = {
  title: 'Moderation queue',
  lead: 'Open notices, grouped by artifact, oldest first. A person decides each one, with reasons.',
  loading: 'Loading the queue…',
  failed: 'The queue could not be loaded.',
  empty: 'No open notices. The queue is clear.',
  decide: 'Decide',
  closeDecision: 'Close the decision form',
  gone: 'This artifact no longer exists.',
  noDecisions: 'None.',
  writeTo: 'Write to its sender:',
  writeToName: 'Write to the notice’s sender at',
} as const;

/** The subject of a moderator's mail to a notice's sender: the reference their receipt gave them. */
export const noticeSubject = (reportId: string) => `Your report to Antiquarium (reference ${reportId})`;

function Decisions({ title, decisions }: { title: string; decisions: DecisionView[] }) {
  return (
    <>
      <h3>{title}</h3>
      {decisions.length === 0 ? (
        <p>{QUEUE_TEXTS.noDecisions}</p>
      ) : (
        <ul>
          {decisions.map((decision) => (
            <li key={decision.id}>
              {decisionSummary(decision)}. <span className="mod-hint">Facts: {decision.facts}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function QueueItem({ entry, onDecided }: { entry: QueueEntry; onDecided: () => void }) {
  const [deciding, setDeciding] = useState(false);
  // Closing the form throws away what was chosen and written in it: asked first (issue 43).
  const unsaved = useRef(false);
  const onUnsavedChange = useCallback((value: boolean) => {
    unsaved.current = value;
  }, []);
  const toggle = () => {
    if (!deciding) {
      setDeciding(true);
      return;
    }
    void mayDiscard(unsaved.current).then((discard) => {
      if (discard) setDeciding(false);
    });
  };
  const headingId = `queue-${entry.artifactId}`;
  const { artifact } = entry;
  return (
    <li className="mod-item">
      <article aria-labelledby={headingId}>
        <h2 id={headingId}>{artifact ? artifact.name : QUEUE_TEXTS.gone}</h2>
        <dl className="mod-facts">
          <dt>Notices</dt>
          <dd>{noticeCount(entry.count)}</dd>
          <dt>Reasons</dt>
          <dd>{reasonSummary(entry.reasons)}</dd>
          <dt>Oldest notice</dt>
          <dd>{formatWhen(entry.oldestAt)}</dd>
          {artifact?.moderation ? (
            <>
              <dt>Current state</dt>
              <dd>{artifact.moderation}</dd>
            </>
          ) : null}
        </dl>
        {artifact ? (
          <div className="mod-artifact">
            {artifact.image ? <img src={artifact.image} alt={`Image of ${artifact.name}`} loading="lazy" width={160} height={120} /> : <span />}
            <div>
              <p>{artifact.shortDescription}</p>
              {artifact.context ? <p className="mod-hint">{artifact.context}</p> : null}
              <p className="mod-hint">Added by {artifact.adderName}</p>
              <p>
                <Link className="mod-open" to={`/artifacts/${artifact.id}`} aria-label={`Open the artifact’s page: ${artifact.name}`}>
                  Open the artifact’s page
                </Link>
              </p>
            </div>
          </div>
        ) : null}
        <h3>The notices</h3>
        <ul>
          {entry.reports.map((report) => (
            <li key={report.id}>
              <strong>{REPORT_REASON_LABELS[report.reason]}</strong>, {formatWhen(report.receivedAt)}, from {report.fromMember ? 'a member' : 'a visitor'}
              {report.details ? `: “${report.details}”` : ''}
              {report.email ? (
                <>
                  {' '}
                  {QUEUE_TEXTS.writeTo}{' '}
                  <a className="mod-address" href={mailtoHref(report.email, noticeSubject(report.id))} aria-label={`${QUEUE_TEXTS.writeToName} ${report.email}`}>
                    {report.email}
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        <Decisions title="Earlier decisions on this artifact" decisions={entry.earlierDecisions} />
        <Decisions title="Earlier decisions on its contributor’s artifacts" decisions={entry.contributorDecisions} />
        <button type="button" className="aq-button" aria-expanded={deciding} onClick={toggle}>
          {deciding ? QUEUE_TEXTS.closeDecision : QUEUE_TEXTS.decide}
        </button>
        {deciding ? <DecisionForm entry={entry} onDecided={onDecided} onUnsavedChange={onUnsavedChange} /> : null}
      </article>
    </li>
  );
}

/** Exposed as 'moderation/Queue' (/moderation): the open notices, and the decision on each artifact. */
export default function QueuePage() {
  return (
    <ListScreen
      name="moderation-queue"
      texts={QUEUE_TEXTS}
      load={queuePage}
      before={(data) => <p>{data.total === 1 ? '1 artifact' : `${data.total} artifacts`} with open notices.</p>}
    >
      {(entry, retry) => <QueueItem key={entry.artifactId} entry={entry} onDecided={retry} />}
    </ListScreen>
  );
}
