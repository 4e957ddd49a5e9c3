import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { NotFound } from './not-found';
import { notification } from 'antd';
import { TOAST_PLACEMENT, TOAST_SECONDS, TOAST_Z_INDEX } from './antd-kit';
import { confirmDialog, toast } from './notify';
import { Spinner } from './spinner';
import { antTheme, antThemeFor, darkThemeTokens, themeTokens } from './theme';

test('the spinner is a status with a readable label', () => {
  render(<Spinner label="Loading artifacts…" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading artifacts…');
});

test('the 404 screen reads Lost in History? and links home', () => {
  render(<NotFound />, { wrapper: MemoryRouter });
  expect(screen.getByRole('heading', { level: 1, name: 'Lost in History?' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('styles.css declares the same colours as the antd theme', () => {
  const css = readFileSync(path.join(__dirname, 'styles.css'), 'utf8');
  const cssVar = (name: string) => new RegExp(`--aq-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
  expect(cssVar('color-primary')).toBe(themeTokens.colorPrimary);
  expect(cssVar('color-text')).toBe(themeTokens.colorText);
  expect(cssVar('color-muted')).toBe(themeTokens.colorMuted);
  expect(cssVar('color-background')).toBe(themeTokens.colorBackground);
  expect(cssVar('color-border')).toBe(themeTokens.colorBorder);
  expect(cssVar('radius')).toBe(`${themeTokens.borderRadius}px`);
  expect(cssVar('font-body')).toBe(themeTokens.fontBody);
  expect(antTheme.token?.colorPrimary).toBe(themeTokens.colorPrimary);
});

test("styles.css's dark values (light-dark()'s second) are the dark antd theme's, and its light values the light one's", () => {
  const css = readFileSync(path.join(__dirname, 'styles.css'), 'utf8');
  const pair = (name: string) => /^\s*light-dark\(([^,]+),\s*([^)]+)\)$/.exec(new RegExp(`--aq-${name}:\\s*(light-dark\\([^;]+\\));`).exec(css)?.[1] ?? '')?.slice(1);
  const checked: [string, keyof typeof themeTokens][] = [
    ['color-primary', 'colorPrimary'],
    ['color-primary-hover', 'colorPrimaryHover'],
    ['color-background', 'colorBackground'],
    ['color-surface', 'colorSurface'],
    ['color-text', 'colorText'],
    ['color-muted', 'colorMuted'],
    ['color-border', 'colorBorder'],
    ['color-accent', 'colorAccent'],
    ['color-error', 'colorError'],
    ['color-success', 'colorSuccess'],
  ];
  for (const [name, token] of checked) expect([name, pair(name)]).toEqual([name, [themeTokens[token], darkThemeTokens[token]]]);
  expect(antThemeFor('dark').token?.colorText).toBe(darkThemeTokens.colorText);
  expect(antThemeFor('dark').token?.colorBgElevated).toBe(darkThemeTokens.colorSurface);
});

test('toast shows its text; confirmDialog resolves with the choice', async () => {
  // antd renders its toasts in a root of its own, outside the tested tree.
  await act(() => toast('success', 'Saved to the archive'));
  expect(await screen.findByText('Saved to the archive')).toBeInTheDocument();

  const accepted = confirmDialog({ title: 'Really?', text: 'Sure?', confirmLabel: 'Yes, go!' });
  // Focus starts on Cancel; only a destructive confirmation is drawn as dangerous.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  expect(screen.getByRole('button', { name: 'Yes, go!' })).not.toHaveClass('ant-btn-dangerous');
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, go!' }));
  await expect(accepted).resolves.toBe(true);

  const deleting = confirmDialog({ title: 'Delete?', text: 'For good.', confirmLabel: 'Yes, delete it!', destructive: true });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  expect(screen.getByRole('button', { name: 'Yes, delete it!' })).toHaveClass('ant-btn-dangerous');
  await userEvent.keyboard('{Enter}');
  await expect(deleting).resolves.toBe(false);

  const declined = confirmDialog({ title: 'Again?', text: 'Sure?', confirmLabel: 'Do it', cancelLabel: 'Keep' });
  await userEvent.click(await screen.findByRole('button', { name: 'Keep' }));
  await expect(declined).resolves.toBe(false);
});

test('toasts sit at the bottom right, clear of the heading, as alerts, long enough to read; an error stays until dismissed', async () => {
  const open = jest.spyOn(notification, 'open');
  await act(() => toast('success', 'Logged out!', 'You have logged out successfully.'));
  const title = await screen.findByText('Logged out!', { selector: '.ant-notification-notice-title' });
  const notice = title.closest('[role="alert"]');
  expect(notice).toHaveTextContent('You have logged out successfully.');
  expect(TOAST_PLACEMENT).toBe('bottomRight');
  expect(title.closest('.ant-notification')).toHaveClass('ant-notification-bottomRight');
  expect(TOAST_SECONDS).toBeGreaterThanOrEqual(6);
  expect(open).toHaveBeenLastCalledWith(expect.not.objectContaining({ duration: expect.anything() }));

  await act(() => toast('error', 'Network request failed'));
  expect(open).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'error', duration: false }));
  open.mockRestore();
  // The same error again replaces the one shown: it is said once.
  await act(() => toast('error', 'Network request failed'));
  await waitFor(() => expect(screen.getAllByText('Network request failed', { selector: '.ant-notification-notice-title' })).toHaveLength(1));
});

test('a confirmation gives the focus back to the button that opened it, however it closes', async () => {
  render(<button type="button">Logout</button>);
  const opener = screen.getByRole('button', { name: 'Logout' });
  for (const close of ['{Escape}', 'Cancel'] as const) {
    opener.focus();
    const answer = confirmDialog({ title: 'Are you sure?', text: 'You want to logout?', confirmLabel: 'Yes, logout!' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    if (close === 'Cancel') await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    else await userEvent.keyboard(close);
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(opener).toHaveFocus());
  }
});

test('a confirmation leaves the focus where the person put it while the dialog was closing', async () => {
  // The dialog's close ends with its motion (a deadline in jsdom): the clock is the test's, so the
  // field is clicked before that end, however busy the machine.
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <>
        <button type="button">Logout</button>
        <input aria-label="Name" />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Logout' });
    opener.focus();
    const answer = confirmDialog({ title: 'Are you sure?', text: 'You want to logout?', confirmLabel: 'Yes, logout!' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  } finally {
    jest.useRealTimers();
  }
});

test('toasts stack under an open dialog, never over its buttons, and above the page', async () => {
  const answer = confirmDialog({ title: 'Leave?', text: 'Unsaved.', confirmLabel: 'Leave' });
  await screen.findByRole('button', { name: 'Cancel' });
  await act(() => toast('error', 'Could not load the likes'));
  const title = await screen.findByText('Could not load the likes', { selector: '.ant-notification-notice-title' });
  // antd writes its layers as its own custom properties (var(--ant-…)), which jsdom leaves unresolved.
  const layer = (element: Element | null) => {
    if (!element) return Number.NaN;
    const style = getComputedStyle(element);
    const named = /^var\((--[\w-]+)\)$/.exec(style.zIndex.trim());
    return Number(named ? style.getPropertyValue(named[1] as string).trim() : style.zIndex);
  };
  const toasts = layer(title.closest('.ant-notification'));
  const dialog = layer(document.querySelector('.ant-modal-wrap'));
  expect(toasts).toBe(TOAST_Z_INDEX);
  expect(toasts).toBeLessThan(dialog);
  expect(toasts).toBeLessThan(layer(document.querySelector('.ant-modal-mask')));
  // The top bar's layer (shell/src/layout/layout.css).
  expect(toasts).toBeGreaterThan(100);
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await expect(answer).resolves.toBe(false);
});
