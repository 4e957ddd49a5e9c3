import { ALL_ARTIFACTS_PATH, HOME_PATH } from '@antiquarium/contracts/first-page';
import type { RemoteName } from './remote-names';

/**
 * The public pages a visit can start on, and the remote module each shows (the same ids as
 * app/routes.tsx; routes.test.tsx checks that they agree). Protected pages are left out: a visitor
 * is sent to /login, so their code would be downloaded for nothing. Read by the browser (to preload
 * the page's code) and by the shell's server (to compose the page, docs/decisions/0010), so this
 * file imports nothing of module federation. `composed`: the pages the catalog's server build renders
 * as frames, which the shell's server composes; the others are only preloaded.
 */
export const FIRST_PAGES: readonly { path: RegExp; remote: RemoteName; expose: string; composed?: true }[] = [
  { path: HOME_PATH, remote: 'catalog', expose: './Home', composed: true },
  { path: ALL_ARTIFACTS_PATH, remote: 'catalog', expose: './AllArtifacts', composed: true },
  { path: /^\/login\/?$/, remote: 'account', expose: './Login' },
  { path: /^\/register\/?$/, remote: 'account', expose: './Register' },
  { path: /^\/forgot-password\/?$/, remote: 'account', expose: './ForgotPassword' },
  // Composed when its id is one the api could have made (its call, COLLECTION_PAGE_PATH); any
  // other is the browser's alone (a composed page without its api calls is sent plain).
  { path: /^\/collections\/[^/]+\/?$/, remote: 'catalog', expose: './Collection', composed: true },
  { path: /^\/members\/[^/]+\/collections\/?$/, remote: 'catalog', expose: './MemberCollections' },
  { path: /^\/report\/?$/, remote: 'catalog', expose: './Report' },
  { path: /^\/reports\/[^/]+\/?$/, remote: 'catalog', expose: './ReportStatus' },
];

export function firstPageOf(pathname: string) {
  return FIRST_PAGES.find((page) => page.path.test(pathname));
}
