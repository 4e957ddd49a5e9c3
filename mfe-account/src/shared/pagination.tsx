import { Link } from 'react-router-dom';

/** The `page` of the URL query (1 when missing or not a positive whole number). */
export function readPage(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function pageHref(page: number) {
  return { search: page > 1 ? `?page=${page}` : '' };
}

interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  /** From the api's X-Next-Page header: null on the last page. */
  nextPage: number | null;
}

/** Previous / next links: every item is reachable, and each page has its own URL. */
export function Pagination({ page, total, pageSize, nextPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const hasPrevious = page > 1;
  if (!hasPrevious && nextPage === null) return null;
  return (
    <nav className="acc-pagination" aria-label="Pages">
      {hasPrevious ? (
        <Link className="aq-button" to={pageHref(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="aq-button" aria-disabled="true">
          Previous
        </span>
      )}
      <p className="acc-pagination__status">
        Page {page} of {Math.max(pages, page)}
      </p>
      {nextPage !== null ? (
        <Link className="aq-button" to={pageHref(nextPage)} rel="next">
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
