import { ARTIFACT_TYPES, MAX_SEARCH_LENGTH, SORT_LABELS, SORT_OPTIONS } from '@antiquarium/contracts';
import { useState, type FormEvent } from 'react';
import { effectiveSort, isArtifactType, isSortOption, type ArtifactQuery } from './artifact-query';

interface FilterFormProps {
  query: ArtifactQuery;
  /** Called with the new query; a change of filter, sort or search starts again at page 1. */
  onChange: (query: ArtifactQuery) => void;
}

/** The spec's form: Type, Sort By and Search (their counts are in the refine panel beside it). */
/**
 * What the date sorts order by: "Latest"/"Oldest" (the spec's labels) by when an artifact was added
 * here, the era sorts by when it was made. One line on a phone: a taller form would push the first
 * card's picture (the page's largest paint) below the fold.
 */
export const SORT_HINT = 'Latest, Oldest: by date added. Era: by age.';

export function FilterForm({ query, onChange }: FilterFormProps) {
  const [search, setSearch] = useState(query.search);
  const [shownSearch, setShownSearch] = useState(query.search);
  // The URL can change under the form (back button, a shared link): show its search then.
  if (query.search !== shownSearch) {
    setShownSearch(query.search);
    setSearch(query.search);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...query, search: search.trim(), page: 1 });
  };
  // Best match orders search results only.
  const sorts = SORT_OPTIONS.filter((option) => option !== 'relevance' || query.search);

  return (
    <form className="cat-filters" role="search" aria-label="Filter artifacts" onSubmit={onSubmit}>
      <div className="aq-field">
        <label htmlFor="filter-type">Type</label>
        <select
          id="filter-type"
          className="aq-select"
          value={query.type}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...query, type: isArtifactType(value) ? value : '', page: 1 });
          }}
        >
          <option value="">All Types</option>
          {ARTIFACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="aq-field">
        <label htmlFor="filter-sort">Sort By</label>
        <select
          id="filter-sort"
          className="aq-select"
          aria-describedby="filter-sort-hint"
          value={effectiveSort(query)}
          onChange={(event) => {
            const value = event.target.value;
            if (isSortOption(value)) onChange({ ...query, sort: value, page: 1 });
          }}
        >
          {sorts.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="aq-field cat-filters__search">
        <label htmlFor="filter-search">Search</label>
        <div className="cat-filters__search-row">
          <input
            id="filter-search"
            type="search"
            className="aq-input"
            placeholder="Search names, descriptions, places"
            maxLength={MAX_SEARCH_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" className="aq-button aq-button--primary">
            Search
          </button>
        </div>
      </div>
      {/* The spec's labels stay; what "Latest" and "Oldest" sort by is said once, under the row. */}
      <p id="filter-sort-hint" className="cat-filters__note">
        {SORT_HINT}
      </p>
    </form>
  );
}
