// The open data's public shape (GET /open-data/artifacts), for the api that writes it and whoever reads it.

/** One artifact as the open data publishes it (docs/api.md "Open data"): every value public. */
export interface OpenDataRecord {
  id: string;
  url: string;
  name: string;
  type: string;
  image: string;
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
}
