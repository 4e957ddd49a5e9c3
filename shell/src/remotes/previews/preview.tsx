/**
 * An operator's preview of a release (`?preview=catalog@<version>`), loaded only when one is asked:
 * a visitor's page load never downloads this file. The registry decides who may preview: it answers
 * GET /releases/:remote/:version only to a member whose ID token carries `operator: true`. Anyone
 * else's request is dropped silently, and the remote keeps the release chosen at load.
 */
import { useAuthStore } from '@antiquarium/auth-store';
import { isReleaseVersion } from '@antiquarium/contracts';
import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from '../../config/runtime-config';
import { previewRemote, remotesRegistered } from '../loading/federation';
import { forgetPreview, type PreviewRequest } from './preview-request';
import { manifestUrlIn, remoteOrigins } from '../loading/remote-origins';
import './preview.css';

/** The longest a held remote waits for the sign-in state (the Firebase SDK loads after the first frame). */
export const AUTH_WAIT_MS = 10_000;
/** The longest a held remote waits for the registry's answer about one release. */
export const LOOKUP_TIMEOUT_MS = 5_000;

interface PreviewRelease extends PreviewRequest {
  manifestUrl: string;
}

/** Resolves once the sign-in state is known (or after timeoutMs). */
function authSettled(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = useAuthStore.subscribe((state) => {
      if (!state.loading) done();
    });
    const timer = setTimeout(done, timeoutMs);
    function done() {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    }
    if (!useAuthStore.getState().loading) done();
  });
}

async function lookUp(config: RuntimeConfig, { remote, version }: PreviewRequest, token: string): Promise<PreviewRelease | undefined> {
  try {
    const response = await fetch(`${config.apiUrl}/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    const release = (await response.json()) as { remote?: unknown; version?: unknown; manifestUrl?: unknown } | null;
    const manifestUrl = manifestUrlIn(release?.manifestUrl, remoteOrigins(config));
    if (release?.remote !== remote || release.version !== version || !manifestUrl) return undefined;
    return { remote, version, manifestUrl };
  } catch {
    return undefined;
  }
}

export function PreviewBar({ releases, onExit }: { releases: readonly PreviewRequest[]; onExit: () => void }) {
  return (
    <section className="aq-preview-bar" aria-label="Release preview">
      <p role="status">Previewing {releases.map(({ remote, version }) => `${remote} ${version}`).join(', ')}</p>
      <button type="button" className="aq-button" onClick={onExit}>
        Exit preview
      </button>
    </section>
  );
}

export interface PreviewOptions {
  /** Where Exit preview goes (the same address without the parameter); tests pass their own. */
  navigate?: (url: string) => void;
}

/**
 * Resolves the preview: the pages of each requested remote are held (release-routing.ts) until this
 * settles, so a previewed remote never loads a module from the release chosen at load.
 */
export async function startPreview(
  config: RuntimeConfig,
  requests: readonly PreviewRequest[],
  { navigate = (url) => window.location.replace(url) }: PreviewOptions = {},
): Promise<void> {
  const wanted = requests.filter((request) => isReleaseVersion(request.version));
  if (wanted.length > 0) await authSettled(AUTH_WAIT_MS);
  const { user, getIdToken } = useAuthStore.getState();
  const token = user && wanted.length > 0 ? await getIdToken().catch(() => null) : null;
  const answers = token ? await Promise.all(wanted.map((request) => lookUp(config, request, token))) : [];
  const found = answers.filter((release) => release !== undefined);
  if (found.length === 0) {
    // Not an operator, not signed in, or no such release: as if nothing had been asked.
    forgetPreview();
    return;
  }
  await remotesRegistered();
  for (const release of found) previewRemote(release.remote, release);

  const exit = () => {
    forgetPreview();
    const url = new URL(window.location.href);
    url.searchParams.delete('preview');
    navigate(url.href);
  };
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<PreviewBar releases={found} onExit={exit} />);
}
