import { DEFAULT_RIGHTS, readDate, type Artifact, type Collection } from '@antiquarium/contracts';
import { DEMO_ARTIFACTS, DEMO_USERS } from '../seed/demo-data';
import { checkImageRequest } from './iiif-image-request';
import { artifactManifest, collectionDocument, EMPTY_CANVAS, type ManifestPicture } from './iiif-presentation';
import { coverImageId } from './iiif-sources';
import { presentation3Problems, type CollectionDoc, type ManifestDoc, type Pair, type Resource } from './presentation-validation.testing';

const ADDRESSES = { publicApiUrl: 'http://api.test', siteOrigin: 'http://site.test' };
const ID = 'a'.repeat(24);

function artifact(overrides: Partial<Artifact> = {}): Artifact {
  return {
    _id: ID,
    name: 'Bronze oil lamp',
    image: '',
    images: [],
    type: 'Tools',
    context: 'Roman household lighting',
    shortDescription: 'A small bronze lamp with one nozzle.',
    createdAt: 'c. 100 BC',
    discoveredAt: '1901',
    discoveredBy: 'Test Expedition',
    location: 'British Museum, London',
    rights: 'http://creativecommons.org/licenses/by-sa/4.0/',
    credit: 'Photo: Test Museum, CC BY-SA',
    adderName: 'Ann Example',
    likes: 0,
    addedAt: '2026-01-01T00:00:00.000Z',
    dating: { start: -150, end: -51, precision: 'century', qualifier: 'circa' },
    ...overrides,
  };
}

const PICTURES: ManifestPicture[] = [
  { imageId: 'b'.repeat(32), alt: 'The lamp from above', caption: 'Soot on the nozzle', width: 2560, height: 1920 },
  { imageId: 'c'.repeat(32), alt: 'Its base', width: 300, height: 500 },
];

describe('a manifest', () => {
  const manifest = artifactManifest(artifact(), PICTURES, ADDRESSES) as unknown as ManifestDoc;

  test('is valid Presentation 3 for @iiif/parser', () => {
    expect(presentation3Problems(manifest as unknown as Record<string, unknown>)).toEqual([]);
  });

  test('carries the record: label, summary, metadata, rights, credit, provider, page and open data', () => {
    expect(manifest).toEqual(
      expect.objectContaining({
        id: `http://api.test/iiif/3/artifacts/${ID}/manifest`,
        type: 'Manifest',
        label: { none: ['Bronze oil lamp'] },
        summary: { none: ['A small bronze lamp with one nozzle.'] },
        rights: 'http://creativecommons.org/licenses/by-sa/4.0/',
        requiredStatement: { label: { en: ['Attribution'] }, value: { none: ['Photo: Test Museum, CC BY-SA'] } },
        homepage: [{ id: `http://site.test/artifacts/${ID}`, type: 'Text', label: { none: ['Bronze oil lamp'] }, format: 'text/html' }],
      }),
    );
    expect(manifest.metadata.map((pair: Pair) => [pair.label['en']?.[0], pair.value['none']?.[0]])).toEqual([
      ['Type', 'Tools'],
      ['Created at', 'c. 100 BC'],
      ['Date read as', '150 BC - 51 BC'],
      ['Context', 'Roman household lighting'],
      ['Location', 'British Museum, London'],
      ['Discovered by', 'Test Expedition'],
      ['Discovered at', '1901'],
      ['Contributor', 'Ann Example'],
    ]);
    expect(manifest.provider[0]).toEqual(expect.objectContaining({ type: 'Agent', label: { en: ['Antiquarium'] } }));
    expect(manifest.seeAlso.map((link: Resource) => [link.id, link.format])).toEqual([
      [`http://api.test/open-data/artifacts/${ID}`, 'application/json'],
      [`http://api.test/open-data/artifacts/${ID}?format=jsonld`, 'application/ld+json'],
    ]);
  });

  test('has one canvas per picture, in order, labelled with its alt text and painted from its image service', () => {
    expect(manifest.items.map((canvas) => [canvas.label?.['none']?.[0], canvas.width, canvas.height])).toEqual([
      ['The lamp from above', 2560, 1920],
      ['Its base', 300, 500],
    ]);
    const first = manifest.items[0]!;
    expect(first.summary).toEqual({ none: ['Soot on the nozzle'] });
    const painting = first.items?.[0]?.items[0];
    expect(painting).toEqual(expect.objectContaining({ type: 'Annotation', motivation: 'painting', target: first.id }));
    expect(painting?.body).toEqual({
      id: `http://api.test/iiif/3/${'b'.repeat(32)}/full/max/0/default.jpg`,
      type: 'Image',
      format: 'image/jpeg',
      width: 2560,
      height: 1920,
      service: [{ id: `http://api.test/iiif/3/${'b'.repeat(32)}`, type: 'ImageService3', profile: 'level2' }],
    });
  });

  test('its thumbnails are images the Image API makes at the size they state', () => {
    const thumbnails = [manifest.thumbnail?.[0], ...manifest.items.map((canvas) => canvas.thumbnail?.[0])] as Resource[];
    thumbnails.forEach((thumbnail, index) => {
      const picture = PICTURES[Math.max(0, index - 1)] as ManifestPicture;
      const [region, size, rotation, file] = thumbnail.id.split('/').slice(-4) as [string, string, string, string];
      expect(checkImageRequest({ region, size, rotation, file }, picture).output).toEqual({ width: thumbnail.width, height: thumbnail.height });
    });
    expect(manifest.items[1]?.thumbnail?.[0]).toEqual(expect.objectContaining({ width: 300, height: 500 }));
  });

  test('without a credit line names the contributor; an unknown rights value reads as not evaluated', () => {
    const plain = artifactManifest(artifact({ credit: '', rights: 'nonsense' as never }), PICTURES, ADDRESSES) as unknown as ManifestDoc;
    expect(plain.requiredStatement.value).toEqual({ none: ['Contributed by Ann Example to Antiquarium'] });
    expect(plain.rights).toBe('http://rightsstatements.org/vocab/CNE/1.0/');
  });

  test('of an artifact whose picture the site does not keep is still valid: one empty canvas, no thumbnail', () => {
    const bare = artifactManifest(artifact({ image: 'https://images.example.org/lamp.webp', dating: null }), [], ADDRESSES) as unknown as ManifestDoc;
    expect(presentation3Problems(bare as unknown as Record<string, unknown>)).toEqual([]);
    expect(bare.items).toEqual([{ id: `http://api.test/iiif/3/artifacts/${ID}/canvas/1`, type: 'Canvas', label: { en: ['No picture kept by the site'] }, ...EMPTY_CANVAS }]);
    expect(bare.thumbnail).toBeUndefined();
    expect(bare.metadata.find((pair) => pair.label['en']?.[0] === 'Date read as')?.value).toEqual({ none: ['Undated'] });
  });
});

describe('a collection', () => {
  const lamp = artifact();
  const collection: Collection = {
    id: 'e'.repeat(24),
    ownerUid: 'uid-1',
    ownerName: 'Bea Curator',
    title: 'Lamps of Rome',
    description: 'Lamps, oldest first.',
    visibility: 'public',
    items: [
      { artifactId: 'f'.repeat(24), note: 'The oldest', artifact: { ...lamp, _id: 'f'.repeat(24), name: 'Clay lamp' } },
      { artifactId: ID, note: '', artifact: lamp },
    ],
    itemCount: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  test('is valid Presentation 3 and lists its artifacts’ manifests in the owner’s order, notes as summaries', () => {
    const doc = collectionDocument(collection, ADDRESSES) as unknown as CollectionDoc;
    expect(presentation3Problems(doc as unknown as Record<string, unknown>)).toEqual([]);
    expect(doc).toEqual(
      expect.objectContaining({
        id: `http://api.test/iiif/3/collections/${'e'.repeat(24)}`,
        type: 'Collection',
        label: { none: ['Lamps of Rome'] },
        summary: { none: ['Lamps, oldest first.'] },
        metadata: [{ label: { en: ['Curated by'] }, value: { none: ['Bea Curator'] } }],
      }),
    );
    expect(doc.items).toEqual([
      { id: `http://api.test/iiif/3/artifacts/${'f'.repeat(24)}/manifest`, type: 'Manifest', label: { none: ['Clay lamp'] }, summary: { none: ['The oldest'] } },
      { id: `http://api.test/iiif/3/artifacts/${ID}/manifest`, type: 'Manifest', label: { none: ['Bronze oil lamp'] } },
    ]);
  });

  test('leaves out an item whose artifact the public does not see', () => {
    const doc = collectionDocument({ ...collection, items: [{ artifactId: ID, note: 'Hidden now' }] }, ADDRESSES);
    expect(doc['items']).toEqual([]);
    expect(presentation3Problems(doc)).toEqual([]);
  });
});

test('the validation finds what is wrong', () => {
  const manifest = artifactManifest(artifact(), PICTURES, ADDRESSES) as unknown as ManifestDoc;
  const problems = (changes: Record<string, unknown>) => presentation3Problems({ ...manifest, ...changes });
  expect(problems({ label: 'A plain string' })).toEqual(expect.arrayContaining(['"label" should be a language map instead found a string']));
  expect(problems({ rights: 'https://creativecommons.org/licenses/by/4.0/' })).not.toEqual([]);
  // One URI for two resources of different types (the page as the homepage and as a dataset).
  expect(problems({ seeAlso: [{ ...manifest.seeAlso[0], id: manifest.homepage[0]?.id }] })).toEqual([expect.stringMatching(/^normalize: Can only merge entities with identical identifiers and type/)]);
  expect(problems({ items: [] })).toEqual(expect.arrayContaining([expect.stringMatching(/at least one Canvas/)]));
  expect(problems({ items: [{ ...manifest.items[0], width: 12.5 }] })).not.toEqual([]);
  expect(problems({ '@context': 'http://iiif.io/api/presentation/2/context.json' })).not.toEqual([]);
});

test('every manifest the demo seed gives is valid Presentation 3 (its media-folder picture as the one canvas)', () => {
  const problems = DEMO_ARTIFACTS.flatMap((demo, index) => {
    const id = index.toString(16).padStart(24, '0');
    // As the seed stores it (api/src/seed/main.ts) and the api reads it out (to-artifact.ts).
    const seeded = artifact({
      _id: id,
      name: demo.name,
      image: `http://api.test/media/${demo.slug}-960.webp`,
      type: demo.type,
      context: demo.context,
      shortDescription: demo.shortDescription,
      createdAt: demo.createdAt,
      discoveredAt: demo.discoveredAt,
      discoveredBy: demo.discoveredBy,
      location: demo.location,
      rights: index % 7 === 0 ? DEFAULT_RIGHTS : 'http://creativecommons.org/publicdomain/zero/1.0/',
      credit: index % 7 === 0 ? '' : 'Illustration: Antiquarium demo data',
      adderName: DEMO_USERS[demo.adder]?.displayName ?? '',
      likes: demo.likes,
      dating: readDate(demo.createdAt),
    });
    const doc = artifactManifest(seeded, [{ imageId: coverImageId(id), alt: demo.name, width: 1280, height: 960 }], ADDRESSES);
    return presentation3Problems(doc as unknown as Record<string, unknown>).map((problem) => `${demo.slug}: ${problem}`);
  });
  expect(DEMO_ARTIFACTS.length).toBeGreaterThan(60);
  expect(problems).toEqual([]);
});
