import { PAGE_HEADERS } from '@antiquarium/contracts';

/** One page of a list answer: the body is a plain array, the page facts come in PAGE_HEADERS. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** The next page number, or null on the last page. */
  nextPage: number | null;
}

/** What a page is taken to be when the answer leaves a header out. */
export interface PageFallback {
  /** The page asked for (1 when not given). */
  page?: number;
  /** The page size asked for (the number of items when not given). */
  pageSize?: number;
}

/** A header's number, or null when it is absent, blank or not a number. */
function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Reads a list answer's items and its page headers; a missing total counts the items given. */
export function readPage<T>(items: T[], headers: Headers, fallback: PageFallback = {}): Page<T> {
  return {
    items,
    total: headerNumber(headers, PAGE_HEADERS.total) ?? items.length,
    page: headerNumber(headers, PAGE_HEADERS.page) ?? fallback.page ?? 1,
    pageSize: headerNumber(headers, PAGE_HEADERS.pageSize) ?? fallback.pageSize ?? items.length,
    nextPage: headerNumber(headers, PAGE_HEADERS.nextPage),
  };
}
