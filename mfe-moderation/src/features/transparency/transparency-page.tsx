import { useApiData } from '@antiquarium/api-client';
import { REPORT_REASON_LABELS, groundText, type ReportReason, type TransparencyMonth } from '@antiquarium/contracts';
import { useCallback } from 'react';
import { Desk, Loaded } from '../../shared/desk-layout';
import { ACTION_LABELS, breakdown, formatWhen } from '../../shared/logic';
import { transparencyReport } from '../../shared/moderation-api';

export const TRANSPARENCY_TEXTS = {
  title: 'Transparency',
  lead: 'The figures the site publishes each month: notices, decisions, time to decide, appeals and suspensions. Nobody is named.',
  loading: 'Loading the figures…',
  failed: 'The figures could not be loaded.',
  empty: 'No figures yet.',
} as const;

function Figures({ lines }: { lines: string[] }) {
  return lines.length === 0 ? <>none</> : (
    <ul className="mod-figures">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function Month({ month }: { month: TransparencyMonth }) {
  const headingId = `month-${month.month}`;
  return (
    <li className="mod-item">
      <article aria-labelledby={headingId}>
        <h2 id={headingId}>{month.month}</h2>
        <dl className="mod-facts">
          <dt>Notices</dt>
          <dd>
            {month.notices.total}
            <Figures lines={breakdown(month.notices.byReason, (key) => REPORT_REASON_LABELS[key as ReportReason] ?? key)} />
          </dd>
          <dt>Decisions by action</dt>
          <dd>
            {month.decisions.total}
            <Figures lines={breakdown(month.decisions.byAction, (key) => ACTION_LABELS[key as keyof typeof ACTION_LABELS]?.label ?? key)} />
          </dd>
          <dt>Decisions by ground</dt>
          <dd>
            <Figures lines={breakdown(month.decisions.byGround, groundText)} />
          </dd>
          <dt>Median time to decision</dt>
          <dd>{month.medianHoursToDecision === null ? '–' : `${month.medianHoursToDecision} hours`}</dd>
          <dt>Appeals</dt>
          <dd>
            {month.appeals.total}: {month.appeals.upheld} upheld, {month.appeals.reversed} reversed, {month.appeals.open} open
          </dd>
          <dt>Suspensions</dt>
          <dd>{month.suspensions}</dd>
        </dl>
      </article>
    </li>
  );
}

/** Exposed as 'moderation/Transparency' (/moderation/transparency): GET /transparency, per month. */
export default function TransparencyPage() {
  const load = useCallback((signal: AbortSignal) => transparencyReport(signal), []);
  const state = useApiData('moderation-transparency', load);
  return (
    <Desk title={TRANSPARENCY_TEXTS.title} lead={TRANSPARENCY_TEXTS.lead}>
      <Loaded state={state} loading={TRANSPARENCY_TEXTS.loading} failed={TRANSPARENCY_TEXTS.failed}>
        {(report) =>
          report.months.length === 0 ? (
            <p>{TRANSPARENCY_TEXTS.empty}</p>
          ) : (
            <>
              <p className="mod-hint">Computed {formatWhen(report.generatedAt)}.</p>
              <ol className="mod-list">
                {report.months.map((month) => (
                  <Month key={month.month} month={month} />
                ))}
              </ol>
            </>
          )
        }
      </Loaded>
    </Desk>
  );
}
