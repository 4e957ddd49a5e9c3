import type { Page, Route } from '@playwright/test';
import { API_URL } from './env';

const apiPattern = `${new URL(API_URL).origin}/**`;

/** Makes every api request fail as if the api were stopped (connection refused). */
export async function stopApi(page: Page): Promise<void> {
  await page.route(apiPattern, (route: Route) => route.abort('connectionrefused'));
}

/** Delays every api request by `ms` before it goes through. */
export async function slowApi(page: Page, ms: number): Promise<void> {
  await page.route(apiPattern, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}

export async function restoreApi(page: Page): Promise<void> {
  await page.unroute(apiPattern);
}

/** Collects uncaught page errors, which must stay empty whatever the api does. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
