// The shell's server build (dist/server/first-page.mjs, run by deploy/serve-static.mjs --spa): the
// first pages' composer (docs/decisions/0010), the share pages and the sitemap, and the visit hints.
export * from './first-page-server';
export * from './first-page-document';
export { releaseFramesUrl } from './first-page-fetching';
export { DEFAULT_CACHE_MS, DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS, FirstPageConfigError, framesVariable, type ApiSettings } from './server-settings';
export { forwardedFor, type Visitor } from './visitor';
export { createSharePages, type SharePages, type SharePagesOptions } from './share-pages';
export { visitHintsOf, withVisitHints, type VisitHints } from './visit-hints';
