// The shell's server build (dist/server/first-page.mjs, run by deploy/serve-static.mjs --spa): the
// first pages' composer (docs/decisions/0010) and the share pages and sitemap (issue 28).
export * from './first-page-server';
export { createSharePages, type SharePages, type SharePagesOptions } from './share-pages';
export { visitHintsOf, withVisitHints, type VisitHints } from './visit-hints';
