import { createHash } from 'node:crypto';

/**
 * The one script a composed document carries inline (docs/decisions/0011, 0015), in place of the
 * shell's `<script defer>`. The composed document is the whole page, its links real ones the server
 * composes too: the site's code (its `data-entry`, about 175 KB gzip) is started on the visitor's
 * first intent, not on load, so a visitor who reads pays none of its download, evaluation or
 * hydration (the Total Blocking Time a slow phone measured):
 * - an intent is a pointer moved or pressed, a touch, a wheel, a key, or a focus inside the page;
 * - a press on a control still waiting for its code (WAITING_ATTRIBUTE, disabled by the server) is
 *   held: once that control is hydrated (its attribute gone), the press is replayed as a click on
 *   it, if it was released meanwhile (a press still down when the control wakes ends in a real click,
 *   and a touch that turned into a scroll, pointercancel, is no press);
 * - it tells the page, on <html data-aq-session>, whether Firebase has a stored session in this
 *   browser ('member') or not ('visitor'): the top bar's Login link shows for a visitor before the
 *   code has come (layout.css); blocked storage counts as a member's (the code then decides). It
 *   looks on the first intent, as the code is asked for, not on load: a fresh browser's first look
 *   at its storage took 4-10 ms in Lighthouse's runs here, a task of its own after the first paint
 *   (issue 29: no task over 50 ms on a slow phone). Until then the Login link's place is held, so
 *   nothing moves; a page without an entry to start looks at once (its Login link is the only way on).
 * Inline, it costs no request; the shell's Content-Security-Policy allows it by its hash
 * (INTENT_STARTER_SCRIPT_HASH), and no other inline script.
 */
export const INTENT_STARTER_SCRIPT = `(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
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
  var held = null;
  function hold(control) {
    if (held) held.watch.disconnect();
    var press = { control: control, released: false, watch: null };
    press.watch = new MutationObserver(function () {
      if (control.hasAttribute('data-aq-waiting')) return;
      press.watch.disconnect();
      if (held !== press) return;
      held = null;
      if (!press.released || !control.isConnected) return;
      if (control.tagName === 'BUTTON') control.click();
      else control.focus();
    });
    press.watch.observe(control, { attributes: true, attributeFilter: ['data-aq-waiting'] });
    held = press;
  }
  function intent(event) {
    var target = event.target;
    var control = target && target.closest ? target.closest('[data-aq-waiting]') : null;
    if (control && (event.type === 'pointerdown' || event.type === 'touchstart')) hold(control);
    if (started) return;
    started = true;
    tellSession();
    var tag = document.createElement('script');
    tag.src = entry;
    document.head.appendChild(tag);
  }
  function release() {
    if (held) held.released = true;
  }
  function cancel() {
    if (held) held.watch.disconnect();
    held = null;
  }
  ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown', 'focusin'].forEach(function (type) {
    addEventListener(type, intent, { capture: true, passive: true });
  });
  ['pointerup', 'touchend'].forEach(function (type) {
    addEventListener(type, release, { capture: true, passive: true });
  });
  addEventListener('pointercancel', cancel, { capture: true, passive: true });
})();`;

/** The script's CSP source expression ('sha256-…', without the quotes). */
export const INTENT_STARTER_SCRIPT_HASH = `sha256-${createHash('sha256').update(INTENT_STARTER_SCRIPT, 'utf8').digest('base64')}`;
