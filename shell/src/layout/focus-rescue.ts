import { useEffect } from 'react';

/** The ancestors of `element`, nearest first. */
function ancestorsOf(element: Element): Element[] {
  const chain: Element[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) chain.push(node);
  return chain;
}

/** Gives `element` the focus, making it focusable by script if it is not (a heading). */
function focusOn(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * When the focused control is removed with what it acted on (a decision recorded takes its queue
 * item away, a message marked handled leaves the open list, a list reloads), the browser drops the
 * focus to <body> without an event. Watching the page for removals, the focus goes instead to the
 * heading of the nearest part of the page that is still there (the list's, else the page's), so a
 * keyboard or screen reader user goes on from what changed (issue 43).
 */
export function rescueFocusIn(main: HTMLElement): () => void {
  let last: Element | null = null;
  let chain: Element[] = [];
  const onFocusIn = (event: FocusEvent) => {
    last = event.target instanceof Element ? event.target : null;
    chain = last ? ancestorsOf(last) : [];
  };
  const watch = new MutationObserver(() => {
    if (!last || last.isConnected) return;
    const active = document.activeElement;
    last = null;
    if (active !== null && active !== document.body) return;
    const survivor = chain.find((node) => node.isConnected && main.contains(node)) ?? main;
    const region = survivor.closest('section, article, [role="region"], main') ?? main;
    const heading = region.querySelector<HTMLElement>('h1, h2, h3') ?? main.querySelector<HTMLElement>('h1');
    focusOn(heading ?? main);
  });
  document.addEventListener('focusin', onFocusIn);
  watch.observe(main, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    watch.disconnect();
  };
}

/** rescueFocusIn over the layout's <main> for as long as the layout is on screen. */
export function useFocusRescue(): void {
  useEffect(() => {
    const main = document.getElementById('main-content');
    return main ? rescueFocusIn(main) : undefined;
  }, []);
}
