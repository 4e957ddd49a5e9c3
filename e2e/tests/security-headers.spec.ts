import { expect, test, type Page } from '@playwright/test';
import { apiSend } from '../support/api';
import { newArtifact } from '../support/contribute-form';
import { SITE_URL } from '../support/env';
import { createUser } from '../support/users';
import { startSite } from '../support/first-page';

// A page of another origin, answered by the test itself: the site's host name swapped between
// localhost and 127.0.0.1 (another origin to the browser, yet as local as the site, so that no
// private-network rule gets in the way and only the site's own headers decide).
const site = new URL(SITE_URL);
site.hostname = site.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const FOREIGN_ORIGIN = site.origin;

async function foreignPageFraming(page: Page, name: string, src: string) {
  await page.route(`${FOREIGN_ORIGIN}/foreign-${name}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Foreign</title><iframe id="victim" src="${src}" width="800" height="600"></iframe>` }),
  );
  await page.goto(`${FOREIGN_ORIGIN}/foreign-${name}`);
}

test.describe('Front-end security headers', () => {
  test('the shell sends a policy built from the runtime config, and the remotes theirs', async ({ request }) => {
    const response = await request.get(`${SITE_URL}/all-artifacts`);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    const config = (await (await request.get(`${SITE_URL}/runtime-config.json`)).json()) as { apiUrl: string; remotes: Record<string, string> };
    const scriptSources = /script-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    for (const manifest of Object.values(config.remotes)) expect(scriptSources).toContain(new URL(manifest, SITE_URL).origin);
    expect(/connect-src ([^;]+)/.exec(csp)?.[1]?.split(' ')).toContain(new URL(config.apiUrl).origin);
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    const remote = await request.get(config.remotes['catalog']!);
    expect(remote.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test('the site works under its policy: no violation while browsing', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await startSite(page);
    await expect(page.getByRole('heading', { name: 'Featured Historical Artifacts' })).toBeVisible();
    await page.goto('/all-artifacts');
    await startSite(page);
    await expect(page.locator('main').getByRole('img').first()).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In to History' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a foreign page cannot frame the site', async ({ page }) => {
    // The control: the same foreign page can frame an address of the site's origin when the answer
    // carries no policy (the test answers it itself), so what blocks below is the site's own header.
    await page.route(`${SITE_URL}/framing-control`, (route) => route.fulfill({ contentType: 'text/html', body: '<p id="control">framed</p>' }));
    await foreignPageFraming(page, 'control', `${SITE_URL}/framing-control`);
    await expect(page.frameLocator('#victim').locator('#control')).toHaveText('framed');

    const framed = page.waitForRequest((request) => request.url() === `${SITE_URL}/my-artifacts`);
    await foreignPageFraming(page, 'victim', `${SITE_URL}/my-artifacts`);
    await framed;
    await page.waitForLoadState('load');
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame?.url() ?? '').not.toMatch(new RegExp(`^${SITE_URL}`));
    await expect(page.frameLocator('#victim').locator('#root')).toHaveCount(0);
  });

  test('an image URL cannot smuggle a data: image into the page', async ({ page }) => {
    const user = await createUser();
    const smuggled = 'https://example.org/a.png 1x, data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E-960.webp';
    const artifact = newArtifact({ image: smuggled });
    await apiSend('POST', '/artifacts', user.token, artifact);
    await page.goto(`/all-artifacts?search=${encodeURIComponent(artifact.name)}`);
    await startSite(page);
    const card = page.getByRole('img', { name: artifact.name });
    await expect(card).toBeVisible();
    const images = await page.locator('main img').evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((image) => ({ src: image.currentSrc || image.src, srcset: image.srcset })),
    );
    for (const image of images) {
      expect(image.src).not.toMatch(/^data:/);
      for (const candidate of image.srcset ? image.srcset.split(', ') : []) expect(candidate).toMatch(/^https?:\/\/\S+ \d+w$/);
    }
  });
});
