import { PERSISTED_USER_KEY_PREFIX } from '@antiquarium/auth-store';
import { DISCLOSES_ATTRIBUTE, ENTRY_ATTRIBUTE, LEADS_TO_ATTRIBUTE, SESSION_ATTRIBUTE, WAITING_ATTRIBUTE } from '@antiquarium/contracts/first-page';

/**
 * The one script a composed document carries inline (docs/decisions/0015, 0021, 0029), in place of the
 * shell's `<script defer>`. It is never imported: the build compiles it to a string (intent-starter.ts).
 * The composed document is the whole page, its links real ones the server composes too: the site's
 * code (its ENTRY_ATTRIBUTE, about 175 KB gzip) is started on the visitor's first intent, not on
 * load, so a visitor who reads pays none of its download, evaluation or hydration:
 * - an intent is a pointer moved or pressed, a touch, a wheel, a key, a focus inside the page, or an
 *   activation that came with none of these (a screen reader's, voice control's or switch access's
 *   click, `element.click()`), a value typed or chosen, a form sent;
 * - the controls whose code has not come (WAITING_ATTRIBUTE) stay enabled: a click on a button, a
 *   checkbox or a radio of theirs is held (its default prevented, React never sees it) and replayed
 *   as a click once the control is hydrated (its attribute gone), so it is answered once; a form
 *   sent with waiting controls is sent again once they are all hydrated. Only the last held
 *   activation is replayed (the visitor's latest wish). What is typed or chosen meanwhile stays in
 *   the controls and is handed to the page's code as it hydrates (composed-frame.tsx), before the
 *   replay (a task later). A tap or a click on a waiting control that leads to another composed
 *   page (LEADS_TO_ATTRIBUTE: a refine choice in the first screen) goes there at once instead, as a
 *   link would: the server's answer comes before the code's. Not when something was typed or
 *   chosen in the page (it would be lost), nor for a key's or assistive technology's activation
 *   (the focus stays on the control). A button that shows and hides a part of the page
 *   (DISCLOSES_ATTRIBUTE: the phone menu) is answered here at once, however it was activated: its
 *   `aria-expanded` and its part's `data-open` flip, and the code takes that state as it hydrates;
 * - it tells the page, on <html> (SESSION_ATTRIBUTE), whether Firebase has a stored session in this
 *   browser ('member') or not ('visitor'); the shell's server marks the same from the session hint
 *   cookie before the first paint, and this corrects it where the cookie was missing or stale.
 *   Blocked storage counts as a member's (the code then decides). It looks on the first intent, as
 *   the code is asked for, not on load: a fresh browser's first look at its storage is a task of its
 *   own after the first paint; a page without an entry to start looks at once;
 * - once the page has loaded and the browser is idle, it asks the browser to fetch the entry, not to
 *   run it (`<link rel="prefetch">`), so the first intent pays its evaluation and hydration but not
 *   its download. A connection that asks to save data, or a 2g one, is spared; an intent before then
 *   needs no prefetch. Its bytes come after the load, outside the first page's loading window.
 */

const WAITING = `[${WAITING_ATTRIBUTE}]`;
const INTENTS = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'focusin', 'input', 'change'];
/** The controls whose activation is held: a button, and the inputs that act on a click. */
const CLICKED_INPUT = /^(checkbox|radio|submit|button|reset|image)$/;

function tellSession(): void {
  let member = false;
  try {
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i += 1) if (String(store.key(i)).startsWith(PERSISTED_USER_KEY_PREFIX)) member = true;
    }
  } catch {
    member = true;
  }
  document.documentElement.setAttribute(SESSION_ATTRIBUTE, member ? 'member' : 'visitor');
}

/** The one held activation's watch: holding another drops it. */
let held: MutationObserver | null = null;

/** Holds an activation of `node` until `awake()` says its code has come, then replays it a task later. */
function hold(node: Element, awake: () => boolean, replay: () => void): void {
  held?.disconnect();
  const watch = new MutationObserver(() => {
    if (!awake()) return;
    watch.disconnect();
    if (held !== watch) return;
    held = null;
    setTimeout(() => {
      if (node.isConnected) replay();
    }, 0);
  });
  watch.observe(node, { attributes: true, subtree: true, attributeFilter: [WAITING_ATTRIBUTE] });
  held = watch;
}

/** The waiting control a click on `target` activates, if its activation has to be held. */
function waitingControl(target: EventTarget | null): HTMLButtonElement | HTMLInputElement | null {
  const control = target instanceof Element ? target.closest(WAITING) : null;
  if (control instanceof HTMLButtonElement) return control;
  return control instanceof HTMLInputElement && CLICKED_INPUT.test(control.type) ? control : null;
}

/** Data the visitor asked to save, or a 2g connection: no bytes fetched on speculation. */
function sparesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || /2g$/.test(connection?.effectiveType ?? '');
}

/** After the load, when the browser is idle, fetches (does not run) `entry` unless `started()`. */
function prefetchWhenIdle(entry: string, started: () => boolean): void {
  const prefetch = (): void => {
    if (started() || sparesData()) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = entry;
    document.head.appendChild(link);
  };
  const whenIdle = (): void => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetch, { timeout: 3000 });
    else setTimeout(prefetch, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

/**
 * Shows or hides the part `button` controls (its `aria-controls`), as the button's code would: its
 * `aria-expanded` and the part's `data-open` (which the style sheet shows). False when there is no
 * such part (the click is then held for the code).
 */
function disclose(button: Element): boolean {
  const part = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!part) return false;
  const open = button.getAttribute('aria-expanded') !== 'true';
  button.setAttribute('aria-expanded', String(open));
  part.setAttribute('data-open', String(open));
  return true;
}

/**
 * Whether a click on a control that leads to another composed page goes there: a pointer's (a key's
 * or assistive technology's click is held, so the focus stays on the control), with nothing typed
 * or chosen in the page, on a control in the first screen (the new page opens at its top).
 */
function follows(control: Element, event: MouseEvent, changed: boolean): boolean {
  return event.detail > 0 && !changed && control.getBoundingClientRect().bottom + scrollY <= innerHeight;
}

function startOnIntent(entry: string): void {
  let started = false;
  // Something typed or chosen in the page: a click that leads elsewhere is held, not followed.
  let changed = false;
  const start = (): void => {
    if (started) return;
    started = true;
    tellSession();
    const tag = document.createElement('script');
    tag.src = entry;
    document.head.appendChild(tag);
  };
  const onClick = (event: MouseEvent): void => {
    start();
    const control = waitingControl(event.target);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (control.hasAttribute(DISCLOSES_ATTRIBUTE) && disclose(control)) return;
    const leadsTo = control.getAttribute(LEADS_TO_ATTRIBUTE);
    if (leadsTo !== null && follows(control, event, changed)) {
      location.assign(leadsTo);
      return;
    }
    hold(
      control,
      () => !control.hasAttribute(WAITING_ATTRIBUTE),
      () => control.click(),
    );
  };
  const onSubmit = (event: SubmitEvent): void => {
    start();
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.querySelector(WAITING)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(
      form,
      () => !form.querySelector(WAITING),
      () => form.requestSubmit(),
    );
  };
  for (const type of INTENTS) addEventListener(type, start, { capture: true, passive: true });
  for (const type of ['input', 'change']) addEventListener(type, () => (changed = true), { capture: true, passive: true });
  addEventListener('click', onClick, true);
  addEventListener('submit', onSubmit, true);
  prefetchWhenIdle(entry, () => started);
}

const entry = document.currentScript?.getAttribute(ENTRY_ATTRIBUTE);
if (entry) startOnIntent(entry);
else tellSession();
