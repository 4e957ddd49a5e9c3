import { isValidElement, type ReactElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { routes } from '../app/routes';
import { RequireAuth } from '../auth/require-auth';
import { RemotePage } from './remote-page';
import { FIRST_PAGES, firstPageOf } from './first-pages';

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

test('every remote page the route table shows without sign-in is preloaded when a visit starts on it', () => {
  const publicRemotePaths = ['/', '/all-artifacts', '/login', '/register', '/forgot-password'];
  expect(FIRST_PAGES).toHaveLength(publicRemotePaths.length);
  for (const path of publicRemotePaths) expect(firstPageOf(path)).toBeDefined();
});
