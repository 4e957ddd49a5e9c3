import { chooseTheme, useTheme } from '@antiquarium/ui';

/**
 * The site's theme switch (issue 43): a toggle button, pressed while the dark theme shows. The
 * choice is remembered (chooseTheme's cookie), and the system's preference applies until one is made.
 */
export function ThemeToggle() {
  const dark = useTheme() === 'dark';
  return (
    <button type="button" className="aq-theme-toggle" aria-pressed={dark} onClick={() => chooseTheme(dark ? 'light' : 'dark')}>
      <span aria-hidden="true" className="aq-theme-toggle__icon">
        {dark ? '☾' : '☀'}
      </span>
      Dark theme
    </button>
  );
}
