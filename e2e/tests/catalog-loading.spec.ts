import { expect, test, type Page } from '@playwright/test';
import { API_URL } from '../support/env';
import { plainDocument } from '../support/faults';
import { startSite } from '../support/first-page';

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

/** The home page's image bytes on a phone before responsive images (docs/performance.md): 41.8 KB. */
const IMAGE_BYTES_LIMIT = 41.8 * 1024;

/** The widths the api publishes a demo plate's photo in (PHOTO_WIDTHS of @antiquarium/contracts, up to the plate's 1280 px). */
const MEDIA_WIDTHS = [320, 480, 640, 800, 960, 1280];

/** Chromium's initial priority of every request (DevTools protocol): what fetchpriority changes. */
async function recordRequestPriorities(page: Page) {
  const priorities = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!priorities.has(event.request.url)) priorities.set(event.request.url, event.request.initialPriority);
  });
  await cdp.send('Network.enable');
  return priorities;
}

/** The page's LCP element so far, as an image's URL (or the element's tag when it is not an image). */
async function largestContentfulPaint(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ url: string; tag: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { url: string; element: Element | null }[];
          const last = entries[entries.length - 1];
          resolve({ url: last?.url ?? '', tag: last?.element?.tagName ?? '' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** What an <img> shows and how it was asked for. */
async function imageFacts(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: image.getAttribute('src') ?? '',
      currentSrc: image.currentSrc,
      srcset: image.getAttribute('srcset'),
      sizes: image.getAttribute('sizes'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loading: image.getAttribute('loading'),
      fetchPriority: image.getAttribute('fetchpriority'),
      shownWidth: image.getBoundingClientRect().width,
      top: image.getBoundingClientRect().top,
    })),
  );
}

/** The published width of one of the api's photos, from its URL (`…/media/photos/<hash>-<width>.<format>`). */
function publishedWidth(url: string): number | null {
  const match = /\/media\/photos\/[a-f0-9]{32}-(\d+)\.(?:avif|webp|jpg)$/.exec(url);
  return match ? Number(match[1]) : null;
}

test.describe('Catalog loading', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  for (const { path, ready } of [
    { path: '/', ready: (page: Page) => page.locator('.cat-mini-card').first() },
    { path: '/all-artifacts', ready: (page: Page) => page.locator('.aq-card').first() },
  ]) {
    test(`${path} does not shift its layout while its code and data arrive (phone, page not composed)`, async ({ page }) => {
      await plainDocument(page);
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

  test('the banner’s pictures are drawn in the page: no image request, no SVG document of their own (issue 29)', async ({ page }) => {
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && !request.url().startsWith('data:')) images.push(request.url());
    });
    await page.goto('/');
    const first = page.getByRole('img', { name: 'Illustration of The Rosetta Stone' });
    await expect(first).toBeVisible();
    // Before the site's code and after it (the carousel draws the same picture).
    expect(await first.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    await startSite(page);
    await expect(first).toBeVisible();
    expect(await first.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    await expect(page.locator('.cat-banner img')).toHaveCount(0);
    // Its gradients resolve: each url(#…) names a gradient in the document.
    const dangling = await page.locator('.cat-banner').evaluate((banner) =>
      Array.from(banner.querySelectorAll('[fill^="url(#"]'))
        .map((element) => /^url\(#(.+)\)$/.exec(element.getAttribute('fill') ?? '')?.[1] ?? '')
        .filter((id) => !document.getElementById(id)),
    );
    expect(dangling).toEqual([]);
    expect(images.filter((url) => /\.svg(\?|$)/.test(url))).toEqual([]);
  });

  test('the api’s connection is opened as soon as the site knows where the api is', async ({ page }) => {
    await page.goto('/');
    await startSite(page);
    const origin = new URL(API_URL).origin;
    // Once the entry has the runtime config (a composed page starts its entry after the first paint,
    // which can be after the load event: docs/decisions/0011).
    const preconnected = async () => {
      const hrefs = await page.locator('head link[rel="preconnect"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      return hrefs.map((href) => new URL(href).origin);
    };
    await expect.poll(preconnected).toContain(origin);
  });

  test('the catalog’s pages do not download the forms’ validation code (zod)', async ({ page }) => {
    // Each script's address as the pages ask for it; its code read again once the visits are done (a
    // body the browser had not yet handed over is gone once its page is navigated away from).
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    for (const path of ['/', '/all-artifacts']) {
      await page.goto(path);
      await startSite(page);
      await expect(page.locator('.cat-mini-card, .aq-card').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.size).toBeGreaterThan(3);
    const withZod = [];
    for (const url of scripts) {
      const script = await page.request.get(url);
      expect(script.ok(), url).toBe(true);
      if ((await script.text()).includes('$ZodError')) withZod.push(url);
    }
    expect(withZod).toEqual([]);
  });

  test('the first page’s remote code is preloaded while the shell’s own code loads', async ({ page }) => {
    await page.goto('/all-artifacts');
    await startSite(page);
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
  test.describe('the first page’s data when the page is not composed (the shell’s hand-over to the catalog)', () => {
    test.beforeEach(async ({ page }) => plainDocument(page));

    /** One name per api call, whatever the order of its parameters. */
    const callName = (url: string) => {
      const parsed = new URL(url);
      return `${parsed.pathname}?${[...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&')}`;
    };

    /** Every data call the page makes to the api (not images, not the release registry). */
    function recordDataCalls(page: Page) {
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'GET' && url.origin === new URL(API_URL).origin && /^\/(artifacts|contributors)(\/|$)/.test(url.pathname)) calls.push(callName(request.url()));
      });
      return calls;
    }

    for (const { path, ready, expected } of [
      {
        path: '/',
        ready: (page: Page) => page.locator('.cat-mini-card').first(),
        expected: ['/artifacts?limit=8&sort=latest', '/artifacts?limit=8&sort=likes', '/contributors/top?limit=3'],
      },
      { path: '/all-artifacts', ready: (page: Page) => page.locator('.aq-card').first(), expected: ['/artifacts/facets?', '/artifacts?page=1&sort=name'] },
      {
        path: '/all-artifacts?search=bronze&type=Weapons',
        ready: (page: Page) => page.locator('.cat-all__status'),
        expected: ['/artifacts/facets?search=bronze&type=Weapons', '/artifacts?page=1&search=bronze&sort=relevance&type=Weapons'],
      },
    ]) {
      test(`${path}: each call starts before the catalog’s code has arrived, and is asked once`, async ({ page }) => {
        const calls = recordDataCalls(page);
        await page.goto(path);
        await expect(ready(page)).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect([...calls].sort()).toEqual(expected);

        const timing = await page.evaluate((api) => {
          const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const remoteEntry = entries.find((entry) => entry.name.endsWith('/remoteEntry.js'));
          const data = entries.filter((entry) => entry.name.startsWith(api) && /\/(artifacts|contributors)/.test(entry.name));
          return { remoteEntryEnd: remoteEntry?.responseEnd ?? null, firstCall: Math.min(...data.map((entry) => entry.startTime)) };
        }, new URL(API_URL).origin);
        expect(timing.remoteEntryEnd).not.toBeNull();
        expect(timing.firstCall, JSON.stringify(timing)).toBeLessThan(timing.remoteEntryEnd ?? 0);
      });
    }

    test('a slow api’s answer is still the one the page shows: no second call while it waits', async ({ page }) => {
      const calls = recordDataCalls(page);
      await slowApi(page, 1500);
      await page.goto('/all-artifacts');
      await startSite(page);
      await expect(page.locator('.aq-card').first()).toBeVisible();
      await expect(page.locator('.cat-all__status')).toHaveText(/\d+ artifacts found/);
      await page.waitForLoadState('networkidle');
      expect(calls.filter((call) => call.startsWith('/artifacts?'))).toEqual(['/artifacts?page=1&sort=name']);
    });

    test('a later visit of the same page asks the api again (the hand-over is for the first page only)', async ({ page }) => {
      const calls = recordDataCalls(page);
      await page.goto('/all-artifacts');
      await startSite(page);
      await expect(page.locator('.aq-card').first()).toBeVisible();
      await page.locator('a.aq-brand').click();
      await expect(page.locator('.cat-mini-card').first()).toBeVisible();
      await page.goBack();
      await expect(page.locator('.aq-card').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(calls.filter((call) => call === '/artifacts?page=1&sort=name')).toHaveLength(2);
    });
  });

  test.describe('images on a phone (412x823 at DPR 1.75, as Lighthouse’s mobile run)', () => {
    test.use({ deviceScaleFactor: 1.75 });

    test('/all-artifacts: the first card’s image is the LCP, asked for at high priority, never lazy, in a width no larger than needed', async ({ page }) => {
      const priorities = await recordRequestPriorities(page);
      await page.goto('/all-artifacts');
      await startSite(page);
      const first = page.locator('.aq-card img').first();
      await expect(first).toBeVisible();
      await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

      const cards = await imageFacts(page, '.aq-card img');
      const [lcpImage, ...others] = cards;
      if (!lcpImage) throw new Error('no card image');
      expect(lcpImage.fetchPriority).toBe('high');
      expect(lcpImage.loading).toBe('eager');
      expect(lcpImage.top).toBeLessThan(823);
      expect(await page.locator('main img[fetchpriority="high"]').count()).toBe(1);
      expect(priorities.get(lcpImage.currentSrc)).toBe('High');
      await expect.poll(async () => (await largestContentfulPaint(page)).url).toBe(lcpImage.currentSrc);

      // Served in the size it is shown at: the file the browser chose is one of the published
      // widths, and not wider than the smallest one covering the slot at this screen's density.
      expect(lcpImage.srcset).toContain('320w');
      expect(lcpImage.sizes).toBeTruthy();
      // The photo's own size, 4:3 as the card's box: nothing moves when it arrives.
      expect(Number(lcpImage.width) * 3).toBe(Number(lcpImage.height) * 4);
      const chosen = publishedWidth(lcpImage.currentSrc);
      expect(MEDIA_WIDTHS).toContain(chosen);
      const needed = lcpImage.shownWidth * 1.75;
      const enough = MEDIA_WIDTHS.find((width) => width >= needed) ?? Math.max(...MEDIA_WIDTHS);
      expect(chosen ?? Infinity).toBeLessThanOrEqual(enough);
      expect(chosen).toBeLessThan(960);

      // Below the fold: lazy, at the browser's own priority.
      for (const image of others.slice(2)) expect(image.loading).toBe('lazy');
      for (const image of others) expect(image.fetchPriority).toBeNull();
    });

    test('/all-artifacts: the first card’s image is asked for from the list’s answer, before the card is drawn, and downloaded once (page not composed)', async ({ page }) => {
      await plainDocument(page);
      const requests: { url: string; type: string }[] = [];
      const cdp = await page.context().newCDPSession(page);
      cdp.on('Network.requestWillBeSent', (event) => requests.push({ url: event.request.url, type: event.type ?? '' }));
      await cdp.send('Network.enable');
      await page.goto('/all-artifacts');
      await startSite(page);
      const first = page.locator('.aq-card img').first();
      await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const currentSrc = await first.evaluate((image: HTMLImageElement) => image.currentSrc);

      // The shell's entry put the preload in the head, in the same format, widths and sizes as the
      // card's first source (AVIF): the browser chose the same file for both, and the card's image is
      // the preload's download.
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      const source = page.locator('.aq-card picture source').first();
      expect(await preload.getAttribute('type')).toBe('image/avif');
      expect(await source.getAttribute('type')).toBe('image/avif');
      expect(await preload.getAttribute('imagesrcset')).toBe(await source.getAttribute('srcset'));
      expect(await preload.getAttribute('imagesizes')).toBe(await source.getAttribute('sizes'));
      expect(currentSrc).toMatch(/\.avif$/);
      expect(await preload.getAttribute('fetchpriority')).toBe('high');
      expect(requests.filter((request) => request.url === currentSrc)).toHaveLength(1);
      const initiator = await page.evaluate((url) => (performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined)?.initiatorType, currentSrc);
      expect(initiator).toBe('link');
      // No other width of the same picture was fetched (the preload and the card agreed).
      const picture = currentSrc.replace(/-\d+\.(?:avif|webp|jpg)$/, '-');
      expect(publishedWidth(currentSrc)).not.toBeNull();
      expect(requests.filter((request) => request.url.startsWith(picture)).map((request) => request.url)).toEqual([currentSrc]);
    });

    test('/: no card image competes with the banner (all lazy, none at high priority), and the bytes stay small', async ({ page }) => {
      const priorities = await recordRequestPriorities(page);
      // Each image answer as it comes (its body read later: the list is complete once the page is).
      const answers: { url: string; bytes: Promise<number> }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'image' || response.status() >= 400) return;
        answers.push({ url: response.url(), bytes: response.body().then((body) => body.length) });
      });
      await page.goto('/');
      await startSite(page);
      await expect(page.locator('.aq-card img').first()).toBeAttached();
      // The first card picture asked for (lazy: once laid out near the screen, which a busy machine
      // may leave past a quiet half-second of network), then the page quiet.
      await expect.poll(() => answers.length, { message: 'a card picture fetched' }).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      const images = await Promise.all(answers.map(async ({ url, bytes }) => ({ url, bytes: await bytes })));

      // The banner's pictures are drawn in the page (no request); no image asks for a high priority.
      await expect(page.locator('.cat-banner img')).toHaveCount(0);
      const cards = await imageFacts(page, 'main img.aq-artifact-image');
      expect(cards.length).toBeGreaterThan(4);
      for (const card of cards) {
        expect(card.loading).toBe('lazy');
        expect(card.fetchPriority).toBeNull();
        // The api's own images come in every width (an artifact added in another journey may not be one).
        if (publishedWidth(card.src)) expect(card.srcset).toMatch(/-320\.jpg 320w/);
      }
      for (const image of images) {
        expect(priorities.get(image.url), image.url).not.toBe('High');
        // A card on this phone needs the 800 px file at most (a slot of at most 412 px at DPR 1.75).
        expect(publishedWidth(image.url) ?? 0, image.url).toBeLessThanOrEqual(800);
      }
      // Only the cards near the first screen are fetched (the browser's lazy-loading distance), and
      // at least one is (the checks above saw real answers).
      const shown = images.map((image) => `${image.url} ${image.bytes} B`).join(', ');
      expect(images.length, shown).toBeGreaterThan(0);
      expect(images.length, shown).toBeLessThanOrEqual(3);
      // The bytes stay small: under what this page's images weighed before responsive images
      // (41.8 KB, docs/performance.md; 20.5 KB since).
      expect(images.reduce((sum, image) => sum + image.bytes, 0), shown).toBeLessThan(IMAGE_BYTES_LIMIT);
    });
  });
});
