import { createHash } from 'node:crypto';
import { WAITING_ATTRIBUTE } from '@antiquarium/contracts/first-page';

/**
 * The one script a composed document carries inline (docs/decisions/0015), in place of the shell's
 * `<script defer>`. The composed document is the whole page, its links real ones the server
 * composes too: the site's code (its `data-entry`, about 175 KB gzip) is started on the visitor's
 * first intent, not on load, so a visitor who reads pays none of its download, evaluation or
 * hydration (the Total Blocking Time a slow phone measured):
 * - an intent is a pointer moved or pressed, a touch, a wheel, a key, a focus inside the page, or an
 *   activation that came with none of these (a screen reader's, voice control's or switch access's
 *   click, `element.click()`), a value typed or chosen, a form sent;
 * - the controls whose code has not come (WAITING_ATTRIBUTE) stay enabled: a click on a button, a
 *   checkbox or a radio of theirs is held (its default prevented, React never sees it) and replayed
 *   as a click once the control is hydrated (its attribute gone), so it is answered once; a form
 *   sent with waiting controls is sent again once they are all hydrated. Only the last held
 *   activation is replayed (the visitor's latest wish). What is typed or chosen meanwhile stays in
 *   the controls and is handed to the page's code as it hydrates (composed-frame.tsx), before the
 *   replay (a task later);
 * - it tells the page, on <html data-aq-session>, whether Firebase has a stored session in this
 *   browser ('member') or not ('visitor'); the shell's server marks the same from the session hint
 *   cookie before the first paint, and this corrects it where the cookie was missing or stale (a
 *   member signed in before the cookie existed). Blocked storage counts as a member's (the code then
 *   decides). It looks on the first intent, as the code is asked for, not on load: a fresh browser's
 *   first look at its storage took 4-10 ms in Lighthouse's runs here, a task of its own after the
 *   first paint (issue 29); a page without an entry to start looks at once.
 * Inline, it costs no request; the shell's Content-Security-Policy allows it by its hash
 * (INTENT_STARTER_SCRIPT_HASH), and no other inline script.
 */
export const INTENT_STARTER_SCRIPT = `(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var WAITING = '${WAITING_ATTRIBUTE}';
  function tellSession() {
    var member = false;
    try {
      [localStorage, sessionStorage].forEach(function (store) {
        for (var i = 0; i < store.length; i += 1) if (String(store.key(i)).indexOf('firebase:authUser:') === 0) member = true;
      });
    } catch (blocked) {
      member = true;
    }
    document.documentElement.setAttribute('data-aq-session', member ? 'member' : 'visitor');
  }
  if (!entry) {
    tellSession();
    return;
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    tellSession();
    var tag = document.createElement('script');
    tag.src = entry;
    document.head.appendChild(tag);
  }
  var held = null;
  function hold(node, awake, replay) {
    if (held) held.disconnect();
    var watch = new MutationObserver(function () {
      if (!awake()) return;
      watch.disconnect();
      if (held !== watch) return;
      held = null;
      setTimeout(function () {
        if (node.isConnected) replay();
      }, 0);
    });
    watch.observe(node, { attributes: true, subtree: true, attributeFilter: [WAITING] });
    held = watch;
  }
  function waitingControl(target) {
    var control = target && target.closest ? target.closest('[' + WAITING + ']') : null;
    if (!control) return null;
    if (control.tagName === 'BUTTON') return control;
    return control.tagName === 'INPUT' && /^(checkbox|radio|submit|button|reset|image)$/.test(control.type) ? control : null;
  }
  function onClick(event) {
    start();
    var control = waitingControl(event.target);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(control, function () { return !control.hasAttribute(WAITING); }, function () { control.click(); });
  }
  function onSubmit(event) {
    start();
    var form = event.target;
    if (!form || !form.querySelector || !form.querySelector('[' + WAITING + ']')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold(form, function () { return !form.querySelector('[' + WAITING + ']'); }, function () {
      if (form.requestSubmit) form.requestSubmit();
    });
  }
  ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'focusin', 'input', 'change'].forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true });
  });
  addEventListener('click', onClick, true);
  addEventListener('submit', onSubmit, true);
})();`;

/** The script's CSP source expression ('sha256-…', without the quotes). */
export const INTENT_STARTER_SCRIPT_HASH = `sha256-${createHash('sha256').update(INTENT_STARTER_SCRIPT, 'utf8').digest('base64')}`;
