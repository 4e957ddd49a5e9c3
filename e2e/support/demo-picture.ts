/**
 * A seeded artifact's cover photo, served by the api (support/global-setup.ts finds it before the
 * journeys start): a picture of the api's own that loads, for the journeys that add an artifact by
 * address. Read when asked, so that a suite without that set-up (e2e/deploy) can import the helpers
 * that use it.
 */
export function demoPictureUrl(): string {
  const url = process.env['DEMO_PICTURE_URL'];
  if (!url) throw new Error('DEMO_PICTURE_URL is unset: the journeys run with support/global-setup.ts (playwright.config.ts)');
  return url;
}

/** The same address with another photo's hash: a picture of the api's own that is not there (404). */
export function missingPictureUrl(): string {
  return demoPictureUrl().replace(/[a-f0-9]{32}(?=-\d+\.jpg$)/, '0'.repeat(32));
}
