import { ERAS, formatYear, type ArtifactQuery } from '@antiquarium/contracts';

// The query itself (reading and writing the URL) is in @antiquarium/contracts: the shell reads it too.
export {
  DEFAULT_QUERY,
  effectiveSort,
  filtersKey,
  filtersOf,
  isArtifactType,
  isSortOption,
  queryKey,
  readQuery,
  writeQuery,
  type ArtifactQuery,
} from '@antiquarium/contracts';

/** The era whose bounds the range is, if it is one. */
export function eraOf(query: Pick<ArtifactQuery, 'from' | 'to'>) {
  return ERAS.find((era) => era.from === query.from && era.to === query.to) ?? null;
}

/** 'Ancient', '1400 BC - 1301 BC', 'from AD 500', 'to 1500'. */
export function rangeLabel(query: Pick<ArtifactQuery, 'from' | 'to'>): string {
  const era = eraOf(query);
  if (era) return era.label;
  if (query.from !== null && query.to !== null) return `${formatYear(query.from)} - ${formatYear(query.to)}`;
  if (query.from !== null) return `from ${formatYear(query.from)}`;
  return query.to !== null ? `to ${formatYear(query.to)}` : '';
}

/** The ordinal name of a century from its first year: '14th century BC', '1st century AD', '20th century'. */
export function centuryLabel(from: number): string {
  const number = from > 0 ? Math.floor(from / 100) + 1 : -from / 100;
  const tens = number % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][number % 10] ?? 'th');
  const era = from < 0 ? ' BC' : number <= 10 ? ' AD' : '';
  return `${number}${suffix} century${era}`;
}
