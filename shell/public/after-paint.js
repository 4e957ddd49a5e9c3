/* global document, requestAnimationFrame */
// A document composed on the server (docs/decisions/0011) paints its page before any script: this
// starts the shell's entry (data-entry) right after that first paint, so the page's own pictures get
// the connection first and the boot's long tasks come after the paint, not before it.
(function () {
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
  // A hidden tab paints no frame: it starts at once (and never waits long for one).
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();
