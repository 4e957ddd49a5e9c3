import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { axeFindings, seriousFindings } from '../support/axe';
import { createArtifactAs, type CreatedArtifact } from '../support/account';
import { rememberedSignIn } from '../support/session';
import { apiGet, apiSend, type ArtifactSummary } from '../support/api';
import { SITE_URL } from '../support/env';
import { grantModerator } from '../support/moderators';
import { MIN_TARGET, smallTargets } from '../support/targets';
import { adminUpdate, createUser, type TestUser } from '../support/users';
import { startSite } from '../support/first-page';
import { DARK_BACKGROUND } from '../support/themes';

/**
 * Every page of the site as the person it is for meets it (issue 32, "Done when"), at a phone's
 * width with touch and at a desktop's, in the light and the dark theme (issue 43): axe finds nothing at any impact, no accessible name of a
 * link leads to two places (24 links named "Details" told a screen reader's list of links nothing),
 * and every target is at least 44 x 44 px (support/targets.ts).
 * Each route waits for what it shows (its data, not a loading state) before it is judged.
 */

// Both themes (issue 43): the system's light one at both widths, and the dark one at a phone's,
// where the most colours meet in the least space. The dark one is judged on the phone's page already
// loaded, the system switched to dark (the site follows it live, libs/ui/src/color-scheme.ts): what
// the theme changes is colour, and themes.spec.ts checks that a visit in the dark starts dark.
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, schemes: ['light', 'dark'] },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, schemes: ['light'] },
] as const;

type Who = 'visitor' | 'member' | 'moderator';

interface Fixtures {
  seeded: ArtifactSummary;
  own: CreatedArtifact;
  member: TestUser;
  collection: string;
  report: { id: string; receipt: string };
}

interface Route {
  who: Who;
  path: (fixtures: Fixtures) => string;
  /** The page's level-one heading once it has loaded. */
  heading: string | RegExp | ((fixtures: Fixtures) => string);
  /** What else must be shown before the page is judged (a list's first row), beyond the heading. */
  shows?: (page: Page, fixtures: Fixtures) => Promise<void>;
}

const firstCard = async (page: Page) => expect(page.locator('main .aq-card').first()).toBeVisible();

const ROUTES: Route[] = [
  { who: 'visitor', path: () => '/', heading: /./, shows: firstCard },
  { who: 'visitor', path: () => '/all-artifacts', heading: /./, shows: firstCard },
  { who: 'visitor', path: () => '/about', heading: 'About Antiquarium' },
  { who: 'visitor', path: () => '/contact', heading: /./, shows: (page) => expect(page.locator('main form')).toBeVisible() },
  { who: 'visitor', path: () => '/terms', heading: 'Terms and Conditions' },
  { who: 'visitor', path: () => '/privacy-policy', heading: 'Privacy Policy' },
  { who: 'visitor', path: () => '/transparency', heading: /./ },
  { who: 'visitor', path: () => '/login', heading: /./, shows: (page) => expect(page.locator('main form')).toBeVisible() },
  { who: 'visitor', path: () => '/register', heading: /./, shows: (page) => expect(page.locator('main form')).toBeVisible() },
  { who: 'visitor', path: () => '/forgot-password', heading: /./, shows: (page) => expect(page.locator('main form')).toBeVisible() },
  { who: 'visitor', path: ({ seeded }) => `/report?artifact=${seeded._id}`, heading: 'Report an artifact' },
  { who: 'visitor', path: ({ report }) => `/reports/${report.id}?receipt=${encodeURIComponent(report.receipt)}`, heading: /./ },
  {
    who: 'visitor',
    path: ({ collection }) => `/collections/${collection}`,
    heading: /./,
    shows: async (page, { own }) => expect(page.locator('main').getByRole('heading', { name: own.name })).toBeVisible(),
  },
  { who: 'visitor', path: ({ member }) => `/members/${member.uid}/collections`, heading: /./, shows: async (page) => expect(page.locator('main li a').first()).toBeVisible() },
  { who: 'visitor', path: () => '/no-such-page/in-history', heading: 'Lost in History?' },
  { who: 'member', path: ({ seeded }) => `/artifacts/${seeded._id}`, heading: ({ seeded }) => seeded.name },
  { who: 'member', path: () => '/add-artifact', heading: /./, shows: (page) => expect(page.locator('main form')).toBeVisible() },
  {
    who: 'member',
    path: ({ own }) => `/update-artifact/${own._id}`,
    heading: 'Update Artifact',
    shows: async (page, { own }) => {
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(own.name);
      await expect(page.getByText('The image loads correctly.')).toBeVisible();
    },
  },
  { who: 'member', path: () => '/liked-artifacts', heading: /./, shows: async (page) => expect(page.locator('main article').first()).toBeVisible() },
  { who: 'member', path: () => '/my-artifacts', heading: /./, shows: async (page, { own }) => expect(page.locator('main')).toContainText(own.name) },
  { who: 'member', path: () => '/my-collections', heading: /./, shows: async (page) => expect(page.locator('main li a').first()).toBeVisible() },
  { who: 'member', path: () => '/my-data', heading: /./ },
  { who: 'member', path: () => '/my-notices', heading: /./ },
  {
    who: 'member',
    path: () => '/operators/releases',
    heading: /./,
    shows: (page) => expect(page.locator('main').getByRole('heading', { name: 'Latest changes' })).toBeVisible(),
  },
  { who: 'moderator', path: () => '/moderation', heading: 'Moderation queue' },
  { who: 'moderator', path: () => '/moderation/inbox', heading: /./ },
  { who: 'moderator', path: () => '/moderation/appeals', heading: 'Appeals' },
  { who: 'moderator', path: () => '/moderation/cases', heading: 'Misuse cases' },
  { who: 'moderator', path: () => '/moderation/audit', heading: 'Audit log' },
  { who: 'moderator', path: () => '/moderation/transparency', heading: 'Transparency' },
];

/**
 * Link names that lead to more than one place on the page, as the accessibility tree gives them (what
 * a screen reader's list of links reads out), each with its destinations. One name for one place is
 * fine (the spec's footer repeats the top bar's Home and All Artifacts, three banner slides each
 * Explore /all-artifacts): WCAG 2.4.9 asks that a name tell where a link goes, and 24 "Details" to
 * 24 artifacts did not.
 */
export function ambiguousLinkNames(snapshot: string): string[] {
  const places = new Map<string, Set<string>>();
  let link: { name: string; indent: number; url?: string } | undefined;
  const close = () => {
    if (!link) return;
    const seen = places.get(link.name) ?? new Set<string>();
    seen.add(link.url ?? '(no address)');
    places.set(link.name, seen);
    link = undefined;
  };
  for (const line of snapshot.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const url = /^\s*- \/url: (.*)$/.exec(line);
    if (link && url && indent > link.indent) {
      link.url = (url[1] as string).replace(/^(['"])(.*)\1$/, '$2');
      continue;
    }
    if (link && indent <= link.indent) close();
    // `- link "Name"`, quoted as a whole when the name holds a colon: `- 'link "Details: Rosetta"':`.
    const named = /^\s*- '?link "((?:[^"\\]|\\.)*)"/.exec(line);
    if (named) link = { name: (named[1] as string).replace(/''/g, "'"), indent };
  }
  close();
  return [...places].filter(([, urls]) => urls.size > 1).map(([name, urls]) => `"${name}" to ${[...urls].join(', ')}`);
}

async function judge(page: Page, route: Route, fixtures: Fixtures, what: string): Promise<void> {
  const heading = typeof route.heading === 'function' ? route.heading(fixtures) : route.heading;
  await expect(page.locator('main h1').first()).toHaveText(heading);
  await route.shows?.(page, fixtures);
  await expect(page.locator('.aq-spinner, .ant-spin-spinning')).toHaveCount(0);
  expect(await axeFindings(page, { afterToasts: true }), `axe on ${what}`).toEqual([]);
  expect(ambiguousLinkNames(await page.locator('body').ariaSnapshot()), `link names that lead to two places on ${what}`).toEqual([]);
  expect(await smallTargets(page), `targets under ${MIN_TARGET} x ${MIN_TARGET} px on ${what}`).toEqual([]);
}

test.describe('Every page: axe clean, and a link name for one place only', () => {
  const fixtures = {} as Fixtures;
  const states = {} as Record<Exclude<Who, 'visitor'>, Awaited<ReturnType<BrowserContext['storageState']>>>;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    [fixtures.seeded] = (await apiGet<ArtifactSummary[]>('/artifacts?limit=1')).body as [ArtifactSummary];
    // A member with something on each of their pages: an artifact of their own in a public
    // collection, a like, and the operator claim (the releases page).
    fixtures.member = await createUser();
    await adminUpdate(fixtures.member.uid, { customAttributes: JSON.stringify({ operator: true }) });
    fixtures.own = await createArtifactAs(fixtures.member);
    const { id } = await apiSend<{ id: string }>('POST', '/collections', fixtures.member.token, {
      title: `Every page ${Date.now().toString(36)}`,
      visibility: 'public',
      description: 'Made to check every page.',
    });
    await apiSend('PUT', `/collections/${id}/items`, fixtures.member.token, [{ artifactId: fixtures.own._id, note: 'The first item.' }]);
    fixtures.collection = id;
    await apiSend('PATCH', `/artifacts/toggle-like/${fixtures.seeded._id}`, fixtures.member.token);
    const receipt = await apiSend<{ id: string; receipt: string }>('POST', '/reports', fixtures.member.token, {
      artifactId: fixtures.own._id,
      reason: 'other',
      details: 'Checked by the every-page sweep.',
      goodFaith: true,
    });
    fixtures.report = { id: receipt.id, receipt: receipt.receipt };
    const moderator = await createUser();
    await grantModerator(moderator);
    states.member = await rememberedSignIn(browser, fixtures.member);
    states.moderator = await rememberedSignIn(browser, moderator);
  });

  test.afterAll(async () => {
    await apiSend('PATCH', `/artifacts/toggle-like/${fixtures.seeded._id}`, fixtures.member.token);
    await apiSend('DELETE', `/collections/${fixtures.collection}`, fixtures.member.token);
  });

  // One tab per person and width, kept from route to route: each route is judged on a document of
  // its own, opened by address as a visit is, while the browser's caches stay warm as they do for a
  // person's second page. A new context for each route and width cost most of this file's time.
  const tabs = new Map<string, Page>();
  async function tabFor(browser: Browser, who: Who, size: (typeof SIZES)[number]): Promise<Page> {
    const key = `${who} ${size.name}`;
    let tab = tabs.get(key);
    if (!tab) {
      const context = await browser.newContext({
        baseURL: SITE_URL,
        viewport: size.viewport,
        isMobile: size.isMobile,
        hasTouch: size.hasTouch,
        colorScheme: size.schemes[0],
        ...(who === 'visitor' ? {} : { storageState: states[who] }),
      });
      tab = await context.newPage();
      tabs.set(key, tab);
    }
    return tab;
  }

  test.afterAll(async () => {
    for (const tab of tabs.values()) await tab.context().close();
  });

  for (const route of ROUTES) {
    const shown = route.path({ seeded: { _id: ':id' }, own: { _id: ':id' }, member: { uid: ':uid' }, collection: ':id', report: { id: ':id', receipt: '…' } } as Fixtures);
    test(`${route.who}: ${shown}`, async ({ browser }) => {
      for (const size of SIZES) {
        const page = await tabFor(browser, route.who, size);
        // The theme the last route ended in (the dark one) is set back to the system's first.
        await page.emulateMedia({ colorScheme: size.schemes[0] });
        await page.goto(route.path(fixtures));
        // As its people use it: a composed first page starts its code on the first intent.
        await startSite(page);
        for (const scheme of size.schemes) {
          if (scheme === 'dark') await switchToDark(page);
          await judge(page, route, fixtures, `${shown} (${route.who}, ${size.name}, ${scheme} theme)`);
        }
      }
    });
  }
});

/**
 * The system switched to dark: the page shows the dark theme. Its colour transitions are turned off
 * first, so that every colour is the dark one when it is judged: a card skipped while off screen
 * (content-visibility) would start its transition only when axe reaches it, and be judged half-way.
 */
async function switchToDark(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
}

test('the axe scan finds what axe finds, in the part asked for, in a page and in its frames', async ({ page }) => {
  const faults = '<main><img src="/none.png"><p style="color:#aaa;background:#fff">Faint text</p></main><aside><button></button></aside>';
  await page.setContent(`<!doctype html><html lang="en"><title>Faults</title><body>${faults}</body></html>`);
  const found = await axeFindings(page);
  expect(found).toEqual(['button-name (critical): button', 'color-contrast (serious): p', 'image-alt (critical): img', 'page-has-heading-one (moderate): html']);
  expect(await seriousFindings(page)).toEqual(['button-name (critical): button', 'color-contrast (serious): p', 'image-alt (critical): img']);
  expect((await axeFindings(page, { include: 'main' })).map((finding) => finding.split(' ')[0])).toEqual(['color-contrast', 'image-alt']);
  // A page with a frame is judged frame and all.
  await page.setContent(`<!doctype html><html lang="en"><title>Framed</title><body><main><iframe title="Inside" srcdoc='<!doctype html><html lang="en"><title>In</title><body><img src="/none.png"></body></html>'></iframe></main></body></html>`);
  await expect.poll(() => page.frames().length).toBe(2);
  expect(await axeFindings(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^image-alt \(critical\): iframe img$/)]));
});

test('a link name that leads to two places is found; one name for one place passes', () => {
  const snapshot = [
    '- banner:',
    '  - link "Home":',
    '    - /url: /',
    '- main:',
    '  - \'link "Details: Rosetta"\':',
    '    - /url: /artifacts/1',
    '    - text: Details',
    '  - link "Details" [ref=e9]:',
    '    - /url: /artifacts/2',
    '  - link "Details":',
    '    - /url: "/artifacts/3"',
    '- contentinfo:',
    '  - link "Home":',
    '    - /url: /',
  ].join('\n');
  expect(ambiguousLinkNames(snapshot)).toEqual(['"Details" to /artifacts/2, /artifacts/3']);
  expect(ambiguousLinkNames(snapshot.replace('/artifacts/3', '/artifacts/2'))).toEqual([]);
});
