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

/** The same tokens for antd, so antd dialogs and forms in any remote look like the plain parts. */
export const antTheme: ThemeConfig = {
  token: {
    colorPrimary: themeTokens.colorPrimary,
    colorLink: themeTokens.colorPrimary,
    colorText: themeTokens.colorText,
    colorTextSecondary: themeTokens.colorMuted,
    colorBgLayout: themeTokens.colorBackground,
    colorBorder: themeTokens.colorBorder,
    colorError: themeTokens.colorError,
    colorSuccess: themeTokens.colorSuccess,
    borderRadius: themeTokens.borderRadius,
    fontFamily: themeTokens.fontBody,
  },
};
