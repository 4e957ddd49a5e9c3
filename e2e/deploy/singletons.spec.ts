import { apiGet, type ArtifactSummary } from '../support/api';
import { signIn } from '../support/session';
import { createUser } from '../support/users';
import { expect, test } from './support/site';
import { startSite } from '../support/first-page';

interface RuntimeReport {
  instances: string[];
  versions: Record<string, string[]>;
  sameUseState: boolean;
  sameAuthStore: boolean;
  signedInEverywhere: (string | null)[];
  renderers: { package: string; dispatcherIsSharedReact: boolean }[];
}

// `site`: the front ends running as their images (a spec cannot count on an earlier one's worker).
test('one React and one auth store at run time: a sign-in through the account remote is seen by the shell and the catalog', async ({ page, site: _site }) => {
  test.setTimeout(120_000);
  const user = await createUser();
  const { body: [artifact] } = await apiGet<ArtifactSummary[]>('/artifacts?sort=name&limit=1');
  if (!artifact) throw new Error('the seeded database has no artifact');

  // React DevTools' hook: every React DOM renderer on the page registers with it, whichever bundle
  // it comes from. Installed before any script runs.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.assign(window, {
      deployRenderers: renderers,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        renderers: new Map(),
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
  });

  // One document from here on: the catalog (home), then the account remote's login form.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeAttached();
  // The first intent starts the code, which hydrates the page composed on the server (its links
  // would load a new document before that).
  await startSite(page);
  await page.locator('header').getByRole('link', { name: 'Login' }).click();
  await signIn(page, user);

  // The shell's top bar saw the sign-in made in the account remote.
  const header = page.locator('header');
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(header).toContainText(user.name);

  // So did the catalog: its details page is protected, and Like reaches the api with the token.
  await page.locator('footer').getByRole('link', { name: 'All Artifacts', exact: true }).click();
  await page.locator(`main a[href="/artifacts/${artifact._id}"]`).first().click();
  await expect(page.getByRole('heading', { level: 1, name: artifact.name })).toBeVisible();
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
  const { body: seenByApi } = await apiGet<ArtifactSummary & { liked?: boolean }>(`/artifacts/${artifact._id}`, user.token);
  expect(seenByApi.liked).toBe(true);

  // In the page: every federation instance (shell, catalog, account) resolves the same React and
  // the same auth store, each shared module exists in one version, and the one React DOM renderer
  // drives that React (its hooks dispatcher is the shared React's).
  const report = await page.evaluate((email): RuntimeReport => {
    interface Instance {
      name: string;
      loadShareSync: (name: string) => () => Record<string, unknown>;
    }
    const federation = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[]; __SHARE__: Record<string, Record<string, Record<string, Record<string, unknown>>>> } }).__FEDERATION__;
    const instances = federation.__INSTANCES__;
    const react = instances.map((instance) => instance.loadShareSync('react')());
    const stores = instances.map((instance) => instance.loadShareSync('@antiquarium/auth-store')()['useAuthStore'] as { getState: () => { user: { email?: string } | null } });
    const versions: Record<string, string[]> = {};
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const [name, byVersion] of Object.entries(scopes['default'] ?? {})) versions[name] = [...(versions[name] ?? []), ...Object.keys(byVersion)];
    }
    const renderers = (window as unknown as { deployRenderers: { rendererPackageName: string; currentDispatcherRef: unknown }[] }).deployRenderers;
    const internals = react[0]!['__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'];
    return {
      instances: instances.map((instance) => instance.name),
      versions,
      sameUseState: react.every((module) => module['useState'] === react[0]!['useState']),
      sameAuthStore: stores.every((store) => store === stores[0]),
      signedInEverywhere: stores.map((store) => (store.getState().user?.email === email ? email : null)),
      renderers: renderers.map((renderer) => ({ package: renderer.rendererPackageName, dispatcherIsSharedReact: renderer.currentDispatcherRef === internals })),
    };
  }, user.email);

  expect(report.instances.sort()).toEqual(['account', 'catalog', 'shell']);
  expect(report.sameUseState).toBe(true);
  expect(report.sameAuthStore).toBe(true);
  expect(report.signedInEverywhere).toEqual([user.email, user.email, user.email]);
  expect(report.renderers).toEqual([{ package: 'react-dom', dispatcherIsSharedReact: true }]);
  for (const name of ['react', 'react-dom', 'react-router-dom', 'zustand', '@antiquarium/auth-store', '@antiquarium/ui']) {
    expect(report.versions[name], name).toHaveLength(1);
  }
});
