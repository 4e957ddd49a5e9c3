// Every target a finger or a pointer aims at is at least 44 x 44 px (issue 32; WCAG 2.5.5). A link
// inside a sentence is exempt (WCAG's inline exception); a checkbox or radio counts with its label,
// which takes the tap as well.
import type { Page } from '@playwright/test';

/** The least width and height of a target, in CSS px (WCAG 2.5.5). */
export const MIN_TARGET = 44;
/** The targets of the page smaller than MIN in either direction, each named so a failure says which. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';
    const named = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = Array.from(element.classList).slice(0, 2).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
    };
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (element.closest('[inert], [aria-hidden="true"]')) continue;
      // A control too small by nature (a timeline's century bar) whose choice the page offers again
      // in full-size controls, named by id (WCAG 2.5.8's "equivalent" exception): those are measured.
      const equivalent = element.closest('[data-target-equivalent]')?.getAttribute('data-target-equivalent');
      if (equivalent && document.getElementById(equivalent)) continue;
      let box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // A stretched link (its ::after covers the card around it) takes taps on the whole card.
      const after = getComputedStyle(element, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && element instanceof HTMLElement && element.offsetParent) {
        box = element.offsetParent.getBoundingClientRect();
      }
      // Not on screen: hidden, or visually hidden until focused (the skip link).
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      // A link in running text (WCAG 2.5.5's inline exception).
      const parent = element.parentElement;
      if (element.tagName === 'A' && style.display === 'inline' && parent && parent.textContent?.trim() !== element.textContent?.trim()) continue;
      const input = element as HTMLInputElement;
      if (element.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label = input.closest('label') ?? (input.id ? document.querySelector(`label[for="${input.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width < min - 0.5 || box.height < min - 0.5) small.push(`${named(element)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  }, MIN_TARGET);
}
