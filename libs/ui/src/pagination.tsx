import { useCallback, useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Link, useNavigate, type To } from 'react-router-dom';

export interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  /** From the api's X-Next-Page header: null on the last page. */
  nextPage: number | null;
  /** Where page n lives: each page has its own URL, which keeps the screen's other choices. */
  hrefOf: (page: number) => To;
  /** Told the page a click on Previous or Next goes to, before it goes (usePagingFocus). */
  onPage?: (page: number) => void;
}

/**
 * Where focus goes after paging, on every paged list of the site: the link pressed is gone while the
 * next page loads, and focus would fall to the page's body, so that a keyboard user starts again from
 * the top. Once the page asked for is `ready`, focus moves to the results' heading (or status, such
 * as their count), which also brings it into view: `target`, or the element of `heading` when the
 * heading is drawn by another component than the list. It is made focusable by script
 * (tabIndex -1) when it is not. Only a click on the pager does this (`onPage`, given to
 * Pagination): moving through history with Back leaves focus where the browser puts it.
 */
export function usePagingFocus<T extends HTMLElement>(page: number, ready: boolean, heading?: RefObject<T | null>) {
  const asked = useRef<number | null>(null);
  const own = useRef<T>(null);
  const target = heading ?? own;
  useEffect(() => {
    if (asked.current !== page || !ready) return;
    asked.current = null;
    const element = target.current;
    if (!element) return;
    if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
    element.focus();
  }, [page, ready, target]);
  return {
    target,
    onPage: useCallback((next: number) => {
      asked.current = next;
    }, []),
  };
}

/** Previous / next links: every item is reachable, and each page can be shared and bookmarked. */
export function Pagination({ page, total, pageSize, nextPage, hrefOf, onPage }: PaginationProps) {
  const navigate = useNavigate();
  // The click's own task ends at once (the link is pressed); the router's navigation and the new
  // page's render follow in tasks of their own (docs/performance.md, long lists). A click that
  // opens a new tab or window is the browser's.
  const soon = (to: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onPage?.(to);
    setTimeout(() => void navigate(hrefOf(to)), 0);
  };
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const hasPrevious = page > 1;
  if (!hasPrevious && nextPage === null) return null;
  return (
    <nav className="aq-pagination" aria-label="Pages">
      {hasPrevious ? (
        <Link className="aq-button" to={hrefOf(page - 1)} rel="prev" onClick={soon(page - 1)}>
          Previous
        </Link>
      ) : (
        <span className="aq-button" aria-disabled="true">
          Previous
        </span>
      )}
      <p className="aq-pagination__status">
        Page {page} of {Math.max(pages, page)}
      </p>
      {nextPage !== null ? (
        <Link className="aq-button" to={hrefOf(nextPage)} rel="next" onClick={soon(nextPage)}>
          Next
        </Link>
      ) : (
        <span className="aq-button" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

/** The `page` of a URL query (1 when missing or not a positive whole number). */
export function readPage(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
