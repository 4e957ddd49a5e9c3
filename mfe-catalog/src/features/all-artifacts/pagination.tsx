import { Link } from 'react-router-dom';
import { writeQuery, type ArtifactQuery } from './artifact-query';

interface PaginationProps {
  query: ArtifactQuery;
  total: number;
  pageSize: number;
  nextPage: number | null;
}

/** Previous / next links that keep the filters: every artifact is reachable, and each page has a URL. */
export function Pagination({ query, total, pageSize, nextPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const hasPrevious = query.page > 1;
  if (!hasPrevious && nextPage === null) return null;
  const href = (page: number) => ({ search: writeQuery({ ...query, page }).toString() });
  return (
    <nav className="cat-pagination" aria-label="Pages">
      {hasPrevious ? (
        <Link className="aq-button" to={href(query.page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="aq-button" aria-disabled="true">
          Previous
        </span>
      )}
      <p className="cat-pagination__status">
        Page {query.page} of {Math.max(pages, query.page)}
      </p>
      {nextPage !== null ? (
        <Link className="aq-button" to={href(nextPage)} rel="next">
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
