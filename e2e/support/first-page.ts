import { expect, type Page } from '@playwright/test';

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
