import type { MouseEvent } from 'react';
import { Link, useNavigate, type To } from 'react-router-dom';

export interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  /** From the api's X-Next-Page header: null on the last page. */
  nextPage: number | null;
  /** Where page n lives: each page has its own URL, which keeps the screen's other choices. */
  hrefOf: (page: number) => To;
}

/** Previous / next links: every item is reachable, and each page can be shared and bookmarked. */
export function Pagination({ page, total, pageSize, nextPage, hrefOf }: PaginationProps) {
  const navigate = useNavigate();
  // The click's own task ends at once (the link is pressed); the router's navigation and the new
  // page's render follow in tasks of their own (docs/performance.md, long lists). A click that
  // opens a new tab or window is the browser's.
  const soon = (to: To) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setTimeout(() => void navigate(to), 0);
  };
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const hasPrevious = page > 1;
  if (!hasPrevious && nextPage === null) return null;
  return (
    <nav className="aq-pagination" aria-label="Pages">
      {hasPrevious ? (
        <Link className="aq-button" to={hrefOf(page - 1)} rel="prev" onClick={soon(hrefOf(page - 1))}>
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
        <Link className="aq-button" to={hrefOf(nextPage)} rel="next" onClick={soon(hrefOf(nextPage))}>
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
