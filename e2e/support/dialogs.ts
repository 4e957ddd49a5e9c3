import { expect, type Locator, type Page } from '@playwright/test';

/** The antd dialog with this title (libs/ui alertDialog / confirmDialog). */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/**
 * The antd dialog with this title once it has opened: shown, and its zoom-in over (the motion's
 * `-appear`/`-enter` classes gone from the dialog element). A click on its button while it was still
 * zooming in was lost once under CI load (the confirmation stayed open and nothing answered it,
 * 2026-11-27); acting on an opened dialog, which a person always does, rules that out without a
 * fixed wait.
 */
export async function openedDialog(page: Page, title: string): Promise<Locator> {
  return whenOpened(dialog(page, title));
}

/** An antd dialog (any locator of its role="dialog" element) once shown and done zooming in. */
export async function whenOpened(antdDialog: Locator): Promise<Locator> {
  await expect(antdDialog).toBeVisible();
  await expect(antdDialog).not.toHaveClass(/-(?:appear|enter)(?:-|\s|$)/);
  return antdDialog;
}
