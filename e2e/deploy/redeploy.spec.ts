import path from 'node:path';
import { buildRelease } from './support/releases';
import { expect, fingerprint, test } from './support/site';
import { startSite } from '../support/first-page';

test('a remote redeployed alone shows its change on the next load; the shell is untouched', async ({ site, page }) => {
  test.setTimeout(180_000);
  const release = `release ${Date.now().toString(36)}`;
  const shellImage = site.imageOf('shell');
  const shellBefore = fingerprint(shellImage.dir);
  // (Not `/`: the shell's server composes it with the catalog's page, which is to change.)
  const shellServed = await (await page.request.get('/login')).body();

  await page.goto('/');
  await startSite(page);
  await expect(page.getByRole('heading', { level: 2, name: 'How It Works' })).toBeVisible();

  // The catalog team changes a text, builds its image and replaces its container, nothing else.
  const oldCatalog = site.imageOf('catalog');
  const newCatalog = buildRelease('catalog', 'catalog-visible-change', [
    { file: 'mfe-catalog/src/features/home/how-it-works.tsx', search: '>How It Works<', replace: `>How It Works (${release})<` },
  ]);
  await site.redeploy('catalog', newCatalog);

  await page.reload();
  await startSite(page);
  await expect(page.getByRole('heading', { level: 2, name: `How It Works (${release})` })).toBeVisible();

  // The shell's files, and what its server sends of its own, are byte-identical: it learnt nothing
  // new but the remote's manifest, which it fetches uncached on each load. The first page it
  // composes is the new catalog's (docs/decisions/0010), once its short cache has passed.
  expect(fingerprint(shellImage.dir)).toEqual(shellBefore);
  expect((await (await page.request.get('/login')).body()).equals(shellServed)).toBe(true);
  await expect.poll(async () => (await page.request.get('/')).text(), { timeout: 15_000 }).toContain(`How It Works (${release})`);

  // Content hashes: a file name present in both builds means the same bytes; the changed module
  // shipped under new names.
  const dist = (dir: string) => fingerprint(path.join(dir, 'mfe-catalog/dist'));
  const before = dist(oldCatalog.dir);
  const after = dist(newCatalog.dir);
  const hashed = (name: string) => /\.[0-9a-f]{10}\.(js|css)$/.test(name);
  const kept = Object.keys(after).filter((name) => hashed(name) && name in before);
  const added = Object.keys(after).filter((name) => hashed(name) && !(name in before));
  expect(kept.length).toBeGreaterThan(0);
  expect(added.length).toBeGreaterThan(0);
  for (const name of kept) expect(after[name], name).toBe(before[name]);
});
