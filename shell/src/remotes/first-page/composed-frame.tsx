import { FRAME_ATTRIBUTE, WAITING_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { useLayoutEffect } from 'react';

// A first page composed on the server (docs/decisions/0010, 0011) arrives with the whole site already
// in #root: the shell's layout around the remote page's markup, #root marked with FRAME_ATTRIBUTE.
// React hydrates it instead of building it again: the shell's part as soon as the shell's code has
// run, the page's part (a Suspense boundary of RemotePage's) once the remote's code has arrived.
// The nodes on screen stay the same ones. The server marked the form controls as waiting for their
// code (WAITING_ATTRIBUTE) but left them working: each part hands over what was typed or chosen in
// its own once hydrated, and the intent starter then replays a held activation.

/** Whether `container` (#root) holds a page composed on the server, still to be hydrated. */
export function isComposed(container: Element): boolean {
  return container.hasAttribute(FRAME_ATTRIBUTE);
}

/** #root while it still holds a composed page (layout effects run in the browser only). */
function composedRoot(): Element | null {
  return document.querySelector(`[${FRAME_ATTRIBUTE}]`);
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const CHECKABLE = /^(checkbox|radio)$/;

/** Whether the visitor changed `field` before its code came (it differs from what the server sent). */
function changedBeforeCode(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && CHECKABLE.test(field.type)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && field.type === 'file') return false;
  return field.value !== field.defaultValue;
}

/**
 * Hands what the visitor typed or chose before the code came to the code, as if done now. React's
 * hydration keeps a field's value but records it as the one it knows (its value tracker), so an
 * input event alone would not reach the page's onChange: the value is set back to what the server
 * sent through React's setter on the element (which updates that record), then to the visitor's
 * through the prototype's native setter (which does not), and the event then reads as a change.
 */
function handOver(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && CHECKABLE.test(field.type)) {
    // Put back, then ticked through a click: what a checkbox's or radio's code listens to.
    field.checked = field.defaultChecked;
    field.click();
    return;
  }
  const typed = field.value;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The controls of `root` that `where` takes are the code's now; what the visitor changed in them is
 * handed over. A changed field stays waiting until its value is the code's: a form sent in between
 * (Enter in a search typed before the code came) is held by the intent starter and sent again once
 * the field is awake, with what was typed, not with the value the code knew.
 */
export function wakeWaitingControls(root: Element, where: (control: Element) => boolean): void {
  const changed: Field[] = [];
  for (const control of root.querySelectorAll(`[${WAITING_ATTRIBUTE}]`)) {
    if (!where(control)) continue;
    const field = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control : null;
    if (field && changedBeforeCode(field)) changed.push(field);
    else control.removeAttribute(WAITING_ATTRIBUTE);
  }
  // Outside the commit that hydrated them, and a task before the starter replays a held click (a
  // search typed, then its button pressed, searches for what was typed).
  if (changed.length) {
    setTimeout(() => {
      for (const field of changed) {
        if (field.isConnected) handOver(field);
        field.removeAttribute(WAITING_ATTRIBUTE);
      }
    }, 0);
  }
}

/** The layout's part (outside <main>) is hydrated: its controls are the code's. Used by RootLayout. */
export function useComposedLayoutHydrated(): void {
  useLayoutEffect(() => {
    const root = composedRoot();
    if (root) wakeWaitingControls(root, (control) => !control.closest('main'));
  }, []);
}

/**
 * Rendered by RemotePage beside the page, inside its Suspense boundary: it commits when the page
 * has hydrated (or rendered), and then the page's controls and the document are React's.
 */
export function ComposedPageHydrated() {
  useLayoutEffect(() => {
    const root = composedRoot();
    if (!root) return;
    wakeWaitingControls(root, () => true);
    root.removeAttribute(FRAME_ATTRIBUTE);
  }, []);
  return null;
}
