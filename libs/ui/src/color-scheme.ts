import { THEME_COOKIE, type Theme } from '@antiquarium/contracts/first-page';
import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The visitor's own choice of theme (<html data-aq-theme>), or undefined: the system's applies. */
export function chosenTheme(): Theme | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.documentElement.getAttribute('data-aq-theme');
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** The theme the page shows now: the visitor's choice, else the system's. */
export function currentTheme(): Theme {
  const chosen = chosenTheme();
  if (chosen) return chosen;
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * Shows `theme` and remembers it in THEME_COOKIE (a year), which the shell's server reads to compose
 * the next documents in it (no flash of the other theme); undefined goes back to the system's.
 */
export function chooseTheme(theme: Theme | undefined): void {
  const root = document.documentElement;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  if (theme) {
    root.setAttribute('data-aq-theme', theme);
    document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  } else {
    root.removeAttribute('data-aq-theme');
    document.cookie = `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  }
}

function subscribe(changed: () => void): () => void {
  const watch = new MutationObserver(changed);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-aq-theme'] });
  const system = window.matchMedia?.(DARK_QUERY);
  system?.addEventListener('change', changed);
  return () => {
    watch.disconnect();
    system?.removeEventListener('change', changed);
  };
}

/** The theme shown, kept current as the visitor or the system changes it. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}
