import { ApiRequestError, getArtifact, useApiData } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { isObjectId } from '@antiquarium/contracts';
import { ArtifactImage, Spinner } from '@antiquarium/ui';
import { useSearchParams } from 'react-router-dom';
import { ReportForm } from './report-form';
import { REPORT_TEXTS } from './report-texts';
import './report.css';

function ReportedArtifact({ id }: { id: string }) {
  const result = useApiData(`report-artifact:${id}`, (signal) => getArtifact(id, { signal }));
  if (result.status === 'loading') return <Spinner label="Loading artifact…" />;
  if (result.status === 'error') {
    if (result.error instanceof ApiRequestError && result.error.status === 404) {
      return <p className="cat-message">{REPORT_TEXTS.artifactNotFound}</p>;
    }
    return (
      <>
        <div className="cat-report-page__artifact">
          <p>
            {REPORT_TEXTS.artifactFailed} <code>{id}</code>
          </p>
          <button type="button" className="aq-button" onClick={result.retry}>
            {REPORT_TEXTS.retry}
          </button>
        </div>
        <ReportSection id={id} />
      </>
    );
  }
  return (
    <>
      <div className="cat-report-page__artifact">
        <ArtifactImage src={result.data.image} alt="" width={96} height={72} priority="eager" sizes="96px" />
        <p>
          {REPORT_TEXTS.reporting} <strong>{result.data.name}</strong>
        </p>
      </div>
      <ReportSection id={id} />
    </>
  );
}

function ReportSection({ id }: { id: string }) {
  const signedIn = useAuthStore((state) => Boolean(state.user?.email));
  return <ReportForm artifactId={id} withEmail={!signedIn} />;
}

/**
 * Exposed as 'catalog/Report': `/report?artifact=<id>`, open to everyone (visitors reach it from an
 * artifact's card, since they cannot open its details page).
 */
export default function ReportPage() {
  const [params] = useSearchParams();
  const id = params.get('artifact')?.trim().toLowerCase() ?? '';
  return (
    <section className="aq-container cat-report-page" aria-labelledby="report-page-title">
      <h1 id="report-page-title">{REPORT_TEXTS.pageTitle}</h1>
      <p>{REPORT_TEXTS.pageIntro}</p>
      {isObjectId(id) ? <ReportedArtifact key={id} id={id} /> : <p className="cat-message">{REPORT_TEXTS.noArtifact}</p>}
    </section>
  );
}
