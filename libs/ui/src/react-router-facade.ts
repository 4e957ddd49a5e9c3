/**
 * What every app gets when it imports 'react-router-dom' (the rspack configs alias it here, see
 * build/rspack-base.ts). The site shares react-router-dom as one singleton, and shared modules are not
 * tree-shaken: sharing the package itself ships all of it (62 KB gzipped, with its server and RSC
 * parts). Sharing this list instead ships only what the apps use (31 KB).
 * Need another export? Add it here; the build fails on a name missing from this list
 * (exportsPresence: 'error'), and the shell must be deployed before a remote that uses it.
 * See docs/decisions/0004-antd-and-bundle-budget.md.
 */
export { RouterProvider } from 'react-router/dom';
export {
  createBrowserRouter,
  createMemoryRouter,
  generatePath,
  isRouteErrorResponse,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  ScrollRestoration,
  useBeforeUnload,
  useBlocker,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useOutletContext,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
export type {
  Location,
  NavigateFunction,
  NavigateOptions,
  NavLinkProps,
  LinkProps,
  Params,
  RouteObject,
  SetURLSearchParams,
  To,
} from 'react-router';
