import { act, render, screen } from '@testing-library/react';
import { chooseTheme, chosenTheme, currentTheme, useTheme } from './color-scheme';

function systemPrefersDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = { matches: dark, addEventListener: (_: string, listener: () => void) => listeners.add(listener), removeEventListener: (_: string, listener: () => void) => listeners.delete(listener) };
  window.matchMedia = jest.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      query.matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

function Shown() {
  return <p>{useTheme()}</p>;
}

afterEach(() => {
  chooseTheme(undefined);
});

test("the system's preference applies until the visitor chooses; the choice wins and is remembered in a cookie", () => {
  systemPrefersDark(true);
  expect(chosenTheme()).toBeUndefined();
  expect(currentTheme()).toBe('dark');
  chooseTheme('light');
  expect(document.documentElement).toHaveAttribute('data-aq-theme', 'light');
  expect(document.cookie).toMatch(/(^|; )aq_theme=light(;|$)/);
  expect(currentTheme()).toBe('light');
  chooseTheme(undefined);
  expect(document.documentElement).not.toHaveAttribute('data-aq-theme');
  expect(document.cookie).not.toMatch(/aq_theme=/);
  expect(currentTheme()).toBe('dark');
});

test('useTheme follows the toggle and the system as they change', async () => {
  const system = systemPrefersDark(false);
  render(<Shown />);
  expect(screen.getByText('light')).toBeInTheDocument();
  await act(async () => system.change(true));
  expect(screen.getByText('dark')).toBeInTheDocument();
  await act(async () => chooseTheme('light'));
  expect(await screen.findByText('light')).toBeInTheDocument();
});
