// Budgets shared by the bench (scripts/bench/options.mjs) and the browser suite's check of them
// (e2e/tests/first-page-budget.spec.ts): one number each, read by both.

/**
 * Issue 29: KB (gzip) of JS a first page (/, /all-artifacts, visitor or signed in) loads before it
 * is interactive. A composed first page is interactive as the document (links, text, pictures) and
 * starts its code on the visitor's first intent (docs/decisions/0015).
 */
export const FIRST_PAGE_JS_KB = 110;

/**
 * Issue 29: distinct font faces (family, size, weight and style) of the text a first page's
 * document lays out, at a phone's width. Each is a font strike the browser sets up in the page's
 * first layout, its longest task after the first paint (docs/decisions/0016): 21 on `/` made that
 * layout two to three times as long as the seven of the type scale in libs/ui/src/styles.css.
 */
export const FIRST_PAGE_FONT_FACES = 8;
