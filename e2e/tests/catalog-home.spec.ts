import { expect, test } from '@playwright/test';
import { apiGet, type ArtifactSummary } from '../support/api';
import { startSite } from '../support/first-page';

/** Text only swiper's own code has (its autoplay module's option): how its script is told apart. */
const SWIPER_CODE = /pauseOnMouseEnter/;
/** The banner's autoplay delay (BANNER_AUTOPLAY_MS of the catalog's banner-slides.ts). */
const BANNER_AUTOPLAY_MS = 5000;

test.describe('Home', () => {
  test('shows its sections in the spec order with their texts', async ({ page }) => {
    await page.goto('/');
    await startSite(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
    const headings = await page.locator('main h2[id]').allTextContents();
    expect(headings).toEqual([
      'Featured Historical Artifacts',
      'How It Works',
      'Did You Know?',
      'Recently Added Artifacts',
      'Top Contributors',
      'Have a piece of history to share?',
    ]);
    await expect(
      page.getByText('A curated collection of the most fascinating and impactful historical items shared by our community.'),
    ).toBeVisible();
    const how = page.locator('section[aria-labelledby="how-title"] h3');
    await expect(how).toHaveText(['Discover Artifacts', 'Like & Save', 'Add Your Own', 'Connect Globally']);
    await expect(page.locator('section[aria-labelledby="trivia-title"] li, section[aria-labelledby="trivia-title"] article')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Share Your Artifact' })).toHaveAttribute('href', '/add-artifact');
    await expect(page.getByRole('link', { name: 'View All Artifacts' })).toHaveAttribute('href', '/all-artifacts');
    await expect(page.getByRole('link', { name: 'See All Artifacts' })).toHaveAttribute('href', '/all-artifacts');
  });

  test('features the 8 most liked artifacts, each linking to its details', async ({ page }) => {
    const { body: mostLiked } = await apiGet<ArtifactSummary[]>('/artifacts?limit=8&sort=likes');
    await page.goto('/');
    await startSite(page);
    const featured = page.locator('section[aria-labelledby="featured-title"]');
    const links = featured.getByRole('link', { name: /View Details/ });
    await expect(links).toHaveCount(8);
    const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
    expect(hrefs).toEqual(mostLiked.map((artifact) => `/artifacts/${artifact._id}`));
    for (const artifact of mostLiked.slice(0, 3)) {
      await expect(featured.getByRole('heading', { name: artifact.name, exact: true })).toBeVisible();
    }
  });

  test('lists the 8 most recently added and the top 3 contributors from the api', async ({ page }) => {
    const { body: latest } = await apiGet<ArtifactSummary[]>('/artifacts?limit=8&sort=latest');
    const { body: top } = await apiGet<{ name: string; artifacts: number; likes: number }[]>('/contributors/top?limit=3');
    await page.goto('/');
    await startSite(page);
    const recent = page.locator('section[aria-labelledby="recent-title"]');
    await expect(recent.locator('h3')).toHaveText(latest.map((artifact) => artifact.name));
    const contributors = page.locator('section[aria-labelledby="contributors-title"]');
    await expect(contributors.locator('h3')).toHaveText(top.map((contributor) => contributor.name));
    await expect(contributors).toContainText(String(top[0]?.likes));
  });

  test('does not download the whole collection', async ({ page }) => {
    const listCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/artifacts') listCalls.push(url.search);
    });
    const response = await page.goto('/');
    await startSite(page);
    await expect(page.locator('section[aria-labelledby="recent-title"] h3').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The lists the page shows: asked by the browser, or by the shell's server for the document it
    // composed (docs/decisions/0010), whose answers it carries.
    const answers = /<script type="application\/json" id="aq-first-page-answers">(.*?)<\/script>/s.exec((await response?.text()) ?? '')?.[1];
    for (const key of Object.keys(answers ? (JSON.parse(answers) as Record<string, unknown>) : {})) {
      const url = new URL(key);
      if (url.pathname === '/artifacts') listCalls.push(url.search);
    }
    expect(listCalls.length).toBeGreaterThan(0);
    for (const search of listCalls) expect(new URLSearchParams(search).get('limit')).toBe('8');
  });

  test('on a phone the sections keep the page’s side margins', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // Measured once the page is React's (hydrated on the first intent: the composed nodes themselves).
    await startSite(page);
    for (const id of ['how-title', 'recent-title', 'cta-title']) {
      const section = page.locator(`section[aria-labelledby="${id}"]`);
      await expect(section).toBeVisible();
      const padding = await section.evaluate((element) => getComputedStyle(element).paddingLeft);
      expect(parseFloat(padding), id).toBeGreaterThanOrEqual(16);
    }
  });

  test('the carousel’s code is not loaded with the page, only when the banner is reached for', async ({ page }) => {
    // Every script the page fetches, read: swiper's is the one with swiper's own code in it.
    const swiperScripts: string[] = [];
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const url = response.url();
      reads.push(response.text().then((body) => void (SWIPER_CODE.test(body) && swiperScripts.push(url)), () => undefined));
    });
    await page.goto('/');
    await startSite(page);
    await expect(page.locator('section[aria-labelledby="recent-title"] h3').first()).toBeVisible();
    // All the page loads by itself has come (swiper used to come right after the first paint; the
    // banner's own timer is 5 s).
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    expect(swiperScripts).toEqual([]);
    const banner = page.locator('section[aria-roledescription="carousel"]');
    await expect(banner.locator('.swiper-slide-active .cat-banner__title')).toHaveText('The Rosetta Stone');
    await expect(banner.locator('.swiper-initialized')).toHaveCount(0);
    await expect(banner.locator('.swiper-button-next')).toHaveCount(0);
    // Reached for: swiper's code is fetched (the same watch sees it: the check above is not blind),
    // and the carousel takes over.
    const swiperFetched = page.waitForResponse(async (response) => response.request().resourceType() === 'script' && SWIPER_CODE.test(await response.text()));
    await banner.hover();
    await swiperFetched;
    await expect(banner.locator('.swiper-button-next')).toBeVisible();
    await expect(banner.locator('.swiper-initialized')).toHaveCount(1);
  });

  test('under reduced motion the banner starts paused and does not move; Play is still offered', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await startSite(page);
    const banner = page.locator('section[aria-roledescription="carousel"]');
    const activeTitle = banner.locator('.swiper-slide-active .cat-banner__title');
    // Once the page's code has taken the composed page over, the banner says it is paused...
    await expect(banner.getByRole('button', { name: 'Play slideshow' })).toHaveAttribute('aria-pressed', 'true');
    // ...and three autoplay delays on the page's clock leave the first slide where it is.
    await page.clock.runFor(3 * BANNER_AUTOPLAY_MS);
    await expect(activeTitle).toHaveText('The Rosetta Stone');
    await expect(banner.locator('.swiper-initialized')).toHaveCount(0);
  });

  test('the banner autoplays, pauses while hovered, and moves with its arrows, dots and keyboard', async ({ page }) => {
    // The page's clock runs as usual, and can be moved on at once (clock.runFor fires what is due).
    await page.clock.install();
    await page.goto('/');
    await startSite(page);
    const banner = page.locator('section[aria-roledescription="carousel"]');
    const activeTitle = banner.locator('.swiper-slide-active .cat-banner__title');
    const title = async () => (await activeTitle.textContent()) ?? '';
    // Swiper ignores navigation while a slide transition runs: each move waits for the last to end.
    const settled = () =>
      expect
        .poll(() => banner.locator('.swiper-initialized').evaluate((element) => (element as HTMLElement & { swiper?: { animating: boolean } }).swiper?.animating))
        .toBe(false);
    await expect(activeTitle).toHaveText('The Rosetta Stone');
    // Autoplay every 5000 ms, counted from when the page's code has taken the banner over (its
    // hydration, later on a busy machine): the page's clock is moved on a second at a time until the
    // slide moves, so the check waits for the takeover, not for a guess of how long it takes.
    await expect(async () => {
      await page.clock.runFor(1000);
      await expect(activeTitle).not.toHaveText('The Rosetta Stone', { timeout: 500 });
    }).toPass({ timeout: 30_000 });

    // While hovering is checked, the page's time moves only when the test moves it: an autoplay step
    // that falls due while the pointer is on its way cannot pass for a step made while hovered.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // Hovering pauses autoplay: more than its delay passes on the page's clock, and the slide stays.
    // (Swiper ignores the pointer coming in while a slide moves: the move ends first.)
    await settled();
    await banner.hover();
    // Swiper has seen the pointer come in (its mouseenter paused autoplay) before time is moved on.
    await expect
      .poll(() => banner.locator('.swiper-initialized').evaluate((element) => (element as HTMLElement & { swiper?: { autoplay?: { paused?: boolean } } }).swiper?.autoplay?.paused))
      .toBe(true);
    const hovered = await title();
    await page.clock.runFor(BANNER_AUTOPLAY_MS + 1000);
    expect(await title()).toBe(hovered);
    // (And the same time without the pointer on it moves the slide on: the check above can fail.)
    await page.mouse.move(0, 0);
    await page.clock.runFor(BANNER_AUTOPLAY_MS + 1000);
    await expect(activeTitle).not.toHaveText(hovered);
    // The page's time flows again for the moves below (Swiper's transitions run on its timers).
    await page.clock.resume();
    await banner.hover();
    await settled();
    const afterAutoplay = await title();

    await banner.locator('.swiper-button-next').click();
    await expect(activeTitle).not.toHaveText(afterAutoplay);
    await settled();

    await banner.locator('.swiper-pagination-bullet').nth(2).click();
    await expect(activeTitle).toHaveText("Tutankhamun's Mask");
    await settled();

    await page.keyboard.press('ArrowRight');
    await expect(activeTitle).toHaveText('The Rosetta Stone');
    await settled();
    await page.keyboard.press('ArrowLeft');
    await expect(activeTitle).toHaveText("Tutankhamun's Mask");

    await banner.locator('.swiper-slide-active').getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/all-artifacts$/);
  });
});
