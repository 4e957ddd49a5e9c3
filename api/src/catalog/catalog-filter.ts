import type { ArtifactFilters } from '@antiquarium/contracts';
import type { Entry } from './catalog-orders';

/** The list's filters (libs/contracts), and the member's own artifacts. */
export interface CatalogFilter extends ArtifactFilters {
  adderUid?: string;
}

/** The filter's search as kept (trimmed), or '' for none. */
export function searchOf(filter: CatalogFilter): string {
  return filter.search?.trim() ?? '';
}

/** The same filters give the same key, whatever the order or absence of their parts. */
export function filterKey(filter: CatalogFilter): string {
  return JSON.stringify([searchOf(filter), filter.type ?? '', filter.from ?? null, filter.to ?? null, filter.within === true, filter.place ?? '', filter.adderUid ?? '']);
}

/** Whether the entry's years meet [from, to] (inside it with `within`); undated entries never do. */
export function overlaps(entry: Entry<unknown>, from: number | undefined, to: number | undefined, within: boolean): boolean {
  if (from === undefined && to === undefined) return true;
  if (entry.start === null || entry.end === null) return false;
  if (within) return (from === undefined || entry.start >= from) && (to === undefined || entry.end <= to);
  return (from === undefined || entry.end >= from) && (to === undefined || entry.start <= to);
}

/** Whether the entry passes every part of the filter; `found`: whether its search finds it. */
export function passes(filter: CatalogFilter, entry: Entry<unknown>, found: boolean): boolean {
  return (
    found &&
    (!filter.type || entry.type === filter.type) &&
    (!filter.adderUid || entry.adderUid === filter.adderUid) &&
    (!filter.place || entry.place === filter.place) &&
    overlaps(entry, filter.from, filter.to, filter.within === true)
  );
}
