import type { Theme } from '@antiquarium/contracts/first-page';
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { currentTheme, useTheme } from './color-scheme';
import { antThemeFor } from './theme';

// Its own entry (@antiquarium/ui/antd-theme): it imports antd, which no first page loads.

function withAlgorithm(scheme: Theme): ThemeConfig {
  return { ...antThemeFor(scheme), algorithm: scheme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm };
}

const ANTD_THEMES: Record<Theme, ThemeConfig> = { light: withAlgorithm('light'), dark: withAlgorithm('dark') };

/** antd's theme for the page's theme now (static dialogs and toasts render outside React's tree). */
export function antdThemeNow(): ThemeConfig {
  return ANTD_THEMES[currentTheme()];
}

/** antd's parts inside it follow the page's theme, as the visitor or the system changes it. */
export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={ANTD_THEMES[useTheme()]}>{children}</ConfigProvider>;
}
