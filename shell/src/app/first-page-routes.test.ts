import { isValidElement, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { routes } from './routes';
import { RequireAuth } from '../auth/require-auth';
import { RemotePage } from '../remotes/page/remote-page';
import { FIRST_PAGES, firstPageOf } from '@antiquarium/contracts/first-page';
import { REMOTE_NAMES } from '../config/remote-names';

jest.mock('@module-federation/enhanced/runtime', () => ({ preloadRemote: jest.fn(() => Promise.resolve()), loadRemote: jest.fn(), registerRemotes: jest.fn() }));

/** The remote page id a path shows, and whether it is protected, read from the route table. */
function routeOf(path: string) {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route;
  type Props = { children?: ReactElement<Props>; id?: string };
  let element = leaf?.element as ReactElement<Props> | undefined;
  let protectedPage = false;
  if (isValidElement(element) && element.type === RequireAuth) {
    protectedPage = true;
    element = element.props.children;
  }
  return { id: isValidElement(element) && element.type === RemotePage ? element.props.id : undefined, protectedPage };
}

test.each([
  ['/', 'catalog/Home'],
  ['/all-artifacts', 'catalog/AllArtifacts'],
  ['/login', 'account/Login'],
  ['/register', 'account/Register'],
  ['/forgot-password', 'account/ForgotPassword'],
])('the first page preloaded for %s is the one the route table shows (%s)', (path, id) => {
  const page = firstPageOf(path);
  expect(page && `${page.remote}/${page.expose.slice(2)}`).toBe(id);
  expect(routeOf(path)).toEqual({ id, protectedPage: false });
});

test('protected pages, static pages and unknown paths preload nothing', () => {
  for (const path of ['/artifacts/abc', '/add-artifact', '/my-artifacts', '/liked-artifacts', '/update-artifact/abc']) {
    expect(routeOf(path).protectedPage).toBe(true);
    expect(firstPageOf(path)).toBeUndefined();
  }
  for (const path of ['/about', '/terms', '/no/such/page']) expect(firstPageOf(path)).toBeUndefined();
});

/** Every route of the table with its full path (`:id` filled in) and what it shows, walked from the root. */
function everyRoute(table: RouteObject[] = routes, parent = ''): { path: string; id: string | undefined; protectedPage: boolean }[] {
  return table.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
    const here = route.index || (route.path && !route.children) ? [{ path: path.replace(/:\w+/g, 'abc'), ...routeOf(path.replace(/:\w+/g, 'abc')) }] : [];
    return [...here, ...everyRoute(route.children ?? [], path)];
  });
}

test('every remote page the route table shows without sign-in is preloaded when a visit starts on it, and no other', () => {
  const remotePages = everyRoute().filter((route) => route.id !== undefined);
  // The walk found the table's remote pages (so the checks below cannot pass on an empty list).
  expect(remotePages.length).toBeGreaterThanOrEqual(10);
  const publicPages = remotePages.filter((route) => !route.protectedPage);
  expect(publicPages.length).toBeGreaterThan(0);
  for (const { path, id } of publicPages) {
    const page = firstPageOf(path);
    expect([path, page && `${page.remote}/${page.expose.slice(2)}`]).toEqual([path, id]);
  }
  for (const { path } of remotePages.filter((route) => route.protectedPage)) expect([path, firstPageOf(path)]).toEqual([path, undefined]);
  // And FIRST_PAGES names nothing else: one entry per public remote page.
  expect(FIRST_PAGES).toHaveLength(new Set(publicPages.map((route) => route.id)).size);
});

test("the table's remotes are the workspace's, and a composed page names the route the shell shows it at", () => {
  for (const page of FIRST_PAGES) expect(REMOTE_NAMES).toContain(page.remote);
  const composed = FIRST_PAGES.filter((page) => page.composed);
  expect(composed.length).toBeGreaterThanOrEqual(3);
  for (const page of composed) {
    const route = page.composed?.route ?? '';
    // The route's pattern with its params filled in is a path of this page, and the shell shows the page there.
    const example = route.replace(/:\w+/g, '650000000000000000000001');
    expect([route, page.path.test(example)]).toEqual([route, true]);
    expect([route, routeOf(example).id]).toEqual([route, `${page.remote}/${page.expose.slice(2)}`]);
  }
});
