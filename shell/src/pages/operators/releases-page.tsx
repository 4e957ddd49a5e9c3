import { errorMessage, releaseStatus, useApiData } from '@antiquarium/api-client';
import type { ReleaseStatus, RemoteReleaseStatus } from '@antiquarium/contracts';
import { Spinner } from '@antiquarium/ui';
import { useCallback } from 'react';
import '../pages.css';

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const ms = (value: number | null) => (value === null ? '–' : `${value} ms`);

function since(iso: string | null): string {
  if (!iso) return '–';
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}

function RemoteReleases({ remote }: { remote: RemoteReleaseStatus }) {
  const headingId = `releases-${remote.remote}`;
  return (
    <section aria-labelledby={headingId} className="aq-releases__remote">
      <h2 id={headingId}>{remote.remote}</h2>
      <p>
        Live: <strong>{remote.live ?? 'the image’s own build (no release promoted)'}</strong>
        {remote.live ? ` since ${since(remote.liveSince)}` : ''}
        {remote.canary ? (
          <>
            {' · '}Canary: <strong>{remote.canary.version}</strong> for {remote.canary.percent} % of browsers
          </>
        ) : null}
      </p>
      {remote.releases.length === 0 ? (
        <p>No release published.</p>
      ) : (
        <div className="aq-releases__scroll">
          <table>
            <caption>Releases of {remote.remote}, newest first: the last hour</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Role</th>
                <th scope="col">Page views</th>
                <th scope="col">Load p50</th>
                <th scope="col">Load p95</th>
                <th scope="col">INP p75 (page loads)</th>
                <th scope="col">Load failures</th>
                <th scope="col">Render errors</th>
                <th scope="col">Failure rate</th>
              </tr>
            </thead>
            <tbody>
              {remote.releases.map((release) => (
                <tr key={release.version}>
                  <th scope="row">{release.version}</th>
                  <td>{release.version === remote.live ? 'live' : release.version === remote.canary?.version ? 'canary' : '–'}</td>
                  <td>{release.lastHour.views}</td>
                  <td>{ms(release.lastHour.loadP50Ms)}</td>
                  <td>{ms(release.lastHour.loadP95Ms)}</td>
                  <td>{release.lastHour.inpP75Ms === null ? '–' : `${ms(release.lastHour.inpP75Ms)} (${release.lastHour.inpReports})`}</td>
                  <td>{release.lastHour.loadFailures}</td>
                  <td>{release.lastHour.renderErrors}</td>
                  <td>{percent(release.lastHour.failureRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ReleasesView({ status }: { status: ReleaseStatus }) {
  return (
    <>
      {status.remotes.map((remote) => (
        <RemoteReleases key={remote.remote} remote={remote} />
      ))}
      <section aria-labelledby="releases-audit">
        <h2 id="releases-audit">Latest changes</h2>
        {status.audit.length === 0 ? (
          <p>No change yet.</p>
        ) : (
          <ol className="aq-releases__audit">
            {status.audit.map((entry) => (
              <li key={`${entry.at}-${entry.remote}-${entry.action}-${entry.version}`}>
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time> {entry.remote}: {entry.action} {entry.version}
                {entry.percent ? ` (${entry.percent} %)` : ''} by {entry.by}
                {entry.reason ? `: ${entry.reason}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/**
 * /operators/releases: each remote's releases with their page views, load times and failure rates
 * over the last hour, and the registry's latest changes. The api answers only members whose token
 * carries the `operator` claim (npm run release -- grant-operator); others see why not.
 */
export function ReleasesPage() {
  const load = useCallback((signal: AbortSignal) => releaseStatus({ signal }), []);
  const state = useApiData('releases', load);
  return (
    <div className="aq-container aq-page">
      <div className="aq-page__intro">
        <h1>Releases</h1>
        <p className="aq-page__lead">What each part of the site runs, and how its releases do.</p>
      </div>
      {state.status === 'loading' ? <Spinner label="Loading releases…" /> : null}
      {state.status === 'error' ? <p role="alert">{errorMessage(state.error, 'The releases could not be loaded.')}</p> : null}
      {state.status === 'ready' ? <ReleasesView status={state.data} /> : null}
    </div>
  );
}
