import { ApiRequestError, followReport, useApiData } from '@antiquarium/api-client';
import { groundText, REPORT_REASON_LABELS, type ReportView } from '@antiquarium/contracts';
import { Spinner } from '@antiquarium/ui';
import { useParams, useSearchParams } from 'react-router-dom';
import { OUTCOME_TEXTS, REPORT_TEXTS, reportDate } from './report-texts';
import './report.css';

function ReportFacts({ report }: { report: ReportView }) {
  const { outcome } = report;
  return (
    <dl className="cat-report-status">
      <div>
        <dt>{REPORT_TEXTS.reference}</dt>
        <dd>{report.id}</dd>
      </div>
      <div>
        <dt>{REPORT_TEXTS.artifact}</dt>
        {/* Named as its sender saw it; by its id only once it is deleted, before any decision named it. */}
        <dd>{report.artifactName ?? report.artifactId}</dd>
      </div>
      <div>
        <dt>{REPORT_TEXTS.reason}</dt>
        <dd>{REPORT_REASON_LABELS[report.reason] ?? report.reason}</dd>
      </div>
      <div>
        <dt>{REPORT_TEXTS.receivedAt}</dt>
        <dd>{reportDate(report.receivedAt)}</dd>
      </div>
      <div>
        <dt>{REPORT_TEXTS.status}</dt>
        <dd>{report.status === 'decided' ? REPORT_TEXTS.decided : REPORT_TEXTS.statusOpen}</dd>
      </div>
      {outcome ? (
        <>
          <div>
            <dt>{REPORT_TEXTS.outcome}</dt>
            <dd>
              {OUTCOME_TEXTS[outcome.action]}
              {outcome.reversedAt ? ` ${REPORT_TEXTS.reversedOn(reportDate(outcome.reversedAt))}` : outcome.reversed ? ` ${REPORT_TEXTS.reversed}` : ''}
            </dd>
          </div>
          <div>
            <dt>{REPORT_TEXTS.ground}</dt>
            <dd>{groundText(outcome.ground)}</dd>
          </div>
          <div>
            <dt>{REPORT_TEXTS.decidedAt}</dt>
            <dd>{reportDate(outcome.decidedAt)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}

function isNotFound(error: unknown): boolean {
  // A missing or wrong receipt (400, 404) is, for the person holding the link, the same thing.
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

/** Exposed as 'catalog/ReportStatus': `/reports/:id?receipt=...`, open to everyone holding the receipt. */
export default function ReportStatusPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const receipt = params.get('receipt') ?? '';
  const result = useApiData(`report:${id}:${receipt}`, (signal) => followReport(id, receipt, { signal }));

  let body;
  if (result.status === 'loading') body = <Spinner label={REPORT_TEXTS.statusLoading} />;
  else if (result.status === 'ready') body = <ReportFacts report={result.data} />;
  else if (isNotFound(result.error)) body = <p className="cat-message">{REPORT_TEXTS.statusNotFound}</p>;
  else {
    body = (
      <div className="cat-message">
        <p>{REPORT_TEXTS.statusFailed}</p>
        <button type="button" className="aq-button" onClick={result.retry}>
          {REPORT_TEXTS.retry}
        </button>
      </div>
    );
  }
  return (
    <section className="aq-container cat-report-page" aria-labelledby="report-status-title">
      <h1 id="report-status-title">{REPORT_TEXTS.statusTitle}</h1>
      {body}
    </section>
  );
}
