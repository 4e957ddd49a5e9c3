import type { OpenDataRecord } from '@antiquarium/contracts';
import { toJsonLd } from './open-data-format';

const RECORD: OpenDataRecord = {
  id: 'a'.repeat(24),
  url: `http://site.test/artifacts/${'a'.repeat(24)}`,
  name: 'Rosetta Stone',
  type: 'Writings',
  image: 'http://api.test/media/photos/x-960.jpg',
  imageAlt: 'The stone',
  images: [{ url: 'http://api.test/media/photos/x-1280.jpg', alt: 'The stone', caption: 'Front', width: 1280, height: 1600 }],
  context: 'Ptolemaic decree',
  shortDescription: 'A granodiorite stele.',
  createdAt: '196 BC',
  dateStart: -196,
  dateEnd: -196,
  datePrecision: 'year',
  dateQualifier: 'exact',
  discoveredAt: '1799',
  discoveredBy: 'Pierre-François Bouchard',
  location: 'British Museum, London',
  place: 'United Kingdom',
  rights: 'http://creativecommons.org/publicdomain/mark/1.0/',
  credit: '',
  contributor: 'Ann Example',
  addedAt: '2026-01-01T00:00:00.000Z',
  iiifManifest: `http://api.test/iiif/3/artifacts/${'a'.repeat(24)}/manifest`,
};

test('a record as schema.org JSON-LD: the artwork, its photos, the date as ISO years, its licence and its IIIF manifest', () => {
  expect(toJsonLd(RECORD)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'VisualArtwork',
    '@id': RECORD.url,
    url: RECORD.url,
    name: 'Rosetta Stone',
    description: 'A granodiorite stele.',
    image: [{ '@type': 'ImageObject', contentUrl: 'http://api.test/media/photos/x-1280.jpg', description: 'The stone', caption: 'Front', width: 1280, height: 1600 }],
    artform: 'Writings',
    // 196 BC is year -195 in ISO 8601's astronomical numbering.
    dateCreated: '-0195',
    contentLocation: { '@type': 'Place', name: 'British Museum, London' },
    license: 'http://creativecommons.org/publicdomain/mark/1.0/',
    contributor: { '@type': 'Person', name: 'Ann Example' },
    subjectOf: expect.objectContaining({ '@type': 'CreativeWork', url: RECORD.iiifManifest }),
    sdLicense: 'http://creativecommons.org/publicdomain/zero/1.0/',
  });
  const undated = toJsonLd({ ...RECORD, images: [], dateStart: -1379, dateEnd: 2, credit: 'Photo: BM', location: ' ' });
  expect(undated).toEqual(expect.objectContaining({ image: RECORD.image, dateCreated: '-1378/0002', creditText: 'Photo: BM' }));
  expect(undated['contentLocation']).toBeUndefined();
  expect(toJsonLd({ ...RECORD, dateStart: null, dateEnd: null })['dateCreated']).toBeUndefined();
});
