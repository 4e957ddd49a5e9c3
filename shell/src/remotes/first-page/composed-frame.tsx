import { FRAME_ATTRIBUTE, WAITING_ATTRIBUTE } from '@antiquarium/contracts/first-page';
import { useLayoutEffect } from 'react';

// A first page composed on the server (docs/decisions/0010, 0011) arrives with the whole site already
// in #root: the shell's layout around the remote page's markup, #root marked with FRAME_ATTRIBUTE.
// React hydrates it instead of building it again: the shell's part as soon as the shell's code has
// run, the page's part (a Suspense boundary of RemotePage's) once the remote's code has arrived.
// The nodes on screen stay the same ones. The server disabled the form controls (marked with
// WAITING_ATTRIBUTE); each part enables its own once hydrated.

/** Whether `container` (#root) holds a page composed on the server, still to be hydrated. */
export function isComposed(container: Element): boolean {
  return container.hasAttribute(FRAME_ATTRIBUTE);
}

/** #root while it still holds a composed page (layout effects run in the browser only). */
function composedRoot(): Element | null {
  return document.querySelector(`[${FRAME_ATTRIBUTE}]`);
}

function enableWaitingControls(root: Element, where: (control: Element) => boolean): void {
  for (const control of root.querySelectorAll(`[${WAITING_ATTRIBUTE}]`)) {
    if (!where(control)) continue;
    control.removeAttribute('disabled');
    control.removeAttribute(WAITING_ATTRIBUTE);
  }
}

/** The layout's part (outside <main>) is hydrated: its controls work. Used by RootLayout. */
export function useComposedLayoutHydrated(): void {
  useLayoutEffect(() => {
    const root = composedRoot();
    if (root) enableWaitingControls(root, (control) => !control.closest('main'));
  }, []);
}

/**
 * Rendered by RemotePage beside the page, inside its Suspense boundary: it commits when the page
 * has hydrated (or rendered), and then the page's controls work and the document is React's.
 */
export function ComposedPageHydrated() {
  useLayoutEffect(() => {
    const root = composedRoot();
    if (!root) return;
    enableWaitingControls(root, () => true);
    root.removeAttribute(FRAME_ATTRIBUTE);
  }, []);
  return null;
}
