import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page may take to show its heading (a remote's code may still be coming). */
const WAIT_MS = 10_000;

/** Whether nothing in particular has the focus: it fell to <body> (the control that had it was removed), or to <main> for want of a heading. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.getElementById('main-content');
}

/**
 * After an in-app navigation that left nothing focused (the button that sent a form, deleted an
 * artifact or created a collection is gone with its page), the new page's heading takes the focus,
 * so a keyboard or screen reader user goes on from what changed, not from the top of the document
 * (issue 43). A focus the page gave itself, or one still on a link or field, is left where it is.
 */
export function useFocusAfterNavigation(): void {
  const { key } = useLocation();
  // The location the layout was last shown at: the first one is no navigation, and an effect run
  // again for the same one (React's StrictMode does) is none either.
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return undefined;
    shown.current = key;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      if (!focusLost()) return;
      const main = document.getElementById('main-content');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (Date.now() - started < WAIT_MS) timer = setTimeout(attempt, 100);
      else main?.focus();
    };
    // After the page's own effects (one of which may focus something of its own).
    timer = setTimeout(attempt, 0);
    return () => clearTimeout(timer);
  }, [key]);
}
