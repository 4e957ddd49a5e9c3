import { myNotices, myReports, myStanding, useApiData } from '@antiquarium/api-client';
import { REPORT_REASON_LABELS, type MisuseCase, type ReportView } from '@antiquarium/contracts';
import { DataView, toast } from '@antiquarium/ui';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NoticeCard } from './notice-card';
import { NOTICES_TEXTS as T, dayOf } from './notices-texts';
import '../../shared/account.css';
import './notices.css';

function Standing({ cases }: { cases: MisuseCase[] }) {
  const suspended = cases.some((item) => item.level === 'suspended');
  return (
    <section className="acc-notices__section" aria-labelledby="acc-standing-title">
      <h2 id="acc-standing-title">{T.standingTitle}</h2>
      {cases.length === 0 && <p>{T.goodStanding}</p>}
      {cases.map((item) => (
        <p key={item.kind} className={`acc-standing acc-standing--${item.level}`}>
          {item.level === 'suspended' && item.suspendedUntil ? T.suspended(item.kind, item.count, item.suspendedUntil) : T.warned(item.kind, item.count)}
        </p>
      ))}
      {suspended && (
        <p>
          {T.suspendedRights} <Link to="/my-data">{T.myData}</Link>
        </p>
      )}
    </section>
  );
}

/** Whether a member may still open the artifact they reported: it is public unless hidden by the decision. */
function isPublic(report: ReportView): boolean {
  return !report.outcome || report.outcome.action === 'keep' || report.outcome.reversed;
}

function SentReports({ reports }: { reports: ReportView[] }) {
  return (
    <section className="acc-notices__section" aria-labelledby="acc-sent-title">
      <h2 id="acc-sent-title">{T.sentTitle}</h2>
      {reports.length === 0 ? (
        <p>{T.noneSent}</p>
      ) : (
        <ul className="acc-sent">
          {reports.map((report) => (
            <li key={report.id} className="acc-sent__item">
              <dl className="acc-notice__facts">
                <dt>{T.report.artifact}</dt>
                <dd>{report.artifactName ?? report.artifactId}</dd>
                <dt>{T.report.reason}</dt>
                <dd>{REPORT_REASON_LABELS[report.reason]}</dd>
                <dt>{T.report.received}</dt>
                <dd>{dayOf(report.receivedAt)}</dd>
                <dt>{T.report.outcome}</dt>
                <dd>{report.outcome ? T.report.decided(report.outcome.action, report.outcome.reversed, report.outcome.reversedAt) : T.report.open}</dd>
              </dl>
              {isPublic(report) && (
                <Link className="acc-form__link" to={`/artifacts/${encodeURIComponent(report.artifactId)}`}>
                  {T.openArtifact}
                  {/* One name for one place: several notices each link their own artifact. */}
                  {report.artifactName ? <span className="aq-visually-hidden"> {report.artifactName}</span> : null}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Exposed as 'account/MyNotices' (a login-required route in the shell): statements of reasons, appeals, notices sent, standing. */
export default function NoticesPage() {
  const { hash } = useLocation();
  // The appeal deadlines are compared with the moment the page loaded.
  const [now] = useState(() => Date.now());
  const result = useApiData(
    'my-notices',
    async (signal) => {
      const [notices, reports, standing] = await Promise.all([myNotices({ signal }), myReports({ signal }), myStanding({ signal })]);
      return { notices, reports, standing };
    },
    () => void toast('error', T.loadFailed),
  );

  // A link to one statement (the artifact's notice banner) lands on it once the list is there.
  const ready = result.status === 'ready';
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    // Focus brings it into view, and a screen reader reads it first.
    target?.focus();
  }, [ready, hash]);

  return (
    <section className="aq-container acc-page acc-notices" aria-labelledby="acc-notices-title">
      <div className="acc-page__head">
        <h1 id="acc-notices-title">{T.title}</h1>
        <p>{T.intro}</p>
      </div>
      <DataView result={result} loading="Loading your notices…" failed={T.loadFailed} retry={T.retry} className="acc-message">
        {(data) => (
          <>
            <Standing cases={data.standing} />
            <section className="acc-notices__section" aria-labelledby="acc-received-title">
              <h2 id="acc-received-title">{T.receivedTitle}</h2>
              {data.notices.length === 0 ? (
                <p>{T.noneReceived}</p>
              ) : (
                data.notices.map((notice) => <NoticeCard key={notice.decisionId} notice={notice} now={now} />)
              )}
            </section>
            <SentReports reports={data.reports} />
          </>
        )}
      </DataView>
    </section>
  );
}
