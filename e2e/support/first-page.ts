import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';

/**
 * The visitor's first intent on a page composed on the server: the pointer moves, as a hand on a
 * mouse does. A composed first page starts its code on the first intent (docs/decisions/0015);
 * this resolves once the code has taken the document over (#root's data-aq-frame gone). On a page
 * the browser renders itself (no data-aq-frame) it only moves the pointer.
 */
export async function startSite(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
  await page.mouse.move(6, 8);
  await expect(page.locator('[data-aq-frame]')).toHaveCount(0);
}

/**
 * Waits until the site's server sends `path` composed. On a loaded machine a composition may miss a
 * visit's wait (FIRST_PAGE_TIMEOUT_MS) and that visit gets the plain document; the composition goes
 * on and serves the next visits for FIRST_PAGE_CACHE_MS (docs/decisions/0036), so the document is
 * asked again until it comes composed. A journey about the composed page then opens it at once.
 */
export async function untilComposed(request: APIRequestContext, path: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await request.get(path)).text();
        return html;
      },
      { timeout: 30_000 },
    )
    .toContain('data-aq-frame=');
  return html;
}

/**
 * Opens `path` composed on the server (untilComposed first), and answers the document's response.
 * The visit itself may still get the plain document on a loaded machine (the cached composition
 * expired between the two): it is then opened again.
 */
export async function gotoComposed(page: Page, path: string): Promise<Response | null> {
  for (let visit = 1; ; visit += 1) {
    await untilComposed(page.request, path);
    const response = await page.goto(path);
    const composed = (await response?.text())?.includes('data-aq-frame=') ?? false;
    if (composed || visit === 3) return response;
  }
}
