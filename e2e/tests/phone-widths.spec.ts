import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createArtifactAs, quietArtifacts, type CreatedArtifact } from '../support/account';
import { rememberedSignIn } from '../support/session';
import { apiGet, apiSend, type ArtifactSummary } from '../support/api';
import { SITE_URL } from '../support/env';
import { adminUpdate, createUser, type TestUser } from '../support/users';
import { startSite } from '../support/first-page';

/**
 * Every route of the site, signed out and signed in, at the narrowest phones' widths: the page never
 * scrolls sideways and no visible element reaches past the screen's right edge (issue 26: one
 * off-screen card's intrinsic size made the whole list one 418 px column). The catalog's first
 * pages are checked twice: as the server composed them (no script has run) and once hydrated.
 */

const WIDTHS = [320, 360, 390, 414];
const PHONE = { isMobile: true, hasTouch: true };

/** What the routes need: a seeded artifact, and the member's own artifact, like and operator claim. */
interface Fixtures {
  seeded: ArtifactSummary;
  own: CreatedArtifact;
}

interface Route {
  path: (fixtures: Fixtures) => string;
  /** Waits until the page shows what it is for (its data, not a loading state). */
  ready: (page: Page, fixtures: Fixtures) => Promise<void>;
  /** Signed out, the route asks for a sign-in first (RequireAuth sends the visitor to /login). */
  protect?: boolean;
  /** What a visitor opens there (menus, a drawer), each checked open too. */
  opens?: (page: Page, signedIn: boolean) => Opener[];
}

/** A button that opens something, and how a visitor closes it again: a menu with Escape, a disclosure with its button. */
interface Opener {
  button: Locator;
  closeWith: 'Escape' | 'its button';
}

/** The layout's menus, the same on every route: checked open on one of them. */
const layoutMenus = (page: Page, signedIn: boolean): Opener[] => [
  { button: page.locator('header').getByRole('button', { name: 'Menu', exact: true }), closeWith: 'Escape' },
  ...(signedIn ? [{ button: page.locator('header').getByRole('button', { name: /account menu/ }), closeWith: 'Escape' } as const] : []),
];

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.locator('main h1').first()).toHaveText(text);
};

const ROUTES: Route[] = [
  {
    path: () => '/',
    ready: async (page) => {
      await expect(page.locator('main .aq-grid .aq-card').first()).toBeVisible();
      await expect(page.locator('main .cat-mini-card').first()).toBeVisible();
      await expect(page.locator('main .cat-contributors__item').first()).toBeVisible();
    },
  },
  {
    path: () => '/all-artifacts',
    ready: async (page) => expect(page.locator('main .aq-grid .aq-card').first()).toBeVisible(),
    opens: (page) => [{ button: page.locator('main').getByRole('button', { name: 'Filters' }), closeWith: 'its button' }],
  },
  { path: () => '/all-artifacts?type=Tools&sort=oldest', ready: async (page) => expect(page.locator('main .aq-grid .aq-card').first()).toBeVisible() },
  { path: ({ seeded }) => `/artifacts/${seeded._id}`, protect: true, ready: async (page, { seeded }) => heading(seeded.name)(page) },
  { path: () => '/add-artifact', protect: true, ready: async (page) => expect(page.locator('main form')).toBeVisible() },
  {
    path: ({ own }) => `/update-artifact/${own._id}`,
    protect: true,
    ready: async (page, { own }) => {
      await heading('Update Artifact')(page);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(own.name);
    },
  },
  { path: () => '/liked-artifacts', protect: true, ready: async (page) => expect(page.locator('main article').first()).toBeVisible() },
  { path: () => '/my-artifacts', protect: true, ready: async (page, { own }) => expect(page.locator('main table tbody')).toContainText(own.name) },
  {
    path: () => '/operators/releases',
    protect: true,
    ready: async (page) => expect(page.locator('main').getByRole('heading', { name: 'Latest changes' })).toBeVisible(),
  },
  { path: () => '/login', ready: async (page) => expect(page.locator('main form')).toBeVisible() },
  { path: () => '/register', ready: async (page) => expect(page.locator('main form')).toBeVisible() },
  { path: () => '/forgot-password', ready: async (page) => expect(page.locator('main form')).toBeVisible() },
  { path: () => '/about', ready: heading('About Antiquarium'), opens: layoutMenus },
  { path: () => '/contact', ready: async (page) => expect(page.locator('main form')).toBeVisible() },
  { path: () => '/terms', ready: heading('Terms and Conditions') },
  { path: () => '/privacy-policy', ready: heading('Privacy Policy') },
  { path: () => '/no-such-page/in-history', ready: heading('Lost in History?') },
];

/**
 * What reaches past either edge of a `width` px layout viewport: the document itself, and each
 * visible element whose box goes beyond it (the outermost one of a nested run, named by a selector).
 * An element is excused only inside a component that clips or scrolls its own content on purpose (a
 * carousel's track, a scrolling strip or table, a card that clips its picture) and fits itself. The
 * page's frame (html, body, #root, the layout, header, main, footer) excuses nothing: a page that
 * hid its overflow there would still cut its content at the edge.
 */
async function overflows(page: Page, width: number): Promise<string[]> {
  return page.evaluate((viewport) => {
    const FRAME = 'html, body, #root, .aq-layout, header, main, footer';
    const problems: string[] = [];
    // On a phone the browser widens innerWidth to the content when a page is too wide: measure
    // against the device's width, which the layout viewport (the root's client width) keeps.
    const root = document.documentElement;
    if (root.clientWidth !== viewport) problems.push(`the layout viewport is ${root.clientWidth} px wide, not ${viewport} px`);
    const scrollWidth = (document.scrollingElement ?? root).scrollWidth;
    if (scrollWidth > viewport) problems.push(`the page scrolls sideways: ${scrollWidth} px wide at ${viewport} px`);

    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 5; node = node.parentElement) {
        if (node.id) {
          parts.unshift(`#${CSS.escape(node.id)}`);
          break;
        }
        let part = node.localName + Array.from(node.classList).slice(0, 3).map((name) => `.${CSS.escape(name)}`).join('');
        const parent: Element | null = node.parentElement;
        const siblings = parent ? Array.from(parent.children).filter((child) => child.localName === node!.localName) : [];
        if (siblings.length > 1) part += `:nth-of-type(${siblings.indexOf(node) + 1})`;
        parts.unshift(part);
      }
      return parts.join(' > ');
    };
    const clips = (style: CSSStyleDeclaration) =>
      style.overflowX !== 'visible' || /paint|strict|content/.test(style.contain) || style.contentVisibility === 'auto';
    /** Hidden from sight: not rendered, invisible, or clipped to nothing (the visually-hidden pattern). */
    const unseen = (element: Element, style: CSSStyleDeclaration, box: DOMRect) =>
      box.width === 0 ||
      box.height === 0 ||
      style.visibility !== 'visible' ||
      (style.position === 'absolute' && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip)) ||
      element.closest('[hidden], [aria-hidden="true"][inert]') !== null;

    const offenders: Element[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.right <= viewport + 0.5 && box.left >= -0.5) continue;
      const style = getComputedStyle(element);
      if (unseen(element, style, box)) continue;
      // Clipped by a component that fits? Fixed elements are placed on the viewport itself.
      let excused = false;
      if (style.position !== 'fixed') {
        for (let ancestor = element.parentElement; ancestor && !ancestor.matches(FRAME); ancestor = ancestor.parentElement) {
          const clip = ancestor.getBoundingClientRect();
          if (clips(getComputedStyle(ancestor)) && clip.right <= viewport + 0.5 && clip.left >= -0.5) {
            excused = true;
            break;
          }
        }
      }
      if (!excused) offenders.push(element);
    }
    for (const element of offenders) {
      if (offenders.some((other) => other !== element && other.contains(element))) continue;
      const box = element.getBoundingClientRect();
      problems.push(`${describe(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px (${Math.round(box.width)} px wide)`);
    }
    return problems;
  }, width);
}

/**
 * Checks the page as loaded, then scrolled to its end (lazy lists and pictures, off-screen cards).
 * Each check is asked until it holds, within expect's timeout: a layout that follows the width (a
 * carousel's measured slides) settles in the frames after a resize, and one that does not never does.
 */
async function expectToFit(page: Page, width: number, what: string): Promise<void> {
  await expect.poll(() => overflows(page, width), { message: `${what} at ${width} px, top of the page` }).toEqual([]);
  // The footer seen in view: the page has rendered since the scroll, and what the scroll brought near
  // (off-screen cards' content-visibility, lazy lists) is laid out. (An observer, not animation
  // frames: a page without JavaScript runs none of its own.)
  const footer = page.locator('footer').last();
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toBeInViewport();
  await expect.poll(() => overflows(page, width), { message: `${what} at ${width} px, scrolled to the end` }).toEqual([]);
}

/**
 * Opens `path` at the widest of WIDTHS, then narrows the window to each of the others, as a phone
 * turned or a window resized does: a layout fixed when the page mounted (a width read once) shows
 * at the narrower widths as an overflow, and a page that follows the width is the page a visit at
 * that width gets. Each width is checked from the top, with each of `opens` open, then closed again.
 */
async function visitAtEveryWidth(page: Page, path: string, check: (page: Page) => Promise<void>, what: string, opens: Opener[] = []): Promise<void> {
  for (const [index, width] of [...WIDTHS].reverse().entries()) {
    await page.setViewportSize({ width, height: 800 });
    if (index === 0) await page.goto(path);
    else await page.evaluate(() => window.scrollTo(0, 0));
    await check(page);
    await expect(page.locator('.aq-spinner')).toHaveCount(0);
    await expectToFit(page, width, what);
    for (const { button, closeWith } of opens) {
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expectToFit(page, width, `${what} with ${await button.innerText()} open`);
      if (closeWith === 'Escape') await page.keyboard.press('Escape');
      else await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    }
  }
}

test.describe('Phone widths: no element wider than the viewport', () => {
  let member: TestUser;
  const fixtures = {} as Fixtures;
  let liked: ArtifactSummary;
  let signedInState: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser }) => {
    [fixtures.seeded] = (await apiGet<ArtifactSummary[]>('/artifacts?limit=1')).body as [ArtifactSummary];
    // A member with something on every signed-in page: an artifact of their own, a like, and the
    // operator claim (the releases page's tables).
    member = await createUser();
    await adminUpdate(member.uid, { customAttributes: JSON.stringify({ operator: true }) });
    // Its name is one long unbroken word, as members do type: it must wrap, not widen the page.
    fixtures.own = await createArtifactAs(member, `E2E-${'Mesopotamian'.repeat(7)}-${randomUUID().slice(0, 8)}`);
    [liked] = (await quietArtifacts(1)) as [ArtifactSummary];
    await apiSend('PATCH', `/artifacts/toggle-like/${liked._id}`, member.token);
    signedInState = await rememberedSignIn(browser, member, PHONE);
  });

  // A tab signed out and one signed in, kept from route to route: each route is a document of its own,
  // opened by address, while the browser's caches stay warm (a new context for each cost the most).
  const tabs = new Map<'out' | 'in', Page>();
  async function tabFor(browser: Browser, who: 'out' | 'in'): Promise<Page> {
    let tab = tabs.get(who);
    if (!tab) {
      const context = await browser.newContext({ ...PHONE, baseURL: SITE_URL, ...(who === 'in' ? { storageState: signedInState } : {}) });
      tab = await context.newPage();
      tabs.set(who, tab);
    }
    return tab;
  }

  test.afterAll(async () => {
    for (const tab of tabs.values()) await tab.context().close();
    await apiSend('PATCH', `/artifacts/toggle-like/${liked._id}`, member.token);
    await apiSend('DELETE', `/artifacts/${fixtures.own._id}`, member.token);
  });

  for (const path of ['/', '/all-artifacts']) {
    test(`${path} as the server composed it, before any script`, async ({ browser }) => {
      const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, baseURL: SITE_URL });
      const page = await context.newPage();
      await visitAtEveryWidth(
        page,
        path,
        async (composed) => {
          // A cold server may send the plain document while its first composition runs past
          // FIRST_PAGE_TIMEOUT_MS (docs/decisions/0010): ask again until the composed one comes.
          await expect
            .poll(async () => {
              const framed = await composed.locator('#root[data-aq-frame]').count();
              if (framed === 0) await composed.reload();
              return framed;
            })
            .toBe(1);
          await expect(composed.locator('main .aq-grid .aq-card').first()).toBeVisible();
        },
        `${path} (composed)`,
      );
      await context.close();
    });
  }

  for (const route of ROUTES) {
    test(`signed out: ${route.path({ seeded: { _id: ':id' }, own: { _id: ':id' } } as Fixtures)}`, async ({ browser }) => {
      const page = await tabFor(browser, 'out');
      const path = route.path(fixtures);
      await visitAtEveryWidth(
        page,
        path,
        async (loaded) => {
          // A composed first page is hydrated on the first intent: this is the page as React has it.
          await startSite(loaded);
          if (route.protect) await expect(loaded.getByRole('button', { name: 'Sign In to History' })).toBeVisible();
          else await route.ready(loaded, fixtures);
          await expect(loaded.locator('header').getByRole('link', { name: 'Login' })).toBeVisible();
        },
        `${path} (signed out)`,
        route.opens?.(page, false),
      );
    });

    test(`signed in: ${route.path({ seeded: { _id: ':id' }, own: { _id: ':id' } } as Fixtures)}`, async ({ browser }) => {
      const page = await tabFor(browser, 'in');
      const path = route.path(fixtures);
      await visitAtEveryWidth(
        page,
        path,
        async (loaded) => {
          await startSite(loaded);
          await expect(loaded.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
          await route.ready(loaded, fixtures);
        },
        `${path} (signed in)`,
        route.opens?.(page, true),
      );
    });
  }
});
