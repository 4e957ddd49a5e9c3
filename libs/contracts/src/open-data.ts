// The open data's public shape (GET /open-data/artifacts), for the api that writes it and whoever reads it.

export interface OpenDataImage {
  url: string;
  alt: string;
  caption?: string;
  width: number;
  height: number;
}

/** One artifact as the open data publishes it (docs/api.md "Open data"): every value public. */
export interface OpenDataRecord {
  id: string;
  url: string;
  name: string;
  type: string;
  /** The cover's address (the first photo's, or the address an older record was given). */
  image: string;
  /** The cover's alt text: what a blind visitor hears of it ('' for a record with only an address). */
  imageAlt: string;
  /** Every kept photo, in order, with its alt text (JSON Lines only: CSV carries the cover's). */
  images?: OpenDataImage[];
  context: string;
  shortDescription: string;
  createdAt: string;
  /** The created-at text read as signed years (no year 0); null when it could not be read. */
  dateStart: number | null;
  dateEnd: number | null;
  datePrecision: string | null;
  dateQualifier: string | null;
  discoveredAt: string;
  discoveredBy: string;
  location: string;
  /** The country the location was read as; null when none. */
  place: string | null;
  rights: string;
  credit: string;
  contributor: string;
  addedAt: string;
  /** The artifact as a IIIF Presentation 3 manifest (docs/decisions/0023-iiif.md): any IIIF viewer opens it. */
  iiifManifest: string;
}

/** The header that carries the next page's cursor besides `Link` rel="next" (absent on the last page). */
export const OPEN_DATA_NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** The longest cursor the api writes (a longer one is refused unread). */
export const OPEN_DATA_CURSOR_MAX_LENGTH = 64;

/** A cursor as the api writes it: opaque base64url text, passed back unchanged for the next page. */
export const OPEN_DATA_CURSOR = new RegExp(`^[A-Za-z0-9_-]{1,${OPEN_DATA_CURSOR_MAX_LENGTH}}$`);

/** Whether `value` can be a cursor of the open data (a header's value: null when absent). */
export function isOpenDataCursor(value: string | null | undefined): value is string {
  return typeof value === 'string' && OPEN_DATA_CURSOR.test(value);
}
