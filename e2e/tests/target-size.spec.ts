// Every target a finger or a pointer aims at is at least 44 x 44 px (issue 32; WCAG 2.5.5), on a
// phone and on a desktop, on the pages people use most, signed out and signed in. A link inside a
// sentence is exempt (WCAG's inline exception); a checkbox or radio counts with its label, which
// takes the tap as well.
import { expect, test, type Page } from '@playwright/test';
import { apiGet } from '../support/api';
import { signIn } from '../support/session';
import { smallTargets } from '../support/targets';
import { createUser, type TestUser } from '../support/users';
import { startSite } from '../support/first-page';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

async function expectTargetsBigEnough(page: Page, path: string, ready: () => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(path);
    await ready();
    expect(await smallTargets(page), `${path} at ${size.width} px`).toEqual([]);
  }
}

test.describe('Targets are at least 44 x 44 px', () => {
  let member: TestUser;
  let artifactId = '';

  test.beforeAll(async () => {
    member = await createUser();
    const { body } = await apiGet<{ _id: string }[]>('/artifacts?limit=1&sort=likes');
    artifactId = body[0]?._id ?? '';
  });

  test('for a visitor: home, all artifacts, about, contact, sign-in and register', async ({ page }) => {
    test.setTimeout(120_000);
    const heading = (name: string) => async () => {
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await startSite(page);
    };
    await expectTargetsBigEnough(page, '/', async () => {
      await heading('Home')();
      // The carousel taken over (reached for), so that its dots and arrows are measured too.
      await page.locator('section[aria-roledescription="carousel"]').hover();
      await expect(page.locator('.cat-banner .swiper-pagination-bullet')).toHaveCount(3);
    });
    await expectTargetsBigEnough(page, '/all-artifacts', async () => {
      await heading('All Artifacts')();
      await expect(page.locator('.aq-card').first()).toBeVisible();
    });
    await expectTargetsBigEnough(page, '/about', heading('About Antiquarium'));
    await expectTargetsBigEnough(page, '/contact', heading('Contact Us'));
    await expectTargetsBigEnough(page, '/login', heading('Login'));
    await expectTargetsBigEnough(page, '/register', heading('Register'));
  });

  test('for a member: an artifact’s details, the add form and My Artifacts', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, member);
    await expectTargetsBigEnough(page, `/artifacts/${artifactId}`, async () => {
      await expect(page.getByRole('button', { name: /^Like/ })).toBeVisible();
    });
    await expectTargetsBigEnough(page, '/add-artifact', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Add Historical Artifact' })).toBeVisible();
    });
    await expectTargetsBigEnough(page, '/my-artifacts', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'My Artifacts' })).toBeVisible();
    });
  });
});
