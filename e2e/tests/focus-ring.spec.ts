// One focus ring (issue 32): antd's buttons wore a 4 px halo of their own in dialogs, unlike the
// site's ring on every link and field. A keyboard user sees the same ring on a link, the top bar's
// button and a dialog's antd buttons.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/session';
import { createUser } from '../support/users';

interface Ring {
  style: string;
  width: string;
  color: string;
  offset: string;
}

async function ringOf(target: Locator): Promise<Ring> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor, offset: style.outlineOffset };
  });
}

/** Tabs forward until `target` has the focus, as a keyboard user gets there (at most 40 presses). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the keyboard never reached the element');
}

test("a dialog's antd buttons wear the site's focus ring, as links and the top bar's buttons do", async ({ page }) => {
  const member = await createUser();
  await page.goto('/login');
  await signIn(page, member);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Antiquarium' })).toBeVisible();

  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await tabTo(page, skip);
  const ring = await ringOf(skip);
  expect(ring.style).toBe('solid');
  expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);

  const logout = page.locator('header').getByRole('button', { name: 'Logout' });
  await tabTo(page, logout);
  expect(await ringOf(logout)).toEqual(ring);

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeFocused();
  expect(await cancel.evaluate((element) => element.classList.contains('ant-btn'))).toBe(true);
  expect(await ringOf(cancel)).toEqual(ring);
  await page.keyboard.press('Tab');
  const confirm = dialog.getByRole('button', { name: 'Yes, logout!' });
  await expect(confirm).toBeFocused();
  expect(await ringOf(confirm)).toEqual(ring);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(logout).toBeFocused();
});
