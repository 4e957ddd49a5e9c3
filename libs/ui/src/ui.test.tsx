import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { NotFound } from './not-found';
import { confirmDialog, toast } from './notify';
import { Spinner } from './spinner';
import { antTheme, themeTokens } from './theme';

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
