import { useAuthStore, type AuthState } from '@antiquarium/auth-store';
import { act, render, screen, within } from '@testing-library/react';
import { Modal, notification } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

const initialAuth = useAuthStore.getState();

/**
 * The auth store is the real one; only its provider-facing state is set per test (the Firebase SDK
 * cannot run in jsdom; the browser journeys use the real one against the emulator).
 */
export function fakeAuth(overrides: Partial<AuthState> = {}): void {
  useAuthStore.setState({ user: null, loading: false, ...overrides });
}

function Elsewhere() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `element` at the route `path` (the URL `options.url`, by default the path itself), inside
 * a memory router whose other paths show where the screen navigated to. `state` is the location
 * state (e.g. `{ from }` set by the shell's RequireAuth).
 */
export function renderAt(path: string, element: ReactElement, options: { url?: string; state?: unknown } = {}) {
  const url = new URL(options.url ?? path, 'http://antiquarium.test');
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [{ pathname: url.pathname, search: url.search, state: options.state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A toast (antd's notification, rendered outside the tested tree) with exactly this title. */
export async function findToast(text: string) {
  // The first toast of a file loads antd on demand (libs/ui's notify.ts): give it time.
  return screen.findByText(text, { selector: '.ant-notification-notice-title' }, { timeout: 5000 });
}

afterEach(() => {
  // Toasts and dialogs outlive a test in the shared document: clear them between tests. (Only once
  // antd has shown one: destroying before the first toast leaves antd's queue stuck.)
  act(() => {
    if (document.querySelector('.ant-notification')) notification.destroy();
    Modal.destroyAll();
  });
  useAuthStore.setState(initialAuth, true);
});

/** The cells of the table named `name` inside the region of the same name, row by row, headers included. */
export function tableCells(name: string): string[][] {
  const table = within(screen.getByRole('region', { name })).getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}
