import { Link } from 'react-router-dom';
import { DEFAULT_QUERY, rangeLabel, writeQuery, type ArtifactQuery } from './artifact-query';

export const ACTIVE_TEXTS = {
  label: 'Active filters',
  clear: 'Clear all',
  /** After a chip's text, for screen readers (the × beside it is drawn). */
  remove: ' (remove filter)',
  didYouMean: 'Did you mean',
} as const;

interface Chip {
  key: string;
  label: string;
  without: ArtifactQuery;
}

function chipsOf(query: ArtifactQuery): Chip[] {
  const chips: Chip[] = [];
  const reset = { page: 1 };
  if (query.search) chips.push({ key: 'search', label: `“${query.search}”`, without: { ...query, ...reset, search: '', sort: query.sort === 'relevance' ? null : query.sort } });
  if (query.type) chips.push({ key: 'type', label: query.type, without: { ...query, ...reset, type: '' } });
  if (query.from !== null || query.to !== null) {
    chips.push({ key: 'years', label: `${rangeLabel(query)}${query.within ? ' (wholly)' : ''}`, without: { ...query, ...reset, from: null, to: null, within: false } });
  }
  if (query.place) chips.push({ key: 'place', label: query.place, without: { ...query, ...reset, place: '' } });
  return chips;
}

/** Each active filter as a chip that removes it, and a way to clear them all. */
export function ActiveFilters({ query, onChange }: { query: ArtifactQuery; onChange: (query: ArtifactQuery) => void }) {
  const chips = chipsOf(query);
  if (chips.length === 0) return null;
  return (
    <div className="cat-chips" role="group" aria-label={ACTIVE_TEXTS.label}>
      {chips.map((chip) => (
        // Named by what it shows, then what it does ('Ancient (remove filter)'): WCAG 2.5.3 label in name.
        <button key={chip.key} type="button" className="cat-chip" onClick={() => onChange(chip.without)}>
          {chip.label}
          <span className="aq-visually-hidden">{ACTIVE_TEXTS.remove}</span>
          <span aria-hidden="true" className="cat-chip__x">
            ×
          </span>
        </button>
      ))}
      {chips.length > 1 ? (
        <button type="button" className="aq-link-button" onClick={() => onChange({ ...DEFAULT_QUERY, sort: query.sort === 'relevance' ? null : query.sort })}>
          {ACTIVE_TEXTS.clear}
        </button>
      ) : null}
    </div>
  );
}

/** 'Did you mean rosetta stone?' under a search that found nothing, leading to that search. */
export function DidYouMean({ query, suggestion }: { query: ArtifactQuery; suggestion: string | null }) {
  if (!suggestion) return null;
  return (
    <p className="cat-did-you-mean">
      {ACTIVE_TEXTS.didYouMean}{' '}
      <Link to={{ search: writeQuery({ ...query, search: suggestion, page: 1 }).toString() }}>{suggestion}</Link>?
    </p>
  );
}
