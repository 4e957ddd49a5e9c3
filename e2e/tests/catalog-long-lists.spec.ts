import { expect, test, type Page } from '@playwright/test';

/**
 * Long lists render without blocking (docs/performance.md): rendering a page of 24 cards, at
 * Lighthouse's mobile CPU slowdown (4x), runs in no task over 50 ms, the line past which the
 * browser counts a task as long and a tap waits for it. Measured with the browser's own Long Tasks
 * API, over a render the page does after it has loaded (the first load's tasks are code being
 * run, measured by Lighthouse's TBT in the bench).
 */

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/** From now on, the page's tasks longer than 50 ms (the Long Tasks API reports nothing shorter). */
async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const box = window as unknown as { __longTasks: number[] };
    box.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) box.__longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
}

async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
}

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

// No Playwright trace in this file: its recorder walks the page's DOM after each change, in the
// page's own thread, and those tasks would be counted as the page's.
test.use({ trace: 'off' });

const CARD_TITLES = '.cat-all__grid .aq-card h2';

/**
 * Resolves in the page once 24 cards are shown and the first differs from `before`: watched by a
 * MutationObserver, so that no polling of the test's own runs in the page while it is measured.
 */
async function rendered(page: Page, before: string) {
  await page.evaluate(
    ({ selector, before }) =>
      new Promise<void>((resolve) => {
        const done = () => {
          const titles = document.querySelectorAll(selector);
          return titles.length === 24 && titles[0]?.textContent !== before;
        };
        if (done()) return resolve();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    { selector: CARD_TITLES, before },
  );
}

test.describe('Long lists (phone, 4x CPU slowdown)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  // Each change is made from inside the page (a click, a select's change event as React reads it),
  // so that the test's own checks before an action do not run while the page is measured.
  for (const { name, change } of [
    { name: 'the next page of 24 cards', change: () => (document.querySelector('a[rel="next"]') as HTMLAnchorElement).click() },
    {
      name: '24 cards in another order',
      change: () => {
        const select = document.getElementById('filter-sort') as HTMLSelectElement;
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, 'latest');
        select.dispatchEvent(new Event('change', { bubbles: true }));
      },
    },
  ]) {
    test(`${name} renders in no task over ${LONG_TASK_MS} ms`, async ({ page }) => {
      // This machine runs the api and the database beside the browser: a task can be stretched by
      // them, so one stretched task in one attempt says nothing of the page. Up to three attempts,
      // each on a fresh page: one must have no long task. Before the fixes every attempt had one of
      // 190-460 ms.
      const attempts: number[][] = [];
      for (let attempt = 0; attempt < 3 && !attempts.some((tasks) => tasks.length === 0); attempt += 1) {
        await page.goto('/all-artifacts');
        await expect(page.locator(CARD_TITLES)).toHaveCount(24);
        await page.waitForLoadState('networkidle');
        const before = (await page.locator(CARD_TITLES).first().textContent()) ?? '';
        const cdp = await slowCpu(page);
        await watchLongTasks(page);
        await page.evaluate(change);
        await rendered(page, before);
        // The frames after the cards arrive (layout, image decoding) still count.
        await page.waitForTimeout(1000);
        attempts.push(await longTasks(page));
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await cdp.detach();
        // And the page did change: the list is the one asked for.
        await expect(page).toHaveURL(name.includes('order') ? /sort=latest/ : /page=2/);
      }
      const shown = attempts.map((tasks) => (tasks.length ? tasks.join(', ') : 'none')).join(' | ');
      console.log(`${name}: long tasks at ${CPU_SLOWDOWN}x, by attempt: ${shown} (ms)`);
      expect(attempts.some((tasks) => tasks.length === 0), shown).toBe(true);
    });
  }
});
