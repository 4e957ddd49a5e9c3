import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { SITE_URL } from '../support/env';
import { gotoComposed } from '../support/first-page';
import { FULL_CHROMIUM } from '../support/browser';

/**
 * Issue 43: a composed first page is alive for every way in before its code has come. Its waiting
 * controls are not disabled (a screen reader announces them as what they are and Tab reaches them);
 * an activation that comes with no pointer or key event before it (assistive technology, voice
 * control, `element.click()`) starts the code and is answered; what is typed, chosen or ticked
 * before the code has come is kept and used; a focus on the Login link stays while the code starts.
 */

// Judged before the first intent: in the browser that has no pointer on the page of its own.
test.use(FULL_CHROMIUM);

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** A tablet in portrait: the refine panel's choices are in the first screen, and a tap is a touch. */
const TABLET: BrowserContextOptions = { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true };

async function composedPage(browser: Browser, path: string, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: SITE_URL });
  const page = await context.newPage();
  await gotoComposed(page, path);
  await page.waitForLoadState('networkidle');
  // Fresh: composed, nothing of the site's code has started.
  await expect(page.locator('[data-aq-frame]')).toHaveCount(1);
  return page;
}

test.describe('First pages alive before their code (issue 43)', () => {
  test('no waiting control of /all-artifacts is disabled: announced, reachable and clickable as what it is', async ({ browser }) => {
    const page = await composedPage(browser, '/all-artifacts', DESKTOP);
    const waiting = page.locator('[data-aq-waiting]');
    expect(await waiting.count()).toBeGreaterThan(5);
    await expect(page.locator('[data-aq-waiting]:disabled')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled();
    await expect(page.getByLabel('Type')).toBeEnabled();
    await page.context().close();
  });

  test('a click sent as assistive technology (no pointer event before it) opens the phone menu on a fresh composed page', async ({ browser }) => {
    const page = await composedPage(browser, '/all-artifacts', PHONE);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('data-aq-waiting', '');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // A click event alone, as a screen reader's activation in browse mode sends it.
    await toggle.evaluate((button: HTMLElement) => button.click());
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Artifacts' })).toBeVisible();
    await expect(page.locator('[data-aq-frame]')).toHaveCount(0);
    // Answered once: it stays open.
    await page.waitForTimeout(300);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.context().close();
  });

  test('a tap on the phone menu before the code has come opens it at once; once hydrated the code closes it with Escape and the focus stays', async ({ browser }) => {
    const page = await composedPage(browser, '/', PHONE);
    // The site's code is held back: whatever answers the taps below is the document itself.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() === 'script') await held;
      await route.continue();
    });
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'All Artifacts' })).toBeVisible();
    await expect(toggle).toHaveAttribute('data-aq-waiting', '');
    await toggle.tap();
    await expect(nav.getByRole('link', { name: 'All Artifacts' })).toBeHidden();
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(page.locator('[data-aq-frame]')).toHaveCount(0);
    await expect(toggle).not.toHaveAttribute('data-aq-waiting');
    // The code took the open menu over: its Escape closes it and gives the focus to the button.
    await expect(nav.getByRole('link', { name: 'All Artifacts' })).toBeVisible();
    await toggle.focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'All Artifacts' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.context().close();
  });

  for (const [device, options] of [['a phone', PHONE], ['a desktop', DESKTOP]] as const) {
    test(`on ${device}, "sword" typed on the first tap of the search field searches for "sword"`, async ({ browser }) => {
      const page = await composedPage(browser, '/all-artifacts', options);
      const search = page.getByRole('searchbox', { name: 'Search' });
      if (device === 'a phone') await search.tap();
      else {
        // A person's hand is on the mouse: it moves there, then clicks.
        await page.mouse.move(5, 5);
        await search.click();
      }
      await page.keyboard.type('sword');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]search=sword(&|$)/);
      await expect(search).toHaveValue('sword');
      await page.context().close();
    });
  }

  test('a type chosen before the code has come is applied once it works', async ({ browser }) => {
    const page = await composedPage(browser, '/all-artifacts', DESKTOP);
    // selectOption sends the select's input and change events only: no pointer or key before them.
    await page.getByLabel('Type').selectOption('Tools');
    await expect(page).toHaveURL(/[?&]type=Tools(&|$)/);
    await expect(page.getByLabel('Type')).toHaveValue('Tools');
    await page.context().close();
  });

  test('a type choice tapped before the code has come opens the list of that type as the server composes it', async ({ browser }) => {
    const page = await composedPage(browser, '/all-artifacts', TABLET);
    const choice = page.locator('aside.cat-refine').getByRole('button', { name: /^Weapons \d+/ });
    await expect(choice).toHaveAttribute('data-aq-waiting', '');
    await expect(choice).toHaveAttribute('aria-pressed', 'false');
    const opened = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame() && /[?&]type=Weapons(&|$)/.test(frame.url()));
    await choice.tap();
    await opened;
    // A document of its own, composed by the server with the choice made: no code was needed for it.
    await expect(page.locator('[data-aq-frame]')).toHaveCount(1);
    await expect(page.locator('aside.cat-refine').getByRole('button', { name: /^Weapons \d+/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.cat-all__status')).toHaveText(/found$/);
    // Once the code is in, the next choice is the page's own (no document of its own).
    await page.mouse.move(5, 5);
    await expect(page.locator('[data-aq-frame]')).toHaveCount(0);
    const origin = await page.evaluate(() => performance.timeOrigin);
    await page.locator('aside.cat-refine').getByRole('button', { name: /^Weapons \d+/ }).tap();
    await expect(page).not.toHaveURL(/[?&]type=/);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(origin);
    await page.context().close();
  });

  test('a type choice pressed with the keyboard before the code has come is answered by the code, and the focus stays on it', async ({ browser }) => {
    const page = await composedPage(browser, '/all-artifacts', DESKTOP);
    const choice = page.locator('aside.cat-refine').getByRole('button', { name: /^Weapons \d+/ });
    const origin = await page.evaluate(() => performance.timeOrigin);
    await choice.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]type=Weapons(&|$)/);
    await expect(choice).toHaveAttribute('aria-pressed', 'true');
    await expect(choice).toBeFocused();
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(origin);
    await page.context().close();
  });

  test("on a phone, a focus on the visitor's Login link stays while the code starts and sign-in answers", async ({ browser }) => {
    const page = await composedPage(browser, '/', PHONE);
    const login = page.locator('header').getByRole('link', { name: 'Login' });
    // The server marked the visit as a visitor's: the link is there in the first paint.
    await expect(login).toBeVisible();
    await login.focus();
    await expect(page.locator('[data-aq-frame]')).toHaveCount(0);
    // Sign-in has answered (the placeholder is gone) and the focused link is the same one.
    await expect(page.locator('.aq-topbar__auth-placeholder')).toHaveCount(0);
    await expect(login).toBeFocused();
    await page.context().close();
  });
});
