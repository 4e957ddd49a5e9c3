import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeScan {
  /** Only this part of the page (a selector), not the whole of it. */
  include?: string;
  /** Every finding (`any`, the default), or the serious and critical ones only. */
  impact?: 'any' | 'serious';
  /** Waits until no toast shows first: a fading toast's half-transparent text is not what the screen shows. */
  afterToasts?: boolean;
}

/** What axe finds on the page, each finding as `rule (impact): where`, the one scan every journey uses. */
export async function axeFindings(page: Page, { include, impact = 'any', afterToasts = false }: AxeScan = {}): Promise<string[]> {
  // One stays 6 s (libs/ui antd-kit.tsx).
  if (afterToasts) await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 10_000 });
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => impact === 'any' || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The serious and critical findings only. */
export const seriousFindings = (page: Page, scan: Omit<AxeScan, 'impact'> = {}): Promise<string[]> => axeFindings(page, { ...scan, impact: 'serious' });
