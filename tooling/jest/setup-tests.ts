import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* waits up to 5 s: lazily loaded antd (toasts, dialogs) can take that long on a busy CI
// machine; a genuinely missing element still fails.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout engine: antd's responsive helpers and Swiper ask for these.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// React Router's ScrollRestoration scrolls on navigation; jsdom does not implement scrolling.
if (typeof window !== 'undefined') {
  window.scrollTo = () => undefined;
}

// antd measures the scrollbar through a pseudo-element, which jsdom cannot style; the element's own
// style is an equally good answer there.
if (typeof window !== 'undefined') {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}
