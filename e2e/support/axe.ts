import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

export interface AxeScan {
  /** Only this part of the page (a selector), not the whole of it. */
  include?: string;
  /** Every finding (`any`, the default), or the serious and critical ones only. */
  impact?: 'any' | 'serious';
  /** Waits until no toast shows first: a fading toast's half-transparent text is not what the screen shows. */
  afterToasts?: boolean;
}

interface Finding {
  id: string;
  impact?: string | null;
  targets: string[];
}

/** What axe finds on the page, each finding as `rule (impact): where`, the one scan every journey uses. */
export async function axeFindings(page: Page, { include, impact = 'any', afterToasts = false }: AxeScan = {}): Promise<string[]> {
  // One stays 6 s (libs/ui antd-kit.tsx).
  if (afterToasts) await expect(page.locator('.ant-notification-notice')).toHaveCount(0, { timeout: 10_000 });
  const findings = page.frames().length === 1 ? await inPage(page, include) : await throughFrames(page, include);
  return findings
    .filter((finding) => impact === 'any' || finding.impact === 'serious' || finding.impact === 'critical')
    .map((finding) => `${finding.id} (${finding.impact}): ${finding.targets.join(', ')}`);
}

/** The serious and critical findings only. */
export const seriousFindings = (page: Page, scan: Omit<AxeScan, 'impact'> = {}): Promise<string[]> => axeFindings(page, { ...scan, impact: 'serious' });

/**
 * axe-core's own run in a page without frames (the site has none), its source given to a document
 * once. The same rules and options as AxeBuilder's, in half the time or less: AxeBuilder gives the
 * page its 1.3 MB twice on every scan, and by default merges the results in a blank page it opens
 * for the purpose (measured 2026-12-04, one worker, quiet machine: 1.2-1.6 s against 0.1-0.2 s of
 * axe's own work on a short page, 3-5.6 s against 0.7-0.9 s on All Artifacts).
 */
async function inPage(page: Page, include: string | undefined): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (part) => {
    const { axe: inWindow } = window as unknown as { axe: typeof axe };
    // Only the violations' nodes come back whole; the passes' are cut to one each.
    const { violations } = await inWindow.run(part ? { include: [part] } : document, { resultTypes: ['violations'] });
    return violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  }, include);
}

/** Through AxeBuilder, which gives every frame axe and merges their results. */
async function throughFrames(page: Page, include: string | undefined): Promise<Finding[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  return (await builder.analyze()).violations.map(asFinding);
}

/** A violation as a finding: its rule, its impact and the nodes it names (inPage maps the same inside the page, where this function is not). */
function asFinding(violation: axe.Result): Finding {
  return { id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) };
}
