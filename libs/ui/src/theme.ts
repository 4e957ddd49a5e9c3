import type { Theme } from '@antiquarium/contracts/first-page';
import type { ThemeConfig } from 'antd';

/**
 * The one palette of the site. styles.css repeats these values as CSS variables (plain CSS cannot
 * import TypeScript); theme.test.ts keeps the two in step.
 */
export const themeTokens = {
  colorPrimary: '#8b4513',
  colorPrimaryHover: '#6f370f',
  colorBackground: '#faf6ef',
  colorSurface: '#ffffff',
  colorText: '#2b2420',
  colorMuted: '#5c4f45',
  colorBorder: '#e4d9c6',
  colorAccent: '#c8963e',
  colorDark: '#2b2420',
  colorOnDark: '#f3e7d0',
  colorError: '#b42318',
  colorSuccess: '#1f7a3a',
  borderRadius: 10,
  fontBody:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontHeading: 'Georgia, Cambria, "Times New Roman", Times, serif',
} as const;

/** The dark theme's values of the same colours (styles.css's second values of light-dark()). */
export const darkThemeTokens = {
  ...themeTokens,
  colorPrimary: '#e8a66a',
  colorPrimaryHover: '#f2bd8a',
  colorBackground: '#1a1512',
  colorSurface: '#241e1a',
  colorText: '#f2eadf',
  colorMuted: '#c4b5a3',
  colorBorder: '#4a3f36',
  colorAccent: '#d9a54c',
  colorError: '#ff8f85',
  colorSuccess: '#7bd88f',
} as const;

/**
 * The same tokens for antd in `scheme`, so antd dialogs and forms in any remote look like the plain
 * parts (antd's own light or dark algorithm is added by antd-theme.tsx, which may import antd).
 */
export function antThemeFor(scheme: Theme): ThemeConfig {
  const tokens = scheme === 'dark' ? darkThemeTokens : themeTokens;
  return {
    token: {
      colorPrimary: tokens.colorPrimary,
      colorLink: tokens.colorPrimary,
      colorText: tokens.colorText,
      colorTextSecondary: tokens.colorMuted,
      colorBgLayout: tokens.colorBackground,
      colorBgContainer: tokens.colorSurface,
      colorBgElevated: tokens.colorSurface,
      colorBorder: tokens.colorBorder,
      colorError: tokens.colorError,
      colorSuccess: tokens.colorSuccess,
      // Text on a primary button: white on the light theme's brown, dark on the dark theme's amber.
      colorTextLightSolid: scheme === 'dark' ? tokens.colorBackground : '#ffffff',
      borderRadius: tokens.borderRadius,
      fontFamily: tokens.fontBody,
    },
  };
}

/** The light theme's tokens for antd. */
export const antTheme: ThemeConfig = antThemeFor('light');
