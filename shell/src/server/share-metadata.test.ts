/**
 * @jest-environment node
 */
// The tags and JSON-LD a shared document carries (issue 28): every value escaped, and the JSON-LD
// checked against schema.org's types (a small checker below, from schema.org's definitions of the
// properties used: their domains and expected value types; no network).
import { DEFAULT_RIGHTS, type Artifact } from '@antiquarium/contracts';
import {
  artifactJsonLd,
  artifactShareMetadata,
  collectionShareMetadata,
  escapeHtml,
  isoDating,
  shareTags,
  shortText,
  withShareTags,
  type SharedCollection,
} from './share-metadata';

const ORIGIN = 'https://antiquarium.example';
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="description" content="Antiquarium: a community database."><title>Antiquarium | Discover and share historical artifacts</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

function artifact(overrides: Partial<Artifact> = {}): Artifact {
  return {
    _id: '65a1b2c3d4e5f60718293a4b',
    name: 'Rosetta Stone',
    image: 'https://media.example/rosetta.webp',
    images: [],
    type: 'Writings',
    context: 'Ptolemaic Egypt',
    shortDescription: 'A granodiorite stele inscribed with a decree in three scripts.',
    createdAt: '196 BC',
    discoveredAt: '1799',
    discoveredBy: 'Pierre-François Bouchard',
    location: 'Rashid, Egypt',
    rights: 'http://creativecommons.org/licenses/by-sa/4.0/',
    credit: 'Photo: Hans Hillewaert, CC BY-SA',
    adderName: 'Ada',
    likes: 3,
    addedAt: '2026-01-01T00:00:00.000Z',
    dating: { start: -196, end: -196, precision: 'year', qualifier: 'exact' },
    ...overrides,
  };
}

// --- a schema.org checker: the types and properties these documents use, as schema.org defines them ---

type Expected = 'Text' | 'URL' | 'Date' | 'Integer' | 'Place' | 'Person' | 'Organization' | 'CreativeWork' | 'ImageObject' | 'MediaObject';

/** Each type's parent (schema.org's subClassOf). */
const PARENT: Record<string, string | undefined> = {
  Thing: undefined,
  CreativeWork: 'Thing',
  VisualArtwork: 'CreativeWork',
  Collection: 'CreativeWork',
  MediaObject: 'CreativeWork',
  ImageObject: 'MediaObject',
  Place: 'Thing',
  Person: 'Thing',
  Organization: 'Thing',
};

/** Properties by the type that declares them (their domain), with their expected value types. */
const PROPERTIES: Record<string, Record<string, readonly Expected[]>> = {
  Thing: { name: ['Text'], description: ['Text'], url: ['URL'], image: ['URL', 'ImageObject'], subjectOf: ['CreativeWork'] },
  CreativeWork: {
    dateCreated: ['Date'],
    contentLocation: ['Place'],
    license: ['URL', 'CreativeWork'],
    creditText: ['Text'],
    creator: ['Person', 'Organization'],
    hasPart: ['CreativeWork'],
    encodingFormat: ['Text', 'URL'],
  },
  VisualArtwork: { artform: ['Text', 'URL'] },
  MediaObject: { contentUrl: ['URL'] },
  ImageObject: { caption: ['Text', 'MediaObject'] },
  Collection: { collectionSize: ['Integer'] },
};

function isA(type: string, wanted: string): boolean {
  for (let at: string | undefined = type; at; at = PARENT[at]) if (at === wanted) return true;
  return false;
}

function propertyOf(type: string, name: string): readonly Expected[] | undefined {
  for (let at: string | undefined = type; at; at = PARENT[at]) if (PROPERTIES[at]?.[name]) return PROPERTIES[at]![name];
  return undefined;
}

/** ISO 8601 calendar date (year, year-month or full date; signed years past 9999 or before 0), or an interval of two. */
const ISO_DATE = /^(?:[+-]\d{4,}|\d{4})(?:-\d{2}(?:-\d{2})?)?$/;

function matches(value: unknown, expected: Expected, path: string, problems: string[]): boolean {
  switch (expected) {
    case 'Text':
      return typeof value === 'string' && value.trim() !== '';
    case 'URL':
      if (typeof value !== 'string') return false;
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    case 'Date':
      return typeof value === 'string' && value.split('/').length <= 2 && value.split('/').every((part) => ISO_DATE.test(part));
    case 'Integer':
      return Number.isInteger(value);
    default: {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const type = (value as Record<string, unknown>)['@type'];
      if (typeof type !== 'string' || !isA(type, expected)) return false;
      problems.push(...checkNode(value as Record<string, unknown>, path));
      return true;
    }
  }
}

/** What is wrong with a JSON-LD node against schema.org: unknown types, properties outside their type, values of other types. */
function checkNode(node: Record<string, unknown>, path = '$'): string[] {
  const problems: string[] = [];
  const type = node['@type'];
  if (typeof type !== 'string' || !(type in PARENT)) return [`${path}: unknown @type ${String(type)}`];
  for (const [name, value] of Object.entries(node)) {
    if (name === '@context' || name === '@type') continue;
    if (name === '@id') {
      if (!matches(value, 'URL', path, problems)) problems.push(`${path}.@id is not a URL`);
      continue;
    }
    const expected = propertyOf(type, name);
    if (!expected) {
      problems.push(`${path}.${name} is not a property of ${type}`);
      continue;
    }
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      const where = Array.isArray(value) ? `${path}.${name}[${index}]` : `${path}.${name}`;
      const nested: string[] = [];
      if (!expected.some((kind) => matches(item, kind, where, nested))) problems.push(`${where} is not a ${expected.join(' or ')}: ${JSON.stringify(item)}`);
      problems.push(...nested);
    }
  }
  return problems;
}

function checkDocument(jsonLd: Record<string, unknown>): string[] {
  return jsonLd['@context'] === 'https://schema.org' ? checkNode(jsonLd) : ['@context is not https://schema.org'];
}

/** The JSON-LD a document carries, read back as a crawler reads it. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** A meta tag's content, unescaped as a browser reads it. */
function metaOf(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  const found = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
  return found?.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
}

describe('the schema.org checker', () => {
  it('finds what is wrong (so that its silence on the documents means something)', () => {
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'VisualArtwork', name: 'x' })).toEqual([]);
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'Painting', name: 'x' })).toEqual(['$: unknown @type Painting']);
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'VisualArtwork', license: 'CC BY' })).toEqual(['$.license is not a URL or CreativeWork: "CC BY"']);
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'VisualArtwork', dateCreated: '196 BC' })).toEqual(['$.dateCreated is not a Date: "196 BC"']);
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'VisualArtwork', contentLocation: 'Egypt' })).toHaveLength(1);
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'VisualArtwork', contentLocation: { '@type': 'Place', artform: 'x' } })).toEqual(['$.contentLocation.artform is not a property of Place']);
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'Place', collectionSize: 2 })).toEqual(['$.collectionSize is not a property of Place']);
    expect(checkDocument({ '@context': 'https://schema.org', '@type': 'Collection', collectionSize: 2.5 })).toHaveLength(1);
  });
});

describe('an artifact as VisualArtwork', () => {
  it('carries name, description, image, the date read, the place, the licence and the credit, valid against schema.org', () => {
    const jsonLd = artifactJsonLd(artifact(), ORIGIN);
    expect(jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VisualArtwork',
      '@id': `${ORIGIN}/artifacts/65a1b2c3d4e5f60718293a4b`,
      url: `${ORIGIN}/artifacts/65a1b2c3d4e5f60718293a4b`,
      name: 'Rosetta Stone',
      description: 'A granodiorite stele inscribed with a decree in three scripts.',
      image: 'https://media.example/rosetta.webp',
      artform: 'Writings',
      dateCreated: '-0195',
      contentLocation: { '@type': 'Place', name: 'Rashid, Egypt' },
      license: 'http://creativecommons.org/licenses/by-sa/4.0/',
      creditText: 'Photo: Hans Hillewaert, CC BY-SA',
    });
    expect(checkDocument(jsonLd)).toEqual([]);
  });

  it('leaves out what the record does not have: no credit, an undated date, no place; the default rights statement is its licence', () => {
    const jsonLd = artifactJsonLd(artifact({ credit: '', dating: null, location: ' ', rights: DEFAULT_RIGHTS }), ORIGIN);
    expect(jsonLd).not.toHaveProperty('creditText');
    expect(jsonLd).not.toHaveProperty('dateCreated');
    expect(jsonLd).not.toHaveProperty('contentLocation');
    expect(jsonLd['license']).toBe(DEFAULT_RIGHTS);
    expect(checkDocument(jsonLd)).toEqual([]);
  });

  it('writes the date read in ISO 8601 (astronomical years), a range as an interval', () => {
    expect(isoDating({ start: -1380, end: -1312, precision: 'year', qualifier: 'circa' })).toBe('-1379/-1311');
    expect(isoDating({ start: 1799, end: 1799, precision: 'year', qualifier: 'exact' })).toBe('1799');
    expect(isoDating(null)).toBeUndefined();
    expect(checkDocument(artifactJsonLd(artifact({ dating: { start: -45_000, end: -35_000, precision: 'millennium', qualifier: 'circa' } }), ORIGIN))).toEqual([]);
  });

  it('names its IIIF manifest as a work about it when the api’s public address is known, as its open-data record does', () => {
    const jsonLd = artifactJsonLd(artifact(), ORIGIN, 'https://api.antiquarium.example/');
    expect(jsonLd['subjectOf']).toEqual({
      '@type': 'CreativeWork',
      name: 'IIIF Presentation 3 manifest',
      url: `https://api.antiquarium.example/iiif/3/artifacts/${artifact()._id}/manifest`,
      encodingFormat: 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"',
    });
    expect(checkDocument(jsonLd)).toEqual([]);
    expect(artifactJsonLd(artifact(), ORIGIN)).not.toHaveProperty('subjectOf');
  });

  it('carries every kept photo as an ImageObject with its alt text and caption, in order, valid against schema.org', () => {
    const photo = (id: string, alt: string, caption?: string) => ({
      id,
      url: `https://api.example/media/photos/${id.repeat(32)}-1280.jpg`,
      srcset: '',
      sources: [],
      alt,
      ...(caption ? { caption } : {}),
      width: 1600,
      height: 1200,
      placeholder: 'AAAA',
    });
    const jsonLd = artifactJsonLd(artifact({ images: [photo('a', 'The stele, front', 'As found'), photo('b', 'The stele, side')] }), ORIGIN);
    expect(jsonLd['image']).toEqual([
      { '@type': 'ImageObject', contentUrl: `https://api.example/media/photos/${'a'.repeat(32)}-1280.jpg`, description: 'The stele, front', caption: 'As found' },
      { '@type': 'ImageObject', contentUrl: `https://api.example/media/photos/${'b'.repeat(32)}-1280.jpg`, description: 'The stele, side' },
    ]);
    expect(checkDocument(jsonLd)).toEqual([]);
  });

  it('makes a relative picture absolute on the site, and leaves out one that is not http(s)', () => {
    expect(artifactJsonLd(artifact({ image: '/media/a.webp' }), ORIGIN)['image']).toBe(`${ORIGIN}/media/a.webp`);
    expect(artifactJsonLd(artifact({ image: 'javascript:alert(1)' }), ORIGIN)).not.toHaveProperty('image');
  });

  it('gives no metadata for an artifact under a moderation decision', () => {
    expect(artifactShareMetadata(artifact({ moderation: 'restricted' }), ORIGIN)).toBeUndefined();
    expect(artifactShareMetadata(artifact({ moderation: 'removed' }), ORIGIN)).toBeUndefined();
  });
});

describe('the document of a shared artifact', () => {
  it('has its own title, description, canonical URL, Open Graph, Twitter card and JSON-LD', () => {
    const html = withShareTags(INDEX, artifactShareMetadata(artifact(), ORIGIN)!)!;
    const url = `${ORIGIN}/artifacts/65a1b2c3d4e5f60718293a4b`;
    expect(html).toContain('<title>Rosetta Stone | Antiquarium</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(html, 'name', 'description')).toBe('A granodiorite stele inscribed with a decree in three scripts.');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaOf(html, 'property', 'og:type')).toBe('article');
    expect(metaOf(html, 'property', 'og:title')).toBe('Rosetta Stone');
    expect(metaOf(html, 'property', 'og:url')).toBe(url);
    expect(metaOf(html, 'property', 'og:image')).toBe('https://media.example/rosetta.webp');
    expect(metaOf(html, 'property', 'og:site_name')).toBe('Antiquarium');
    expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(jsonLdOf(html)).toEqual([artifactJsonLd(artifact(), ORIGIN)]);
    // Everything goes early in the head, right after the title; the app's own script and root are untouched.
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('<script defer src="/main.js"></script></head><body><div id="root"></div></body>'));
  });

  it('escapes every value: no text can end an attribute, open a tag or close the JSON-LD script', () => {
    const hostile = artifact({
      name: '"><script>alert(1)</script>',
      shortDescription: "it's </script><script>alert(2)</script> & <!-- more",
      credit: '</SCRIPT><img src=x onerror=alert(3)>',
      location: 'Egypt" onload="x',
      image: 'https://media.example/a.webp?x="><b>',
    });
    const html = withShareTags(INDEX, artifactShareMetadata(hostile, ORIGIN)!)!;
    expect(html).not.toMatch(/<script>alert/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<b>/);
    expect(html).not.toContain('<!--');
    // Only the document's own scripts: the entry and the JSON-LD.
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
    expect(metaOf(html, 'property', 'og:title')).toBe(hostile.name);
    expect(metaOf(html, 'name', 'description')).toBe(hostile.shortDescription);
    expect(html).toContain(`<title>${escapeHtml(hostile.name)} | Antiquarium</title>`);
    // The JSON-LD reads back as the same values.
    const [jsonLd] = jsonLdOf(html);
    expect(jsonLd!['name']).toBe(hostile.name);
    expect(jsonLd!['creditText']).toBe(hostile.credit);
    expect(checkDocument(jsonLd!)).toEqual([]);
  });

  it('cuts a long description at a word for the tags, and keeps it whole in the JSON-LD', () => {
    const long = `${'word '.repeat(80)}end`;
    const meta = artifactShareMetadata(artifact({ shortDescription: long }), ORIGIN)!;
    expect(meta.description.length).toBeLessThanOrEqual(200);
    expect(meta.description).toMatch(/word…$/);
    expect(meta.jsonLd['description']).toBe(long);
    expect(shortText('a\n b   c')).toBe('a b c');
  });

  it('adds a title and description to a document that has none, and gives none without a head', () => {
    const html = withShareTags('<html><head></head><body><div id="root"></div></body></html>', artifactShareMetadata(artifact(), ORIGIN)!)!;
    expect(html).toContain('<title>Rosetta Stone | Antiquarium</title>');
    expect(metaOf(html, 'name', 'description')).toBeDefined();
    expect(withShareTags('<div id="root"></div>', artifactShareMetadata(artifact(), ORIGIN)!)).toBeUndefined();
  });

  it('is a summary card without a picture', () => {
    const html = shareTags(artifactShareMetadata(artifact({ image: '' }), ORIGIN)!);
    expect(metaOf(html, 'name', 'twitter:card')).toBe('summary');
    expect(html).not.toContain('og:image');
  });
});

describe('a public collection as Collection', () => {
  const collection: SharedCollection = {
    id: '75a1b2c3d4e5f60718293a4c',
    title: 'Writing through the ages',
    description: '',
    visibility: 'public',
    ownerName: 'Ada',
    items: [{ artifact: artifact() }, {}, { artifact: artifact({ _id: '65a1b2c3d4e5f60718293a4d', name: 'Clay tablet', image: 'https://media.example/tablet.webp', moderation: 'restricted' }) }, { artifact: artifact({ _id: '65a1b2c3d4e5f60718293a4e', name: 'Quill', credit: '' }) }],
  };

  it('lists its shown artifacts in order as parts, valid against schema.org, with the first picture', () => {
    const meta = collectionShareMetadata(collection, ORIGIN)!;
    expect(meta.url).toBe(`${ORIGIN}/collections/75a1b2c3d4e5f60718293a4c`);
    expect(meta.title).toBe('Writing through the ages | Antiquarium');
    expect(meta.description).toBe('A collection of 2 artifacts on Antiquarium.');
    expect(meta.image).toBe('https://media.example/rosetta.webp');
    expect(meta.ogType).toBe('website');
    const parts = meta.jsonLd['hasPart'] as Record<string, unknown>[];
    expect(parts.map((part) => part['name'])).toEqual(['Rosetta Stone', 'Quill']);
    expect(meta.jsonLd['collectionSize']).toBe(2);
    expect(checkDocument(meta.jsonLd)).toEqual([]);
    expect(jsonLdOf(withShareTags(INDEX, meta)!)).toEqual([meta.jsonLd]);
  });

  it('gives no metadata for a private collection', () => {
    expect(collectionShareMetadata({ ...collection, visibility: 'private' }, ORIGIN)).toBeUndefined();
  });
});
