// Budgets shared by the bench (scripts/bench/options.mjs) and the browser suite's check of them
// (e2e/tests/first-page-budget.spec.ts): one number each, read by both.

/**
 * Issue 29: KB (gzip) of JS a first page (/, /all-artifacts, visitor or signed in) loads before it
 * is interactive. A composed first page is interactive as the document (links, text, pictures) and
 * starts its code on the visitor's first intent (docs/decisions/0015).
 */
export const FIRST_PAGE_JS_KB = 110;
