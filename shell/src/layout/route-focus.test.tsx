import { act, render, screen } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate, Outlet } from 'react-router-dom';
import { useFocusAfterNavigation } from './route-focus';

function Frame() {
  useFocusAfterNavigation();
  return (
    <main id="main-content" tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/** A page whose only button leaves with it, as "Create collection" does. */
function Leaving() {
  const navigate = useNavigate();
  return (
    <>
      <h1>My Collections</h1>
      <button type="button" onClick={() => navigate('/next')}>
        Create collection
      </button>
      <a href="/next" onClick={(event) => (event.preventDefault(), navigate('/next'))}>
        Stays
      </a>
    </>
  );
}

function Later() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 150);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <h1>Shown later</h1> : <p>Loading…</p>;
}

function renderAt(path: string, next = <h1>Next page</h1>, strict = false) {
  const router = createMemoryRouter(
    [{ element: <Frame />, children: [{ path: '/', element: <Leaving /> }, { path: '/next', element: next }] }],
    { initialEntries: [path] },
  );
  const app = <RouterProvider router={router} />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

// In StrictMode React runs the effect twice for the first page: that is no navigation either.
test.each([
  ['', false],
  [' (StrictMode)', true],
])("focus lost with the control that navigated goes to the new page's heading; the first page is left alone%s", async (_, strict) => {
  renderAt('/', <h1>Next page</h1>, strict);
  await act(async () => jest.advanceTimersByTime(50));
  expect(document.activeElement).toBe(document.body);
  const button = screen.getByRole('button', { name: 'Create collection' });
  button.focus();
  await act(async () => button.click());
  await act(async () => jest.advanceTimersByTime(10));
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Next page' }));
});

test('a heading that comes later is waited for', async () => {
  renderAt('/', <Later />);
  const button = screen.getByRole('button', { name: 'Create collection' });
  button.focus();
  await act(async () => button.click());
  await act(async () => jest.advanceTimersByTime(100));
  expect(document.activeElement?.tagName).toBe('BODY');
  // The heading renders (act flushes it), then the next look finds it.
  await act(async () => jest.advanceTimersByTime(60));
  await act(async () => jest.advanceTimersByTime(200));
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shown later' }));
});

test('a focus that is still somewhere (a link kept, a field) is not moved', async () => {
  const router = renderAt('/');
  const outside = document.createElement('button');
  document.body.append(outside);
  outside.focus();
  await act(async () => router.navigate('/next'));
  await act(async () => jest.advanceTimersByTime(10));
  expect(document.activeElement).toBe(outside);
  outside.remove();
});
