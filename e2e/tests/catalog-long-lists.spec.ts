import { expect, test, type Page } from '@playwright/test';
import { startSite } from '../support/first-page';

/**
 * Long lists render without blocking (docs/performance.md): a page of 24 cards, at Lighthouse's
 * mobile CPU slowdown (4x), is drawn in two steps (the first cards with the data, the rest in a later
 * task: useProgressiveList), so that no single task builds and lays out the whole page (before that
 * fix every render had one task of 190-460 ms). That property is what is judged: it holds however
 * busy the machine is. The render's long tasks (the browser's Long Tasks API, one measurement) are
 * printed beside it, not judged: on a 2-core machine shared with the api and the database one
 * measurement sees tasks stretched to 250 ms by the neighbours (the timings are the bench's,
 * measured alone: Lighthouse's TBT).
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
 * From now on, watches the page until 24 cards are shown and the first differs from `before`,
 * keeping the counts of new cards seen on the way (window.__rendered resolves with them): a
 * MutationObserver, set up before the change, so that no polling of the test's own runs in the page
 * while it is measured and no step of the render is missed.
 */
async function watchRender(page: Page, before: string) {
  await page.evaluate(
    ({ selector, before }) => {
      const box = window as unknown as { __rendered: Promise<number[]> };
      box.__rendered = new Promise<number[]>((resolve) => {
        const counts: number[] = [];
        const done = () => {
          const titles = document.querySelectorAll(selector);
          if (titles.length > 0 && titles[0]?.textContent !== before && counts.at(-1) !== titles.length) counts.push(titles.length);
          return titles.length === 24 && titles[0]?.textContent !== before;
        };
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve(counts);
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { selector: CARD_TITLES, before },
  );
}

async function rendered(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __rendered: Promise<number[]> }).__rendered);
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
    test(`${name} is drawn in two steps`, async ({ page }) => {
      await page.goto('/all-artifacts');
      await startSite(page);
      await expect(page.locator(CARD_TITLES)).toHaveCount(24);
      await page.waitForLoadState('networkidle');
      const before = (await page.locator(CARD_TITLES).first().textContent()) ?? '';
      const cdp = await slowCpu(page);
      await watchLongTasks(page);
      await watchRender(page, before);
      await page.evaluate(change);
      const counts = await rendered(page);
      // The frames after the cards arrive (layout, image decoding) still count: the measurement
      // ends once the page has painted twice more and the network is quiet.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.waitForLoadState('networkidle');
      const tasks = await longTasks(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      console.log(`${name}: cards drawn ${counts.join(' then ')}; tasks over ${LONG_TASK_MS} ms at ${CPU_SLOWDOWN}x: ${tasks.length ? tasks.join(', ') : 'none'}`);
      // The page did change: the list is the one asked for.
      await expect(page).toHaveURL(name.includes('order') ? /sort=latest/ : /page=2/);
      // Two steps: the first cards were on the page before all 24 (the property that keeps each task short).
      expect(counts.length, counts.join(' then ')).toBeGreaterThan(1);
      expect(counts[0]).toBeLessThan(24);
      expect(counts.at(-1)).toBe(24);
    });
  }
});
