import { expect, test, type Page } from '@playwright/test';
import { API_URL } from '../support/env';

/**
 * How the catalog's first pages load (the Lighthouse budget of docs/performance.md, checked as behaviour, not timing):
 * nothing on screen moves when the remote's code and its data arrive, the banner's first image needs
 * no request of its own, and the api's connection is opened before the page asks it for data.
 */

/** Starts summing layout shifts (as Lighthouse's CLS does, without those right after input). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const box = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    box.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node?.nodeName)));
        box.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShifts(page: Page) {
  return page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
}

/** Holds every api answer back a little, so that the page paints its frame before the data comes. */
async function slowApi(page: Page, ms: number) {
  await page.route(`${API_URL}/artifacts**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test.describe('Catalog loading', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  for (const { path, ready } of [
    { path: '/', ready: (page: Page) => page.locator('.cat-mini-card').first() },
    { path: '/all-artifacts', ready: (page: Page) => page.locator('.aq-card').first() },
  ]) {
    test(`${path} does not shift its layout while its code and data arrive (phone)`, async ({ page }) => {
      await recordLayoutShifts(page);
      await slowApi(page, 400);
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const shifts = await layoutShifts(page);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      // Lighthouse's "good" is below 0.1; the footer sitting in the viewport used to make it 0.4-0.6.
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.1);
    });
  }

  test('the banner’s first image is part of the page’s code (no request before it can paint)', async ({ page }) => {
    await page.goto('/');
    const first = page.locator('img.cat-banner__image').first();
    await expect(first).toBeVisible();
    expect(await first.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });

  test('the api’s connection is opened as soon as the site knows where the api is', async ({ page }) => {
    await page.goto('/');
    const origin = new URL(API_URL).origin;
    const hrefs = await page.locator('head link[rel="preconnect"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(hrefs.map((href) => new URL(href).origin)).toContain(origin);
  });

  test('the catalog’s pages do not download the forms’ validation code (zod)', async ({ page }) => {
    const scripts: { url: string; body: Promise<string> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text() });
    });
    for (const path of ['/', '/all-artifacts']) {
      await page.goto(path);
      await expect(page.locator('.cat-mini-card, .aq-card').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(3);
    const withZod = [];
    for (const script of scripts) if ((await script.body).includes('$ZodError')) withZod.push(script.url);
    expect(withZod).toEqual([]);
  });

  test('the first page’s remote code is preloaded while the shell’s own code loads', async ({ page }) => {
    await page.goto('/all-artifacts');
    await expect(page.locator('.aq-card').first()).toBeVisible();
    const { catalog: catalogOrigin, account: accountOrigin } = await page.evaluate(async () => {
      const config = (await (await fetch('/runtime-config.json')).json()) as { remotes: Record<'catalog' | 'account', string> };
      const origin = (url: string) => new URL(url, window.location.href).origin;
      return { catalog: origin(config.remotes.catalog), account: origin(config.remotes.account) };
    });
    const entries = await page.evaluate(
      (origin) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.startsWith(origin))
          .map((entry) => ({ name: entry.name, initiator: (entry as PerformanceResourceTiming).initiatorType })),
      catalogOrigin,
    );
    // module federation's preloadRemote fetches the manifest and puts the page's chunks in
    // <link rel="preload"> tags: without it they are script requests made after remoteEntry.js ran.
    expect(entries.filter((entry) => entry.initiator === 'link' && entry.name.endsWith('.js')).length, JSON.stringify(entries)).toBeGreaterThan(0);

    // A page of another remote is not preloaded from here (its code only comes when visited).
    expect(await page.evaluate((origin) => performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(origin)).length, accountOrigin)).toBe(0);
  });
});
