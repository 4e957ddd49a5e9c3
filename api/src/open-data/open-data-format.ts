import { METADATA_LICENCE, iiifManifestPath, iiifManifestReference, isObjectId, isOpenDataCursor, isoYear, type OpenDataRecord } from '@antiquarium/contracts';
import type { OpenDataArtifact } from '../artifacts/artifact-projections';
import { toArtifactImage } from '../artifacts/to-artifact';

/** The CSV columns, in order: the record's keys. */
export const CSV_COLUMNS: readonly Exclude<keyof OpenDataRecord, 'images'>[] = [
  'id', 'url', 'name', 'type', 'image', 'imageAlt', 'context', 'shortDescription', 'createdAt', 'dateStart', 'dateEnd', 'datePrecision',
  'dateQualifier', 'discoveredAt', 'discoveredBy', 'location', 'place', 'rights', 'credit', 'contributor', 'addedAt', 'iiifManifest',
];

/** Where a record's links point: the site's pages and the api's own documents. */
export interface OpenDataAddresses {
  siteOrigin: string;
  publicApiUrl: string;
}

export function toOpenDataRecord(doc: OpenDataArtifact, { siteOrigin, publicApiUrl }: OpenDataAddresses, defaultRights: string): OpenDataRecord {
  const id = doc._id.toHexString();
  const dated = typeof doc.yearStart === 'number' && typeof doc.yearEnd === 'number';
  return {
    id,
    url: `${siteOrigin}/artifacts/${id}`,
    name: doc.name,
    type: doc.type,
    image: doc.image,
    imageAlt: doc.images?.[0]?.alt ?? '',
    context: doc.context,
    shortDescription: doc.shortDescription,
    createdAt: doc.createdAt,
    dateStart: dated ? doc.yearStart! : null,
    dateEnd: dated ? doc.yearEnd! : null,
    datePrecision: dated ? (doc.datePrecision ?? null) : null,
    dateQualifier: dated ? (doc.dateQualifier ?? null) : null,
    discoveredAt: doc.discoveredAt,
    discoveredBy: doc.discoveredBy,
    location: doc.location,
    place: doc.place || null,
    rights: doc.rights ?? defaultRights,
    credit: doc.credit ?? '',
    contributor: doc.adderName,
    addedAt: new Date(doc.addedAt).toISOString(),
    iiifManifest: `${publicApiUrl}/${iiifManifestPath(id)}`,
    images: (doc.images ?? []).map((stored) => {
      const { url, alt, caption, width, height } = toArtifactImage(stored);
      return { url, alt, ...(caption ? { caption } : {}), width, height };
    }),
  };
}

/**
 * One record as schema.org JSON-LD (a VisualArtwork, as the details page's document describes it):
 * what harvesters that read schema.org take, with the IIIF manifest as a work about it and the
 * record's own licence (CC0) as `sdLicense`.
 */
export function toJsonLd(record: OpenDataRecord): Record<string, unknown> {
  const dated = record.dateStart !== null && record.dateEnd !== null;
  const images = (record.images ?? []).map((image) => ({
    '@type': 'ImageObject',
    contentUrl: image.url,
    description: image.alt,
    ...(image.caption ? { caption: image.caption } : {}),
    width: image.width,
    height: image.height,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'VisualArtwork',
    '@id': record.url,
    url: record.url,
    name: record.name,
    description: record.shortDescription,
    ...(images.length > 0 ? { image: images } : record.image ? { image: record.image } : {}),
    artform: record.type,
    ...(dated ? { dateCreated: record.dateStart === record.dateEnd ? isoYear(record.dateStart!) : `${isoYear(record.dateStart!)}/${isoYear(record.dateEnd!)}` } : {}),
    ...(record.location.trim() ? { contentLocation: { '@type': 'Place', name: record.location } } : {}),
    license: record.rights,
    ...(record.credit.trim() ? { creditText: record.credit } : {}),
    contributor: { '@type': 'Person', name: record.contributor },
    subjectOf: iiifManifestReference(record.iiifManifest),
    sdLicense: METADATA_LICENCE.uri,
  };
}

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, tab and carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A text
 * cell that a spreadsheet would read as a formula gets a leading apostrophe; numbers are written as
 * they are (a BC year is a plain negative numeral, not a formula).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export function csvRecord(record: OpenDataRecord): string {
  return csvRow(CSV_COLUMNS.map((column) => record[column]));
}

/** The opaque resume cursor: the last id sent, base64url-encoded. */
export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

/** The id a cursor stands for, or undefined when the text is not a cursor this api wrote. */
export function decodeCursor(cursor: string): string | undefined {
  if (!isOpenDataCursor(cursor)) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isObjectId(id) ? id : undefined;
}
