import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether Tab can land on `element`: shown (jsdom, which lays nothing out, shows everything) and not hidden from assistive technology. */
export function tabCanReach(element: HTMLElement): boolean {
  return element.getAttribute('aria-hidden') !== 'true' && (typeof element.checkVisibility !== 'function' || element.checkVisibility());
}

/** The controls inside `container` that Tab can land on, in the document's order. */
export function tabbableIn(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(tabCanReach);
}

/** The parts of a key event these helpers read: React's and the DOM's both have them. */
type TabKey = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'defaultPrevented' | 'preventDefault'>;

/**
 * Keeps Tab inside a dialog: from its last control Tab goes to its first, Shift+Tab from the first
 * to the last. antd's Modal moves the focus back only when it lands on another element of the
 * page; a dialog that is the page's last element would otherwise let it leave the document. Put on
 * the dialog's outermost element (e.g. Modal's `modalRender`) as its keydown handler.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const controls = tabbableIn(event.currentTarget);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  }
}

/**
 * Keeps Tab going round `stops`, in their order (not the document's: a menu's button and its panel
 * may sit apart in it): Tab to the next, Shift+Tab to the one before, from the last back to the
 * first. A focus outside them goes to the first. Nothing to go round (none shown): Tab does as usual.
 */
export function keepTabAmong(event: TabKey, stops: readonly HTMLElement[]): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const shown = stops.filter(tabCanReach);
  if (shown.length === 0) return;
  event.preventDefault();
  const at = shown.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? 0 : (at + (event.shiftKey ? shown.length - 1 : 1)) % shown.length;
  shown[next]?.focus();
}
