// For the shell's tests: a configuration of every remote the workspace description (workspace.json)
// names, so that adding a remote there needs no edit of the tests (issue 30).
import type { ReleaseRef } from '@antiquarium/contracts';
import { REMOTE_NAMES } from '../../config/remote-names';

/** Each remote's manifest URL: by default on its own local port, in the description's order. */
export function remoteUrls(urlOf = (_name: string, index: number) => `http://localhost:${4201 + index}/mf-manifest.json`): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, urlOf(name, index)]));
}

/** Every remote on its own build (`default`) at those URLs; tests override the ones they change. */
export function defaultReleases(urls: Record<string, string> = remoteUrls()): Record<string, ReleaseRef> {
  return Object.fromEntries(Object.entries(urls).map(([name, manifestUrl]) => [name, { version: 'default', manifestUrl }]));
}

/** `<html data-releases>` as the shell writes it: the given versions, `default` for the others. */
export function releasesAttribute(versions: Record<string, string> = {}): string {
  return REMOTE_NAMES.map((name) => `${name}@${versions[name] ?? 'default'}`).join(' ');
}
