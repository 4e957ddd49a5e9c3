import { errorMessage, sendAppeal } from '@antiquarium/api-client';
import type { AppealView, StatementOfReasons } from '@antiquarium/contracts';
import { toast } from '@antiquarium/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AppealThread } from './appeal-thread';
import { TextForm } from './text-form';
import { NOTICES_TEXTS as T, dayOf } from './notices-texts';

/** The anchor of a statement: the artifact's notice banner links to `/my-notices#notice-<decisionId>`. */
export const noticeAnchor = (decisionId: string) => `notice-${decisionId}`;

function AppealPart({ notice, now }: { notice: StatementOfReasons; now: number }) {
  const [sent, setSent] = useState<AppealView | null>(null);
  const appealId = sent?.id ?? notice.appeal.appealId;
  if (appealId) return <AppealThread appealId={appealId} initial={sent ?? undefined} />;
  if (notice.reversedAt) return null;
  if (Date.parse(notice.appeal.deadline) < now) return <p className="acc-notice__part">{T.appealClosed(notice.appeal.deadline)}</p>;

  const appeal = async (text: string) => {
    try {
      setSent(await sendAppeal({ decisionId: notice.decisionId, text }));
      void toast('success', T.appealSent);
      return true;
    } catch (failure) {
      void toast('error', errorMessage(failure, T.appealFailed));
      return false;
    }
  };
  return (
    <div className="acc-notice__part">
      <TextForm label={T.appealLabel} hint={T.appealHint} button={T.appealButton} sending={T.appealSending} required={T.appealRequired} onSend={appeal} />
    </div>
  );
}

/** One statement of reasons (DSA Art. 17) with its appeal (Art. 20). */
export function NoticeCard({ notice, now }: { notice: StatementOfReasons; now: number }) {
  const headingId = `${noticeAnchor(notice.decisionId)}-title`;
  return (
    <article id={noticeAnchor(notice.decisionId)} className="acc-notice" aria-labelledby={headingId} tabIndex={-1}>
      <h3 id={headingId}>{T.noticeHeading(notice.action, notice.artifactName)}</h3>
      {notice.reversedAt && <p className="acc-notice__reversed">{T.reversed(notice.reversedAt)}</p>}
      <dl className="acc-notice__facts">
        <dt>{T.labels.what}</dt>
        <dd>{notice.what}</dd>
        <dt>{T.labels.duration}</dt>
        <dd>{notice.duration}</dd>
        <dt>{T.labels.facts}</dt>
        <dd>{notice.facts}</dd>
        <dt>{T.labels.ground}</dt>
        <dd>{notice.groundText}</dd>
        <dt>{T.labels.who}</dt>
        <dd>{notice.automation}</dd>
        <dt>{T.labels.decidedAt}</dt>
        <dd>{dayOf(notice.decidedAt)}</dd>
        {!notice.appeal.appealId && !notice.reversedAt && Date.parse(notice.appeal.deadline) >= now && (
          <>
            <dt>{T.labels.appeal}</dt>
            <dd>{T.appealUntil(notice.appeal.deadline)}</dd>
          </>
        )}
      </dl>
      {/* A removed artifact's details answer its contributor too (docs/decisions/0012-moderation.md). */}
      <p>
        <Link className="acc-form__link" to={`/artifacts/${encodeURIComponent(notice.artifactId)}`}>
          {T.openArtifact}
          <span className="aq-visually-hidden"> {notice.artifactName}</span>
        </Link>
      </p>
      <AppealPart notice={notice} now={now} />
    </article>
  );
}
