// Every target a finger or a pointer aims at is at least 44 x 44 px (issue 32; WCAG 2.5.5), on a
// phone and on a desktop, on the pages people use most, signed out and signed in. A link inside a
// sentence is exempt (WCAG's inline exception); a checkbox or radio counts with its label, which
// takes the tap as well.
import { expect, test, type Page } from '@playwright/test';
import { apiGet } from '../support/api';
import { signIn } from '../support/session';
import { createUser, type TestUser } from '../support/users';

const MIN = 44;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** The targets of the page smaller than MIN in either direction, each named so a failure says which. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';
    const named = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = Array.from(element.classList).slice(0, 2).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
    };
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (element.closest('[inert], [aria-hidden="true"]')) continue;
      // A control too small by nature (a timeline's century bar) whose choice the page offers again
      // in full-size controls, named by id (WCAG 2.5.8's "equivalent" exception): those are measured.
      const equivalent = element.closest('[data-target-equivalent]')?.getAttribute('data-target-equivalent');
      if (equivalent && document.getElementById(equivalent)) continue;
      let box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // A stretched link (its ::after covers the card around it) takes taps on the whole card.
      const after = getComputedStyle(element, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && element instanceof HTMLElement && element.offsetParent) {
        box = element.offsetParent.getBoundingClientRect();
      }
      // Not on screen: hidden, or visually hidden until focused (the skip link).
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      // A link in running text (WCAG 2.5.5's inline exception).
      const parent = element.parentElement;
      if (element.tagName === 'A' && style.display === 'inline' && parent && parent.textContent?.trim() !== element.textContent?.trim()) continue;
      const input = element as HTMLInputElement;
      if (element.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label = input.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width < min - 0.5 || box.height < min - 0.5) small.push(`${named(element)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, MIN);
}

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
      await expect(page.locator('[data-aq-frame]')).toHaveCount(0);
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
