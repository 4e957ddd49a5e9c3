// Releases of a remote through the registry (docs/decisions/0008): two releases of the catalog built
// from edited copies of its sources, published, promoted, previewed, canaried and rolled back with
// `npm run release` (scripts/release.mjs) against the real api, while the shell's files stay as they
// are. Each test leaves the registry as it found it: no routing, every remote on its image's build.
// Issue 26: a publish never touches what a server serves, the same source publishes to the same
// name, and rollback walks back, release by release, to the image's own build.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import mongoose from 'mongoose';
import { CANARY_MIN_CLIENTS, CANARY_MIN_VIEWS, canaryBucket } from '../../libs/contracts/src/releases';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { buildRelease } from './support/releases';
import { DEPLOY, expect, fingerprint, image, originOf, REMOTES, test } from './support/site';

const ROOT = path.resolve(__dirname, '../..');
const FAILED = 'This part of Antiquarium could not be loaded';
const run = promisify(execFile);

/** `npm run release -- ...args` against the deploy phase's api and remotes. */
async function release(...args: string[]): Promise<string> {
  return (await releaseRun(args)).stdout;
}

/** The same, for a command that is to fail: its exit code and what it said. */
async function releaseFails(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), ...args], { cwd: ROOT, env: releaseEnv() });
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
  throw new Error(`release ${args.join(' ')} succeeded`);
}

function releaseEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    RELEASE_API_URL: DEPLOY.apiUrls[0],
    RELEASE_DEPLOY_TOKEN: DEPLOY.deployToken,
    RELEASES_DIR: path.join(DEPLOY.workDir, 'release-store'),
    RELEASE_SHELL_URL: originOf('shell'),
    // Where each remote of workspace.json is served (its urlVariable, REMOTE_<NAME>_URL).
    ...Object.fromEntries(REMOTES.map((remote) => [`REMOTE_${remote.toUpperCase()}_URL`, originOf(remote)])),
    FIREBASE_AUTH_EMULATOR_HOST: new URL(DEPLOY.authEmulatorUrl).host,
    FIREBASE_PROJECT_ID: 'demo-antiquarium',
  };
}

async function releaseRun(args: string[]): Promise<{ stdout: string }> {
  try {
    return await run(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), ...args], { cwd: ROOT, env: releaseEnv(), maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`release ${args.join(' ')} failed: ${failed.stderr || failed.stdout || failed.message}`);
  }
}

async function publish(dir: string): Promise<string> {
  return versionIn(await release('publish', 'catalog', '--dist', dir, '--by', 'deploy journeys'));
}

/** The version a publish named, whether it published it now or found it published already. */
function versionIn(out: string): string {
  const version = /release: catalog (\S+) (?:published|is already published)/.exec(out)?.[1];
  if (!version) throw new Error(`no version in: ${out}`);
  return version;
}

interface Status {
  remotes: { remote: string; live: string | null; canary: { version: string; percent: number } | null; releases?: { version: string }[] }[];
  audit: { action: string; version?: string; fromVersion?: string; reason?: string; by?: string }[];
}

async function status(): Promise<Status> {
  return JSON.parse(await release('status', '--json')) as Status;
}

/**
 * Back to no routing, every remote on its image's build: the routing documents removed (a rollback
 * stops at the first promoted release), then the api's routing cache (at most 1 s) let go.
 */
async function resetRegistry(): Promise<void> {
  const connection = await mongoose.createConnection(DEPLOY.mongoUri, { serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    await connection.db!.collection('release_routes').deleteMany({});
  } finally {
    await connection.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/** Which catalog manifest a page load fetched: a release's version, or 'default' (the image's). */
function catalogManifestOf(page: Page): Promise<string> {
  return page
    .waitForRequest((request) => request.url().startsWith(originOf('catalog')) && request.url().endsWith('mf-manifest.json'))
    .then((request) => /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(request.url())?.[1] ?? 'default');
}

async function load(page: Page, url = '/'): Promise<string> {
  // From a blank page: a request the previous document still makes (its own client-side
  // navigation, e.g. after signing in) must not be taken for this load's.
  await page.goto('about:blank');
  const manifest = catalogManifestOf(page);
  await page.goto(url);
  // A composed first page starts the site's code (which asks for the manifest) on the visitor's
  // first intent (docs/decisions/0015): the pointer moves, as a visitor's does.
  await page.mouse.move(4, 4);
  return manifest;
}

const howItWorks = (page: Page, suffix = '') => page.getByRole('heading', { level: 2, name: `How It Works${suffix}`, exact: true });

let v1 = '';
let v2 = '';
let v2Dir = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // The catalog's image as the phase built it is v1; v2 changes a text on two of its pages.
  v2Dir = buildRelease('catalog', 'catalog-release-v2', [
    { file: 'mfe-catalog/src/features/home/how-it-works.tsx', search: '>How It Works<', replace: '>How It Works (v2)<' },
    { file: 'mfe-catalog/src/features/all-artifacts/all-artifacts-page.tsx', search: '<h1>All Artifacts</h1>', replace: '<h1>All Artifacts (v2)</h1>' },
  ]).dir;
  await resetRegistry();
  v1 = await publish(image('catalog').dir);
  v2 = await publish(v2Dir);
});

test.afterEach(async () => {
  await resetRegistry();
});

test('publish keeps the site on its release; promote shows v2 on the next load, an open tab keeps v1; rollback brings v1 back', async ({ site, page, browser }) => {
  test.setTimeout(240_000);
  const shellBefore = fingerprint(site.imageOf('shell').dir);
  // (Not `/`: the shell's server composes it with the live catalog's page, which is to change.)
  const shellServed = await (await page.request.get('/login')).body();

  // Published (before all), not promoted; the same build published again is the same release.
  expect(v2).not.toBe(v1);
  expect(await publish(v2Dir)).toBe(v2);

  // Published, not promoted: every visitor still gets the image's build.
  expect(await load(page)).toBe('default');
  await expect(howItWorks(page)).toBeVisible();

  await release('promote', 'catalog', v1);
  expect(await load(page)).toBe(v1);
  await expect(howItWorks(page)).toBeVisible();

  // An open tab on v1 while v2 goes live.
  const openTab = page;
  const promoted = await release('promote', 'catalog', v2);
  expect(promoted).toMatch(new RegExp(`catalog ${v2} is live \\(registry updated in \\d+ ms`));

  // A new tab gets v2.
  const fresh = await browser.newContext();
  const newTab = await fresh.newPage();
  expect(await load(newTab, `${originOf('shell')}/`)).toBe(v2);
  await expect(howItWorks(newTab, ' (v2)')).toBeVisible();

  // The open tab's next lazy page still comes from v1's files (no mixing of releases in a tab).
  const chunks: string[] = [];
  openTab.on('request', (request) => {
    if (request.url().startsWith(originOf('catalog'))) chunks.push(request.url());
  });
  await openTab.locator('footer').getByRole('link', { name: 'All Artifacts', exact: true }).click();
  await expect(openTab.getByRole('heading', { level: 1, name: 'All Artifacts', exact: true })).toBeVisible();
  expect(chunks.length).toBeGreaterThan(0);
  for (const url of chunks) expect(url).toContain(`/releases/${v1}/`);
  // ...and moves to v2 on its next full load.
  expect(await load(openTab, '/all-artifacts')).toBe(v2);
  await expect(openTab.getByRole('heading', { level: 1, name: 'All Artifacts (v2)' })).toBeVisible();

  // Rollback: v1 on the next load.
  const rolledBack = await release('rollback', 'catalog', '--reason', 'journey');
  expect(rolledBack).toContain(`live ${v1}`);
  expect(await load(openTab)).toBe(v1);
  await expect(howItWorks(openTab)).toBeVisible();

  // The shell learnt nothing new: its files and what its server sends of its own are byte-identical.
  expect(fingerprint(site.imageOf('shell').dir)).toEqual(shellBefore);
  expect((await (await page.request.get('/login')).body()).equals(shellServed)).toBe(true);

  // The audit log has every change, newest first.
  const audit = (await status()).audit;
  expect(audit.slice(0, 3).map((entry) => entry.action)).toEqual(['rollback', 'promote', 'promote']);
  expect(audit.slice(1, 3).map((entry) => entry.version)).toEqual([v2, v1]);
  for (const version of [v1, v2]) expect(audit.some((entry) => entry.action === 'publish' && entry.version === version)).toBe(true);
  await fresh.close();
});

test('with the registry down the site loads with the last routing seen, or with the defaults in a fresh browser', async ({ page, browser, site: _site }) => {
  test.setTimeout(120_000);
  await release('promote', 'catalog', v1);
  expect(await load(page)).toBe(v1); // seen once: kept in this browser

  await page.context().route('**/releases/routing', (route) => route.abort());
  expect(await load(page)).toBe(v1);
  await expect(howItWorks(page)).toBeVisible();

  const fresh = await browser.newContext();
  await fresh.route('**/releases/routing', (route) => route.abort());
  const freshPage = await fresh.newPage();
  expect(await load(freshPage, `${originOf('shell')}/`)).toBe('default');
  await expect(howItWorks(freshPage)).toBeVisible();
  await fresh.close();
});

test('a preview shows an unpromoted release to an operator only, with a bar and a way out', async ({ page, browser, site: _site }) => {
  test.setTimeout(120_000);
  const operator = await createUser('Release Operator');
  await release('grant-operator', operator.email);
  await signIn(page, operator);

  expect(await load(page, `/?preview=catalog@${v2}`)).toBe(v2);
  await expect(howItWorks(page, ' (v2)')).toBeVisible();
  const bar = page.getByRole('status').filter({ hasText: `catalog ${v2}` });
  await expect(bar).toBeVisible();
  // The preview lasts for the tab, through reloads...
  expect(await load(page, '/')).toBe(v2);
  // ...until left.
  await page.getByRole('button', { name: 'Exit preview' }).click();
  await expect(howItWorks(page)).toBeVisible();
  await expect(page.getByText(`catalog ${v2}`)).toHaveCount(0);

  // Anyone else's preview parameter is ignored.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect(await load(visitorPage, `${originOf('shell')}/?preview=catalog@${v2}`)).toBe('default');
  await expect(howItWorks(visitorPage)).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Exit preview' })).toHaveCount(0);

  const member = await createUser('Plain Member');
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${originOf('shell')}/login`);
  await signIn(memberPage, member);
  expect(await load(memberPage, `${originOf('shell')}/?preview=catalog@${v2}`)).toBe('default');
  await expect(howItWorks(memberPage)).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Exit preview' })).toHaveCount(0);
  // The operators' page: every release with its last hour, for operators only.
  await page.goto('/operators/releases');
  const catalog = page.getByRole('region', { name: 'catalog' });
  await expect(catalog.getByRole('rowheader', { name: v2 })).toBeVisible();
  await expect(catalog.getByRole('rowheader', { name: v1 })).toBeVisible();
  await memberPage.goto(`${originOf('shell')}/operators/releases`);
  await expect(memberPage.getByRole('alert')).toBeVisible();
  await expect(memberPage.getByRole('rowheader', { name: v2 })).toHaveCount(0);
  await visitor.close();
  await memberContext.close();
});

let visitors = 0;

/**
 * A browser whose visitor id is `id` (the shell's sticky canary bucket), at an address of its own:
 * the deploy apis trust the loopback proxy, and the context is that proxy for its calls to the api
 * (X-Forwarded-For), as a site's visitors come from many addresses. A canary verdict needs page
 * loads from CANARY_MIN_CLIENTS of them (docs/decisions/0028, "Telemetry tickets").
 */
async function visitorContext(browser: Browser, id: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript((value) => window.localStorage.setItem('antiquarium.visitor', value), id);
  visitors += 1;
  const address = `198.51.${100 + Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
  await context.route(`${DEPLOY.apiUrls[0]}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
  return context;
}

test('a canary that throws while rendering reaches only its share of browsers, sticky, and is rolled back by itself', async ({ browser, site: _site }) => {
  test.setTimeout(300_000);
  const broken = buildRelease('catalog', 'catalog-release-broken', [
    {
      file: 'mfe-catalog/src/features/home/how-it-works.tsx',
      search: '>How It Works<',
      replace: ">{((): string => { throw new Error('this release fails to render'); })()}<",
    },
  ]);
  const v3 = await publish(broken.dir);
  await release('promote', 'catalog', v1);
  await release('promote', 'catalog', v3, '--percent', '50');

  const ids = Array.from({ length: 400 }, (_, i) => `journey-visitor-${i}`);
  const inCanary = ids.filter((id) => canaryBucket(id, 'catalog') < 50).slice(0, 8);
  const outside = ids.filter((id) => canaryBucket(id, 'catalog') >= 50).slice(0, 8);

  // Each visitor keeps its version across reloads; the canary's visitors see the failure, the rest v1.
  for (const [id, expected] of [...inCanary.map((id) => [id, v3]), ...outside.map((id) => [id, v1])] as [string, string][]) {
    const context = await visitorContext(browser, id);
    const page = await context.newPage();
    for (const attempt of [1, 2]) {
      expect([id, attempt, await load(page, `${originOf('shell')}/`)]).toEqual([id, attempt, expected]);
      if (expected === v3) {
        await expect(page.getByRole('heading', { level: 1, name: FAILED })).toBeVisible();
        // It loaded and then threw: the area says so, not "Check your connection".
        await expect(page.getByText(/Something went wrong on our side while showing it/)).toBeVisible();
        await expect(page.getByText(/Check your connection/)).toHaveCount(0);
      } else await expect(howItWorks(page)).toBeVisible();
    }
    // Leaving the page sends its telemetry (sendBeacon on pagehide).
    await page.goto('about:blank');
    await context.close();
  }

  // More failing views until the registry rolls the canary back by itself.
  let catalog = (await status()).remotes.find((remote) => remote.remote === 'catalog');
  for (let i = 0; catalog?.canary && i < 20; i += 1) {
    const context = await visitorContext(browser, inCanary[i % inCanary.length] as string);
    const page = await context.newPage();
    await load(page, `${originOf('shell')}/`);
    await expect(page.getByRole('heading', { level: 1, name: FAILED })).toBeVisible();
    await page.goto('about:blank');
    await context.close();
    catalog = (await status()).remotes.find((remote) => remote.remote === 'catalog');
  }
  // The last views' telemetry may still be on its way (a beacon sent as the page was left).
  await expect
    .poll(async () => {
      catalog = (await status()).remotes.find((remote) => remote.remote === 'catalog');
      return catalog?.canary ?? null;
    }, { timeout: 15_000 })
    .toBeNull();
  expect(catalog?.live).toBe(v1);
  const rollback = (await status()).audit.find((entry) => entry.action === 'auto-rollback');
  expect(rollback?.version).toBe(v3);
  // Counted under the page loads' tickets, from enough visitors' addresses; nothing was sent for v1
  // before the canary started, so the baseline is the ceiling.
  const counted = /^canary failure rate 100% over (\d+) page loads from (\d+) clients exceeds the ceiling 10% by more than 5 points$/.exec(rollback?.reason ?? '');
  expect(counted, rollback?.reason).not.toBeNull();
  expect(Number(counted?.[1])).toBeGreaterThanOrEqual(CANARY_MIN_VIEWS);
  expect(Number(counted?.[2])).toBeGreaterThanOrEqual(CANARY_MIN_CLIENTS);

  // The canary's visitors are back on v1.
  const context = await visitorContext(browser, inCanary[0] as string);
  const page = await context.newPage();
  expect(await load(page, `${originOf('shell')}/`)).toBe(v1);
  await expect(howItWorks(page)).toBeVisible();
  await context.close();
});

test('prune deletes a release that never served, files and record, and keeps the ones live recently', async ({ site: _site }) => {
  test.setTimeout(120_000);
  // Another build (one more file): a release of its own, published and never promoted.
  const copy = mkdtempSync(path.join(DEPLOY.workDir, 'unused-release-'));
  cpSync(path.join(v2Dir, 'mfe-catalog/dist'), copy, { recursive: true });
  writeFileSync(path.join(copy, 'notes.txt'), 'never promoted');
  const unused = await publish(copy);
  await release('promote', 'catalog', v1);
  await release('promote', 'catalog', v2);

  const out = await release('prune', 'catalog', '--keep', '0');
  // (A release an earlier test left as a canary only may go too: it is no rollback target.)
  expect(out).toMatch(new RegExp(`pruned \\d+ release\\(s\\) of catalog: (\\S+, )*${unused}(,|\\s)`));
  // v1 was live moments ago: kept (RELEASE_KEEP_LIVE_MS), like the live v2.
  expect(out).toMatch(new RegExp(`kept catalog ${v1}: .*RELEASE_KEEP_LIVE_MS`));
  expect(out).toMatch(new RegExp(`kept catalog ${v2}: the live release`));
  const store = path.join(DEPLOY.workDir, 'release-store', 'catalog');
  expect(existsSync(path.join(store, unused))).toBe(false);
  for (const version of [v1, v2]) expect(existsSync(path.join(store, version, 'mf-manifest.json'))).toBe(true);
  const versions = (await status()).remotes.find((remote) => remote.remote === 'catalog')?.releases?.map((entry) => entry.version);
  expect(versions).toEqual(expect.arrayContaining([v1, v2]));
  expect(versions).not.toContain(unused);
});

/** Where two documents first differ, with some text around it in each; null when they are the same. */
function firstDifference(before: Buffer, after: Buffer): { at: number; before: string; after: string } | null {
  if (before.equals(after)) return null;
  let at = 0;
  while (at < before.length && at < after.length && before[at] === after[at]) at += 1;
  const around = (document: Buffer) => document.subarray(Math.max(0, at - 120), at + 240).toString('utf8');
  return { at, before: around(before), after: around(after) };
}

/** What the catalog's server sends at `path` of its own (the image's build). */
async function served(page: Page, url: string): Promise<Buffer> {
  const response = await page.request.get(url);
  expect([url, response.status()]).toEqual([url, 200]);
  return response.body();
}

test('publish builds from the source into a folder of its own: the default build and `/` stay byte-identical, the same source is the same name', async ({ site, page }) => {
  test.setTimeout(600_000);
  const catalog = originOf('catalog');
  const workspaceDist = path.join(ROOT, 'mfe-catalog/dist');
  const imageBefore = fingerprint(site.imageOf('catalog').dir);
  const workspaceBefore = fingerprint(workspaceDist);
  const entryFiles = ['/mf-manifest.json', '/remoteEntry.js'];
  const defaultBefore = await Promise.all(entryFiles.map((file) => served(page, `${catalog}${file}`)));
  // A tab open on the image's build before the publish.
  expect(await load(page)).toBe('default');
  await expect(howItWorks(page)).toBeVisible();
  const siteBefore = await served(page, `${originOf('shell')}/`);
  expect(siteBefore.includes('data-aq-frame="catalog/Home"')).toBe(true);

  // No --dist: the command builds the catalog from the workspace's source.
  const first = await release('publish', 'catalog', '--by', 'deploy journeys');
  expect(first).toMatch(/release: building mfe-catalog into \S+ \(the remote's own dist\/ is left as it is\)/);
  const built = versionIn(first);
  const again = await release('publish', 'catalog', '--by', 'deploy journeys');
  expect(again).toContain(`release: catalog ${built} is already published (same files, same name): nothing changed`);

  // Nothing a server serves changed: the image's files, the workspace's build, the catalog's entry
  // files and the site's first page; the open tab's next page still loads from the image's build.
  expect(fingerprint(site.imageOf('catalog').dir)).toEqual(imageBefore);
  expect(fingerprint(workspaceDist)).toEqual(workspaceBefore);
  const defaultAfter = await Promise.all(entryFiles.map((file) => served(page, `${catalog}${file}`)));
  defaultAfter.forEach((body, index) => expect([entryFiles[index], body.equals(defaultBefore[index] as Buffer)]).toEqual([entryFiles[index], true]));
  const siteAfter = await served(page, `${originOf('shell')}/`);
  // (Composed or plain is said first, then where the two first differ, so a difference reads as what it is.)
  const composed = (document: Buffer) => document.includes('data-aq-frame=');
  expect([composed(siteAfter), firstDifference(siteBefore, siteAfter)]).toEqual([composed(siteBefore), null]);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(catalog) && !response.ok()) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.locator('footer').getByRole('link', { name: 'All Artifacts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Artifacts', exact: true })).toBeVisible();
  expect(failed).toEqual([]);
  // And fresh visitors still get the image's build: publishing is not promoting.
  expect(await load(page)).toBe('default');
});

test('rollback walks back through every earlier live release, then --to-default returns the catalog to its image build', async ({ page, site: _site }) => {
  test.setTimeout(240_000);
  await release('promote', 'catalog', v1);
  await release('promote', 'catalog', v2);
  expect(await load(page)).toBe(v2);

  expect(await release('rollback', 'catalog', '--by', 'deploy journeys')).toContain(`live ${v1}`);
  expect(await load(page)).toBe(v1);
  // Past the first promoted release: refused, and the answer says how to go back to the image.
  const refused = await releaseFails('rollback', 'catalog');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/409 Nothing to roll back: catalog@\S+ has no canary and no earlier live release/);
  expect(refused.stderr).toContain('npm run release -- rollback catalog --to-default');

  const back = await release('rollback', 'catalog', '--to-default', '--by', 'deploy journeys', '--reason', 'journey');
  expect(back).toMatch(/release: catalog runs its image's own build: the registry names no release for it/);
  expect(await load(page)).toBe('default');
  await expect(howItWorks(page)).toBeVisible();
  const report = await status();
  expect(report.remotes.find((remote) => remote.remote === 'catalog')?.live).toBeNull();
  expect(report.audit[0]).toEqual(expect.objectContaining({ action: 'to-default', version: v1, by: 'deploy journeys', reason: 'journey' }));
  expect(report.audit[1]).toEqual(expect.objectContaining({ action: 'rollback', version: v1, fromVersion: v2 }));
});

test('prune deletes only what the registry lists: a canary-only release goes, files it does not know stay, and the audit names who pruned', async ({ site: _site }) => {
  test.setTimeout(120_000);
  const copy = mkdtempSync(path.join(DEPLOY.workDir, 'canary-only-'));
  cpSync(path.join(v2Dir, 'mfe-catalog/dist'), copy, { recursive: true });
  writeFileSync(path.join(copy, 'notes.txt'), 'a canary, never live');
  const canaryOnly = await publish(copy);
  await release('promote', 'catalog', v1);
  await release('promote', 'catalog', canaryOnly, '--percent', '20');
  await release('rollback', 'catalog');
  // A folder in the store that this registry never published (another api's, or copied by hand).
  const store = path.join(DEPLOY.workDir, 'release-store', 'catalog');
  const stranger = '0.9.9-abcdefabcdef';
  cpSync(path.join(store, v1), path.join(store, stranger), { recursive: true });

  const out = await release('prune', 'catalog', '--keep', '0', '--by', 'Ada Lovelace');
  expect(out).toMatch(new RegExp(`pruned \\d+ release\\(s\\) of catalog: .*${canaryOnly}.* \\(audited as Ada Lovelace\\)`));
  expect(out).toContain(`left in place, the registry at ${DEPLOY.apiUrls[0]} does not list them: ${stranger}`);
  expect(existsSync(path.join(store, canaryOnly))).toBe(false);
  expect(existsSync(path.join(store, stranger, 'mf-manifest.json'))).toBe(true);
  expect(existsSync(path.join(store, v1, 'mf-manifest.json'))).toBe(true);
  const removal = (await status()).audit.find((entry) => entry.action === 'remove' && entry.version === canaryOnly);
  expect(removal?.by).toBe('Ada Lovelace');
});

test('grant-operator and revoke-operator name their real cause when they fail', async ({ site: _site }) => {
  const missing = await releaseFails('grant-operator', 'nobody-here@antiquarium.test');
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/no member with the email nobody-here@antiquarium\.test in the Auth Emulator at \S+ \(project demo-antiquarium\)/);
  const member = await createUser('Former Operator');
  expect(await release('grant-operator', member.email)).toContain(`${member.email} is now an operator`);
  expect(await release('revoke-operator', member.email)).toContain(`${member.email} is no longer an operator`);
});
