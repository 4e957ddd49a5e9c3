// The composed document's markup: the remote's frame inside the shell's layout, in index.html's #root,
// with the answers it was rendered with and the shell's entry started on the visitor's first intent.
import { ENTRY_ATTRIBUTE, FIRST_PAGE_ANSWERS_ID, FRAME_ATTRIBUTE, jsonForScript, type DocumentAnswers, WAITING_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { INTENT_STARTER_SCRIPT, INTENT_STARTER_SCRIPT_HASH } from './intent-starter';
import { renderLayoutFrame } from './layout-frame';
// Plain JavaScript shared with deploy/shell-document.mjs, bundled into this build.
import { escapeAttribute } from '../../../deploy/html.mjs';

/**
 * The inline scripts a composed document may carry, as CSP hash sources ('sha256-…'): the server
 * that sends the documents allows these, and no other inline script (deploy/security-headers.mjs).
 */
export const inlineScriptHashes: readonly string[] = [INTENT_STARTER_SCRIPT_HASH];

/**
 * The composed document's form controls, marked with WAITING_ATTRIBUTE until the code that works
 * them has hydrated them (the layout's with the shell, the page's with the remote). They stay
 * enabled, so they are announced, focused and activated as what they are: the intent starter holds
 * an activation and replays it once the control is hydrated, and what is typed or chosen meanwhile
 * is handed to the page's code then (composed-frame.tsx; docs/decisions/0021). Links stay links.
 * React escapes `<` and `>` in attribute values, so every match is a whole tag.
 */
export function waitingControls(html: string): string {
  return html.replace(/<(input|select|textarea|button)\b([^>]*)>/g, (tag: string, name: string, attributes: string) =>
    /\sdisabled=""/.test(attributes) ? tag : `<${name} ${WAITING_ATTRIBUTE}=""${attributes}>`,
  );
}

/**
 * What a remote's frame markup for `url` becomes in the document: the content of #root, the shell's
 * layout around the page, its controls waiting. The browser hydrates it with the site's own tree
 * (docs/decisions/0011). The resource hints React's server render writes before a page's markup
 * (`<link rel="preload">` of its eager images) are left out: in the page's Suspense boundary they
 * would be nodes the browser's render does not have (hydration would fail), and the page's own
 * `<img>` elements, right there in the document, ask for those pictures as early.
 */
export function composePage(url: string, frameHtml: string): string {
  const hints = /^(?:<link\b[^>]*>)*/.exec(frameHtml)?.[0] ?? '';
  return waitingControls(renderLayoutFrame({ url, pageHtml: frameHtml.slice(hints.length) }));
}

/**
 * The browser paints its first frame once the whole composed page is parsed (`rel=expect`,
 * render-blocking, on the answers' element right after #root: Chromium lets the frame go once the
 * element it waits for is in the document, so #root itself would let it go at its start tag). The
 * page's first style and layout then happen once, before the first paint, rather than over frames
 * painted between the parser's chunks, each laying out what the last chunk added while the visitor
 * looks at the page (docs/decisions/0017). Browsers without `rel=expect` paint as the parser goes.
 */
export const FIRST_FRAME_WAITS_FOR_PAGE = `<link rel="expect" href="#${FIRST_PAGE_ANSWERS_ID}" blocking="render">`;

/**
 * index.html with a composed page: its style sheets in the head, the page in #root (marked with
 * FRAME_ATTRIBUTE, valued with the page's module id, until the page has hydrated), the answers it
 * was rendered with right after it (read by the shell's entry), and the shell's entry started on the
 * visitor's first intent (INTENT_STARTER_SCRIPT, inline; docs/decisions/0015). Undefined when
 * index.html has no empty #root to fill.
 */
export function composeDocument(
  indexHtml: string,
  { id, root, css, answers }: { id: string; root: string; css: readonly string[]; answers: DocumentAnswers },
): string | undefined {
  const slot = '<div id="root"></div>';
  const at = indexHtml.indexOf(slot);
  const head = indexHtml.indexOf('</head>');
  if (at < 0 || head < 0 || head > at) return undefined;
  const styles = css.length ? `<style data-aq-frame-css>${css.join('\n')}</style>` : '';
  const data = `<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">${jsonForScript(answers)}</script>`;
  const container = `<div id="root" ${FRAME_ATTRIBUTE}="${escapeAttribute(id)}">`;
  // The shell's entry leaves the head's <script defer> for the end of the body, where the inline
  // INTENT_STARTER_SCRIPT starts it on the visitor's first intent.
  let entry: string | undefined;
  const before = indexHtml.slice(0, head).replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/, (_tag, src: string) => {
    entry = src;
    return '';
  });
  const starter = entry ? `<script ${ENTRY_ATTRIBUTE}="${escapeAttribute(entry)}">${INTENT_STARTER_SCRIPT}</script>` : '';
  return `${before}${FIRST_FRAME_WAITS_FOR_PAGE}${styles}${indexHtml.slice(head, at)}${container}${root}</div>${data}${starter}${indexHtml.slice(at + slot.length)}`;
}
