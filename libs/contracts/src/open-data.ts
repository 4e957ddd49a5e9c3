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
