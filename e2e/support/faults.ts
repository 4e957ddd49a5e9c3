import type { Page, Route } from '@playwright/test';
import { API_URL, SITE_URL } from './env';

const apiPattern = `${new URL(API_URL).origin}/**`;
const site = new URL(SITE_URL).origin;
/** The site's documents (paths without a file extension), not its files. */
const isSiteDocument = (url: URL) => url.origin === site && !/\.[a-z0-9]+$/i.test(url.pathname);
/** The shell server's budget for composing a first page (FIRST_PAGE_TIMEOUT_MS's default). */
const COMPOSE_BUDGET_MS = 400;

/**
 * The site's plain index.html for every document instead of a first page composed on the server
 * (docs/decisions/0010): what the shell's server sends when it cannot compose (the api or the
 * remote's frames down, or slower than its budget), so that the browser does all the work.
 */
export async function plainDocument(page: Page): Promise<void> {
  await page.route(isSiteDocument, async (route: Route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    // Asked of the server under another name, not fulfilled by the test: a fulfilled document has no
    // network address, and Chromium then refuses its calls to the local servers (Local Network Access).
    return route.continue({ url: `${site}/index.html` });
  });
}

/**
 * Makes every api request fail as if the api were stopped (connection refused): for the shell's
 * server too, which then sends its pages plain.
 */
export async function stopApi(page: Page): Promise<void> {
  await plainDocument(page);
  await page.route(apiPattern, (route: Route) => route.abort('connectionrefused'));
}

/** Delays every api request by `ms` before it goes through (past the shell server's budget, it sends its pages plain). */
export async function slowApi(page: Page, ms: number): Promise<void> {
  if (ms >= COMPOSE_BUDGET_MS) await plainDocument(page);
  await page.route(apiPattern, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}

export async function restoreApi(page: Page): Promise<void> {
  await page.unroute(apiPattern);
  await page.unroute(isSiteDocument);
}

/** Collects uncaught page errors, which must stay empty whatever the api does. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
