import { createHash } from 'node:crypto';

/**
 * The one script a composed document carries inline (docs/decisions/0011), in place of the shell's
 * `<script defer>`: it starts the shell's entry (its `data-entry`) right after the page's first
 * paint, so the page's own pictures get the connection first and the boot's long tasks come after
 * the paint, not before it. A hidden tab paints no frame: there it starts at once, and it never
 * waits for a frame longer than 250 ms. Inline, it costs no request and no cache entry of its own;
 * the shell's Content-Security-Policy allows it by its hash (AFTER_PAINT_SCRIPT_HASH), nothing else.
 */
export const AFTER_PAINT_SCRIPT = `(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();`;

/** The script's CSP source expression ('sha256-…', without the quotes). */
export const AFTER_PAINT_SCRIPT_HASH = `sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT, 'utf8').digest('base64')}`;
