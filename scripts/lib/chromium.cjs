// Debian's Chromium as the tests, the bundle-size script and the bench start it: one list of flags,
// so a measurement and a journey run the same browser the same way.
'use strict';

/**
 * No sandbox (these machines run as root), no GPU, and nothing that reaches for the network on its
 * own (the only network here is the local one): background updates, sync, QUIC. Headless mode is
 * the launcher's own choice (Playwright adds it; `HEADLESS_FLAGS` for the others).
 */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For launchers that do not add headless mode themselves (chrome-launcher, a plain launch). */
const HEADLESS_FLAGS = ['--headless', ...CHROMIUM_FLAGS];

/** Where Chromium is: CHROMIUM_PATH (CHROME_PATH, the bench's older name, still read), else Debian's. */
function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || env.CHROME_PATH || '/usr/bin/chromium';
}

/**
 * The journeys' browser: Debian's Chromium headless shell (the same Chromium 156, its renderer
 * without the desktop browser around it; Playwright's own default for headless Chromium). It draws
 * the same pages for about half the CPU (decision 0051). E2E_CHROMIUM_PATH picks another, such as
 * /usr/bin/chromium. The bench keeps the full browser (`chromiumPath`): its figures are a visitor's.
 */
function journeyChromiumPath(env = process.env) {
  return env.E2E_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
}

module.exports = { CHROMIUM_FLAGS, HEADLESS_FLAGS, chromiumPath, journeyChromiumPath };
