import type { Locator, Page } from '@playwright/test';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { buildRelease } from './support/releases';
import { expect, originOf, test, type Remote } from './support/site';
import { startSite } from '../support/first-page';

const FAILED = 'This part of Antiquarium could not be loaded';

/** Counts full page loads and leaves a marker only this document has: a reload would lose both. */
async function watchForReloads(page: Page) {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  const marker = `deploy-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((value) => {
    (window as unknown as { deployMarker: string }).deployMarker = value;
  }, marker);
  return async () => {
    expect(await page.evaluate(() => (window as unknown as { deployMarker?: string }).deployMarker)).toBe(marker);
    expect(loads, 'the page was reloaded').toBe(0);
  };
}

async function expectFriendlyMessage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: FAILED })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The layout stays: top bar and footer with their navigation.
  await expect(page.locator('header').getByRole('link', { name: 'About' })).toBeVisible();
  await expect(page.locator('footer').getByRole('link', { name: 'Home', exact: true })).toBeVisible();
}

function nav(page: Page, name: string): Locator {
  return page.locator('footer').getByRole('link', { name, exact: true });
}

interface Case {
  remote: Remote;
  signedIn: boolean;
  /** A footer link to one of the remote's routes, and what that page shows once loaded. */
  open: (page: Page) => Promise<void>;
  loaded: (page: Page) => Locator;
  /** Routes of the other remotes that must keep working meanwhile. */
  others: { open: (page: Page) => Promise<void>; loaded: (page: Page) => Locator }[];
}

const allArtifacts = {
  open: (page: Page) => nav(page, 'All Artifacts').click(),
  loaded: (page: Page) => page.getByRole('heading', { level: 1, name: 'All Artifacts' }),
};
const login = {
  open: (page: Page) => page.locator('header').getByRole('link', { name: 'Login' }).click(),
  loaded: (page: Page) => page.getByLabel('Email'),
};
const likedArtifacts = {
  open: (page: Page) => nav(page, 'Liked Artifacts').click(),
  loaded: (page: Page) => page.getByRole('heading', { level: 1, name: 'Liked Artifacts' }),
};
const addArtifact = {
  open: (page: Page) => nav(page, 'Add Artifact').click(),
  loaded: (page: Page) => page.getByRole('heading', { level: 1, name: 'Add Historical Artifact' }),
};

const CASES: Case[] = [
  // The catalog's entry is already loaded (home): its next route's chunk is what fails.
  { remote: 'catalog', signedIn: false, ...allArtifacts, others: [login] },
  // Account and contribute are not loaded yet: their manifest is what fails.
  { remote: 'account', signedIn: false, ...login, others: [allArtifacts] },
  { remote: 'contribute', signedIn: true, ...addArtifact, others: [allArtifacts, likedArtifacts] },
];

test.describe('Failure isolation', () => {
  for (const { remote, signedIn, open, loaded, others } of CASES) {
    test(`${remote} down: the rest of the site works, its area says so, and Retry recovers it without a reload`, async ({ site, page }) => {
      test.setTimeout(120_000);
      if (signedIn) await signIn(page, await createUser());
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
      // The first intent starts the code, which hydrates the page composed on the server: its code is loaded.
      await startSite(page);
      const assertNoReload = await watchForReloads(page);

      await site.stop(remote);
      await open(page);
      await expectFriendlyMessage(page);

      // Layout, navigation, the shell's own pages and the other remotes keep working.
      await page.locator('header').getByRole('link', { name: 'About' }).click();
      await expect(page.getByRole('link', { name: 'Join the Community' })).toBeVisible();
      for (const other of others) {
        await other.open(page);
        await expect(other.loaded(page)).toBeVisible();
      }

      // Back to the failed area while the remote is still down, then it comes back.
      await open(page);
      await expectFriendlyMessage(page);
      await site.start(remote);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(loaded(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: FAILED })).toHaveCount(0);
      await assertNoReload();
    });
  }

  test('a slow remote: its first page shows as the server composed it; elsewhere a spinner while the layout stays usable', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${originOf('catalog')}/mf-manifest.json`, async (route) => {
      await held;
      await route.continue();
    });
    // A visit that starts on the home page has it at once, from the document (docs/decisions/0010),
    // while the catalog's code is held back.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeVisible();
    await expect(page.locator('[data-aq-frame="catalog/Home"]')).toBeAttached();
    await expect(page.getByRole('status').filter({ hasText: 'Loading page…' })).toHaveCount(0);
    // On the first intent the shell's part is hydrated (its controls no longer wait): its links
    // navigate inside the site.
    await page.mouse.move(4, 4);
    await expect(page.locator('header [data-aq-waiting]')).toHaveCount(0);
    // A page the document did not bring waits for the code, with a spinner.
    await nav(page, 'All Artifacts').click();
    await expect(page.getByRole('status')).toContainText('Loading page…');
    await page.locator('header').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('link', { name: 'Join the Community' })).toBeVisible();
    await nav(page, 'Home').click();
    release();
    await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeVisible();
  });

  test('a remote release that throws while rendering is contained the same way', async ({ site, page }) => {
    test.setTimeout(120_000);
    const broken = buildRelease('catalog', 'catalog-throws', [
      {
        file: 'mfe-catalog/src/features/home/home-page.tsx',
        search: 'export default function HomePage() {',
        replace: "export default function HomePage() {\n  if (Date.now() > 0) throw new Error('a deliberately broken release');",
      },
    ]);
    await site.redeploy('catalog', broken);
    await page.goto('/');
    // The first intent starts the code (the broken page's hydration fails: the frame stays marked).
    await page.mouse.move(4, 4);
    await expectFriendlyMessage(page);
    await page.locator('header').getByRole('link', { name: 'Login' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.locator('header').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('link', { name: 'Join the Community' })).toBeVisible();
    // Its other pages are separate modules and still render.
    await nav(page, 'All Artifacts').click();
    await expect(page.getByRole('heading', { level: 1, name: 'All Artifacts' })).toBeVisible();
  });
});
