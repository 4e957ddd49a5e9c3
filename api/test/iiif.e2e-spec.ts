// IIIF (issue 44, docs/decisions/0023-iiif.md): the Image API 3.0 over the photos the site keeps and
// the demo seed's media-folder pictures, and the Presentation API 3.0's manifests and collections,
// read as a IIIF viewer on another site reads them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Artifact, CreateCollectionResponse, DecisionView, OpenDataRecord } from '@antiquarium/contracts';
import { phoneJpeg } from '@antiquarium/testing/photos';
import { presentation3Problems, type CollectionDoc, type ManifestDoc } from '../src/iiif/presentation-validation.testing';
import { artifactInput, createArtifact, createdArtifacts, missingId } from './support/artifacts';
import { createUser, grantModerator, type TestUser } from './support/auth';
import { API_URL, MEDIA_ENV } from './support/env';
import { api, expectApiError, expectStatus } from './support/http';
import { uploadPhoto } from './support/photos';

/** A IIIF viewer's page: another site. */
const VIEWER = 'https://viewer.example.org';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let member: TestUser;
let moderator: TestUser;
/** A public artifact with two photos: a phone photo, and a picture whose halves differ (mirroring). */
let artifact: Artifact;
let photo: string;
let halves: string;

/** What the tests read of info.json. */
interface InfoDoc {
  id: string;
  width: number;
  height: number;
  sizes: { width: number; height: number }[];
  tiles: { width: number; height: number; scaleFactors: number[] }[];
  extraFeatures: string[];
  extraFormats: string[];
  extraQualities: string[];
}

interface Fetched {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const response = await fetch(url.startsWith('http') ? url : `${API_URL}${url}`, { headers: { origin: VIEWER, ...headers }, redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function json<T>(url: string): Promise<T> {
  const answer = await get(url);
  expect([url, answer.status]).toEqual([url, 200]);
  return JSON.parse(answer.bytes.toString('utf8')) as T;
}

const image = (id: string, request: string) => `/iiif/3/${id}/${request}`;
const hashOf = (url: string) => (url.split('/').pop() as string).slice(0, 32);

async function createWithPhotos(owner: TestUser, images: { upload: string; alt: string; caption?: string }[], overrides: Record<string, unknown> = {}): Promise<string> {
  const { image: _address, ...input } = artifactInput();
  const created = await api<{ insertedId: string }>('/artifacts', { method: 'POST', token: owner.token, body: { ...input, ...overrides, images } });
  expectStatus(created, 201);
  createdArtifacts.push({ id: created.body.insertedId, owner });
  return created.body.insertedId;
}

async function hide(id: string): Promise<void> {
  const decision = await api<DecisionView>('/moderation/decisions', {
    method: 'POST',
    token: moderator.token,
    body: { artifactId: id, action: 'restrict', ground: 'rule-6', facts: 'Advertises a shop', reportIds: [] },
  });
  expectStatus(decision, 201);
}

/** Visibility answers are reused a few seconds (docs/decisions/0018-photos.md): wait for the status. */
async function expectEventually(url: string, status: number, timeoutMs = 8_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = (await get(url)).status;
  while (last !== status && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = (await get(url)).status;
  }
  expect([url, last]).toEqual([url, status]);
}

beforeAll(async () => {
  [member, moderator] = await Promise.all([createUser(), createUser()]);
  moderator = await grantModerator(moderator);
  const phone = await uploadPhoto(member, await phoneJpeg({ width: 2000, height: 1500 }));
  const left = sharp({ create: { width: 500, height: 600, channels: 3, background: '#ff0000' } });
  const split = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#0000ff' } })
    .composite([{ input: await left.png().toBuffer(), left: 0, top: 0 }])
    .png()
    .toBuffer();
  const halvesUpload = await uploadPhoto(member, split, 'image/png');
  expect([phone.status.state, halvesUpload.status.state]).toEqual(['ready', 'ready']);
  const id = await createWithPhotos(
    member,
    [
      { upload: phone.id, alt: 'The lamp from above', caption: 'Soot on the nozzle' },
      { upload: halvesUpload.id, alt: 'Red and blue halves' },
    ],
    { rights: 'http://creativecommons.org/licenses/by/4.0/', credit: 'Photo: Test Museum, CC BY' },
  );
  artifact = (await api<Artifact>(`/artifacts/${id}`)).body;
  photo = hashOf(artifact.images[0]?.url as string);
  halves = hashOf(artifact.images[1]?.url as string);
});

describe('Image API: info.json', () => {
  test('describes the photo at its widest published size, level 2, 512 px tiles, for any site to read', async () => {
    const answer = await get(image(photo, 'info.json'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('link')).toBe('<https://iiif.io/api/image/3/level2.json>;rel="profile"');
    const info = JSON.parse(answer.bytes.toString('utf8'));
    // 2000 x 1500: the widest published width is 1920 (the original is not kept).
    expect(info).toEqual(
      expect.objectContaining({
        '@context': 'http://iiif.io/api/image/3/context.json',
        id: `${API_URL}/iiif/3/${photo}`,
        type: 'ImageService3',
        protocol: 'http://iiif.io/api/image',
        profile: 'level2',
        width: 1920,
        height: 1440,
        maxArea: 4096 * 4096,
        tiles: [{ width: 512, height: 512, scaleFactors: [1, 2, 4] }],
        extraFormats: ['webp'],
        extraQualities: ['color', 'gray', 'bitonal'],
        extraFeatures: ['mirroring', 'profileLinkHeader', 'regionSquare', 'sizeUpscaling'],
      }),
    );
    expect(info.sizes[0]).toEqual({ width: 1920, height: 1440 });
  });

  test('is JSON-LD for a client that asks for it, and the base URI redirects to it', async () => {
    const answer = await get(image(photo, 'info.json'), { accept: 'application/ld+json' });
    expect(answer.headers.get('content-type')).toBe('application/ld+json;profile="http://iiif.io/api/image/3/context.json"');
    expect(answer.headers.get('vary')).toMatch(/Accept/);
    const base = await get(`/iiif/3/${photo}`);
    expect(base.status).toBe(303);
    expect(base.headers.get('location')).toBe(`${API_URL}/iiif/3/${photo}/info.json`);
    expect((await get(`/iiif/3/${'f'.repeat(32)}`)).status).toBe(404);
  });
});

describe('Image API: images', () => {
  /** Each level 1 and 2 feature, and each extra info.json announces, by a request that shows it. */
  const FEATURES: Record<string, { request: string; width: number; height: number; format?: string }> = {
    regionByPx: { request: '100,200,300,400/max/0/default.jpg', width: 300, height: 400 },
    regionByPct: { request: 'pct:25,25,50,50/max/0/default.jpg', width: 960, height: 720 },
    regionSquare: { request: 'square/max/0/default.jpg', width: 1440, height: 1440 },
    sizeByW: { request: 'full/480,/0/default.jpg', width: 480, height: 360 },
    sizeByH: { request: 'full/,360/0/default.jpg', width: 480, height: 360 },
    sizeByPct: { request: 'full/pct:10/0/default.jpg', width: 192, height: 144 },
    sizeByConfinedWh: { request: 'full/!300,300/0/default.jpg', width: 300, height: 225 },
    sizeByWh: { request: 'full/300,100/0/default.jpg', width: 300, height: 100 },
    sizeUpscaling: { request: '0,0,100,100/^200,/0/default.jpg', width: 200, height: 200 },
    max: { request: 'full/max/0/default.jpg', width: 1920, height: 1440 },
    rotationBy90s: { request: 'full/,300/90/default.jpg', width: 300, height: 400 },
    mirroring: { request: 'full/400,/!0/default.jpg', width: 400, height: 300 },
    profileLinkHeader: { request: 'full/100,/0/default.jpg', width: 100, height: 75 },
    jpg: { request: 'full/100,/0/default.jpg', width: 100, height: 75, format: 'jpeg' },
    png: { request: 'full/100,/0/default.png', width: 100, height: 75, format: 'png' },
    webp: { request: 'full/100,/0/default.webp', width: 100, height: 75, format: 'webp' },
    default: { request: 'full/100,/0/default.jpg', width: 100, height: 75 },
    color: { request: 'full/100,/0/color.jpg', width: 100, height: 75 },
    gray: { request: 'full/100,/0/gray.jpg', width: 100, height: 75 },
    bitonal: { request: 'full/100,/0/bitonal.png', width: 100, height: 75 },
  };

  test('every feature of level 2 and every extra info.json announces works, at the size it should', async () => {
    const info = await json<InfoDoc>(image(photo, 'info.json'));
    const announced = [...info.extraFeatures, ...info.extraFormats, ...info.extraQualities];
    expect(announced.filter((name) => !(name in FEATURES))).toEqual([]);
    for (const [name, feature] of Object.entries(FEATURES)) {
      const answer = await get(image(photo, feature.request));
      expect([name, answer.status]).toEqual([name, 200]);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(answer.headers.get('link')).toBe('<https://iiif.io/api/image/3/level2.json>;rel="profile"');
      const made = await sharp(answer.bytes).metadata();
      const format = feature.format ?? (feature.request.endsWith('.png') ? 'png' : 'jpeg');
      expect([name, made.format, made.width, made.height]).toEqual([name, format, feature.width, feature.height]);
      expect(answer.headers.get('content-type')).toBe(`image/${format}`);
    }
  });

  test('qualities and mirroring change the pixels as they say', async () => {
    const pixel = async (request: string, x: number) => {
      const answer = await get(image(halves, request));
      expect(answer.status).toBe(200);
      const { data, info } = await sharp(answer.bytes).raw().toBuffer({ resolveWithObject: true });
      const [red, , blue] = data.subarray(x * info.channels, x * info.channels + 3);
      // The photo went through JPEG: a channel is near 0 or 255, not on it.
      return (red as number) > 200 && (blue as number) < 60 ? 'red' : (blue as number) > 200 && (red as number) < 60 ? 'blue' : 'other';
    };
    // The picture is red on its left half, blue on its right.
    expect(await pixel('full/100,/0/default.png', 0)).toBe('red');
    expect(await pixel('full/100,/!0/default.png', 0)).toBe('blue');
    // Turned 180 degrees, blue comes first.
    expect(await pixel('full/100,/180/default.png', 0)).toBe('blue');
    // Gray: libvips writes three equal channels (sharp's grayscale keeps sRGB).
    const gray = await sharp((await get(image(halves, 'full/100,/0/gray.png'))).bytes).raw().toBuffer({ resolveWithObject: true });
    const unequal = [];
    for (let at = 0; at < gray.data.length; at += gray.info.channels) {
      if (gray.info.channels >= 3 && (gray.data[at] !== gray.data[at + 1] || gray.data[at] !== gray.data[at + 2])) unequal.push(at);
    }
    expect(unequal).toEqual([]);
    const bitonal = await sharp((await get(image(halves, 'full/100,/0/bitonal.png'))).bytes).raw().toBuffer();
    expect([...new Set(bitonal)].every((value) => value === 0 || value === 255)).toBe(true);
  });

  test('every tile info.json announces, and every size it lists, can be asked for', async () => {
    const info = await json<InfoDoc>(image(photo, 'info.json'));
    for (const factor of info.tiles[0]?.scaleFactors ?? []) {
      const edge = 512 * factor;
      const [x, y] = [Math.floor((info.width - 1) / edge) * edge, Math.floor((info.height - 1) / edge) * edge];
      const [w, h] = [Math.min(edge, info.width - x), Math.min(edge, info.height - y)];
      // The last tile of the row and column at this scale, as OpenSeadragon asks for it.
      const answer = await get(image(photo, `${x},${y},${w},${h}/${Math.ceil(w / factor)},/0/default.jpg`));
      expect([factor, answer.status]).toEqual([factor, 200]);
    }
    for (const size of info.sizes) {
      const made = await sharp((await get(image(photo, `full/${size.width},${size.height}/0/default.jpg`))).bytes).metadata();
      expect([made.width, made.height]).toEqual([size.width, size.height]);
    }
  });

  test('a tile asked for again is the same answer from the cache', async () => {
    const request = image(photo, '512,512,512,512/256,/0/default.webp');
    const first = await get(request);
    const started = Date.now();
    const again = await get(request);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test.each([
    ['nowhere/max/0/default.jpg', /^The region "nowhere" is not valid/],
    ['0,0,0,100/max/0/default.jpg', /^The region "0,0,0,100" is not valid/],
    ['1920,0,100,100/max/0/default.jpg', /^The region "1920,0,100,100" is not valid: it lies outside the picture/],
    ['5000,5000,10,10/max/0/default.jpg', /^The region "5000,5000,10,10" is not valid/],
    ['full/huge/0/default.jpg', /^The size "huge" is not valid/],
    ['full/full/0/default.jpg', /^The size "full" is not valid: version 3 has no full size/],
    ['full/0,/0/default.jpg', /^The size "0," is not valid/],
    ['full/2000,/0/default.jpg', /^The size "2000," is not valid: it is larger than the region: write \^ before it/],
    ['full/pct:101/0/default.jpg', /^The size "pct:101" is not valid: .*\^/],
    ['full/!4000,4000/0/default.jpg', /^The size "!4000,4000" is not valid: .*\^/],
    ['full/^pct:400/0/default.jpg', /^The size "\^pct:400" is not valid: it makes 7680 x 5760 pixels, more than the 16777216/],
    ['full/max/45/default.jpg', /^The rotation "45" is not valid: only multiples of 90/],
    ['full/max/-90/default.jpg', /^The rotation "-90" is not valid/],
    ['full/max/0/sepia.jpg', /^The quality "sepia" is not valid/],
    ['full/max/0/default.gif', /^The format "gif" is not valid: expected jpg, png or webp/],
    ['full/max/0/default.tif', /^The format "tif" is not valid/],
    ['full/max/0/default', /^The format "" is not valid/],
  ])('%s is a 400 naming the part', async (request, message) => {
    const answer = await api(image(photo, request), { headers: { origin: VIEWER } });
    expect(expectApiError(answer, 400).message).toMatch(message);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('the same size with ^ is made, larger than the picture', async () => {
    const answer = await get(image(photo, 'full/^2000,/0/default.jpg'));
    expect(answer.status).toBe(200);
    expect(await sharp(answer.bytes).metadata()).toEqual(expect.objectContaining({ width: 2000, height: 1500 }));
  });

  test('an address that cannot be read is a 400 or a 404, never a 500', async () => {
    for (const request of ['full/%zz/0/default.jpg', 'full/max/0/%E0%A4%A.jpg']) {
      const answer = await api(image(photo, request));
      expect([request, [400, 404].includes(answer.status)]).toEqual([request, true]);
    }
    for (const id of ['nothing', 'f'.repeat(32), `cover-${missingId()}`, '..%2F..%2Fetc']) {
      expectApiError(await api(`/iiif/3/${id}/info.json`), 404);
      expectApiError(await api(`/iiif/3/${id}/full/max/0/default.jpg`), 404);
    }
  });
});

describe('Image API: who may see a picture', () => {
  test('a photo no artifact names yet, and a hidden artifact’s photos, answer 404 to the public (tiles made before too)', async () => {
    const loose = await uploadPhoto(member, await phoneJpeg({ width: 640, height: 480 }));
    expect(loose.status.state).toBe('ready');
    const id = await createWithPhotos(member, [{ upload: (await uploadPhoto(member, await phoneJpeg({ width: 800, height: 600 }))).id, alt: 'A seal' }]);
    const hash = hashOf((await api<Artifact>(`/artifacts/${id}`)).body.images[0]?.url as string);
    const urls = [image(hash, 'info.json'), image(hash, 'full/max/0/default.jpg'), `/iiif/3/artifacts/${id}/manifest`];
    for (const url of urls) expect([url, (await get(url)).status]).toEqual([url, 200]);

    await hide(id);
    for (const url of urls) await expectEventually(url, 404);
    const refused = await get(image(hash, 'full/max/0/default.jpg'));
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    // Its contributor, signed in, still gets a 404: an image request carries no token.
    expectApiError(await api(image(hash, 'info.json'), { token: member.token }), 404);
  });
});

describe('Presentation API: manifests', () => {
  test('a public artifact’s manifest is valid Presentation 3, carries the record, and any site may read it', async () => {
    const answer = await get(`/iiif/3/artifacts/${artifact._id}/manifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const jsonLd = await get(`/iiif/3/artifacts/${artifact._id}/manifest`, { accept: 'application/ld+json' });
    expect(jsonLd.headers.get('content-type')).toBe('application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"');
    const manifest = JSON.parse(answer.bytes.toString('utf8')) as ManifestDoc;
    expect(presentation3Problems({ ...manifest })).toEqual([]);
    expect(manifest).toEqual(
      expect.objectContaining({
        id: `${API_URL}/iiif/3/artifacts/${artifact._id}/manifest`,
        type: 'Manifest',
        label: { none: [artifact.name] },
        summary: { none: [artifact.shortDescription] },
        rights: 'http://creativecommons.org/licenses/by/4.0/',
        requiredStatement: { label: { en: ['Attribution'] }, value: { none: ['Photo: Test Museum, CC BY'] } },
      }),
    );
    const metadata = Object.fromEntries(manifest.metadata.map((pair) => [pair.label['en']?.[0], pair.value['none']?.[0]]));
    expect(metadata).toEqual({
      Type: artifact.type,
      'Created at': artifact.createdAt,
      'Date read as': '100 BC',
      Context: artifact.context,
      Location: artifact.location,
      'Discovered by': artifact.discoveredBy,
      'Discovered at': artifact.discoveredAt,
      Contributor: artifact.adderName,
    });
    // The site: SITE_ORIGIN, else the first allowed browser origin (scripts/test.mjs).
    expect(manifest.homepage[0]).toEqual(expect.objectContaining({ id: `http://localhost:4200/artifacts/${artifact._id}`, type: 'Text', format: 'text/html' }));
    expect(manifest.provider[0]).toEqual(expect.objectContaining({ type: 'Agent', label: { en: ['Antiquarium'] } }));
  });

  test('one canvas per photo, in order, labelled with its alt text, painted from the Image API at the size info.json says', async () => {
    const manifest = await json<ManifestDoc>(`/iiif/3/artifacts/${artifact._id}/manifest`);
    expect(manifest.items.map((canvas) => canvas.label?.['none']?.[0])).toEqual(['The lamp from above', 'Red and blue halves']);
    expect(manifest.items[0]?.summary).toEqual({ none: ['Soot on the nozzle'] });
    for (const canvas of manifest.items) {
      const painting = canvas.items?.[0]?.items[0];
      expect(painting).toEqual(expect.objectContaining({ motivation: 'painting', target: canvas.id }));
      const service = painting?.body.service?.[0]?.id as string;
      const info = await json<InfoDoc>(`${service}/info.json`);
      expect([info.id, info.width, info.height]).toEqual([service, canvas.width, canvas.height]);
      const full = await get(painting?.body.id as string);
      expect(await sharp(full.bytes).metadata()).toEqual(expect.objectContaining({ width: painting?.body.width, height: painting?.body.height }));
    }
    const [stated] = manifest.thumbnail ?? [];
    const thumbnail = await get(stated?.id as string);
    expect(await sharp(thumbnail.bytes).metadata()).toEqual(expect.objectContaining({ width: stated?.width, height: stated?.height }));
  });

  test('its seeAlso are the open data’s record, as JSON and as schema.org JSON-LD, which name the manifest back', async () => {
    const manifest = await json<ManifestDoc>(`/iiif/3/artifacts/${artifact._id}/manifest`);
    const [record, jsonLd] = manifest.seeAlso.map((link) => link.id) as [string, string];
    const asRecord = await json<OpenDataRecord>(record);
    expect(asRecord).toEqual(expect.objectContaining({ id: artifact._id, name: artifact.name, rights: artifact.rights, iiifManifest: manifest.id }));
    const answer = await get(jsonLd);
    expect(answer.headers.get('content-type')).toBe('application/ld+json');
    expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual(
      expect.objectContaining({ '@context': 'https://schema.org', '@type': 'VisualArtwork', name: artifact.name, license: artifact.rights, subjectOf: expect.objectContaining({ url: manifest.id }) }),
    );
    expectApiError(await api(`/open-data/artifacts/${artifact._id}?format=xml`), 400);
  });

  test('a demo artifact’s media-folder picture is its canvas; without the file the manifest keeps one empty canvas', async () => {
    const name = `iiif-plate-${Date.now().toString(36)}`;
    writeFileSync(path.join(MEDIA_ENV['MEDIA_DIR'] as string, `${name}-1280.webp`), await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#c8b68a' } }).webp().toBuffer());
    const seeded = await createArtifact(member, { image: `${API_URL}/media/${name}-960.webp` });
    const manifest = await json<ManifestDoc>(`/iiif/3/artifacts/${seeded.id}/manifest`);
    expect(presentation3Problems({ ...manifest })).toEqual([]);
    expect(manifest.items).toHaveLength(1);
    expect(manifest.items[0]).toEqual(expect.objectContaining({ width: 1280, height: 960, label: { none: [seeded.input.name] } }));
    const service = manifest.items[0]?.items?.[0]?.items[0]?.body.service?.[0]?.id;
    expect(service).toBe(`${API_URL}/iiif/3/cover-${seeded.id}`);
    const tile = await get(`${service}/0,0,512,512/256,/0/default.jpg`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('cache-control')).toBe('public, max-age=86400');

    const missing = await createArtifact(member, { image: `${API_URL}/media/not-in-the-folder-960.webp` });
    const bare = await json<ManifestDoc>(`/iiif/3/artifacts/${missing.id}/manifest`);
    expect(presentation3Problems({ ...bare })).toEqual([]);
    expect(bare.items).toEqual([expect.objectContaining({ type: 'Canvas', label: { en: ['No picture kept by the site'] } })]);
    expect(bare.items[0]?.items).toBeUndefined();

    await hide(seeded.id);
    await expectEventually(`/iiif/3/cover-${seeded.id}/info.json`, 404);
    await expectEventually(`/iiif/3/artifacts/${seeded.id}/manifest`, 404);
  });

  test('a missing or malformed artifact has no manifest', async () => {
    expectApiError(await api(`/iiif/3/artifacts/${missingId()}/manifest`), 404);
    expectApiError(await api('/iiif/3/artifacts/not-an-id/manifest'), 404);
  });
});

describe('Presentation API: collections', () => {
  async function collection(visibility: 'public' | 'private', items: { artifactId: string; note?: string }[]): Promise<string> {
    const created = await api<CreateCollectionResponse>('/collections', { method: 'POST', token: member.token, body: { title: `Lamps ${visibility}`, description: 'Oil lamps, oldest first.', visibility } });
    expectStatus(created, 201);
    expectStatus(await api(`/collections/${created.body.id}/items`, { method: 'PUT', token: member.token, body: items }), 200);
    return created.body.id;
  }

  test('a public collection is a IIIF Collection of its artifacts’ manifests in the owner’s order, each valid', async () => {
    const second = await createArtifact(member);
    const dropped = await createArtifact(member);
    const id = await collection('public', [
      { artifactId: second.id, note: 'The plainest' },
      { artifactId: artifact._id },
      { artifactId: dropped.id, note: 'Hidden later' },
    ]);
    await hide(dropped.id);
    const answer = await get(`/iiif/3/collections/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const doc = JSON.parse(answer.bytes.toString('utf8')) as CollectionDoc;
    expect(presentation3Problems({ ...doc })).toEqual([]);
    expect(doc).toEqual(expect.objectContaining({ id: `${API_URL}/iiif/3/collections/${id}`, type: 'Collection', label: { none: ['Lamps public'] }, summary: { none: ['Oil lamps, oldest first.'] } }));
    expect(doc.items.map((item) => [item.type, item.label?.['none']?.[0], item.summary?.['none']?.[0]])).toEqual([
      ['Manifest', second.input.name, 'The plainest'],
      ['Manifest', artifact.name, undefined],
    ]);
    for (const item of doc.items) {
      const manifest = await json<ManifestDoc>(item.id);
      expect(presentation3Problems({ ...manifest })).toEqual([]);
      expect([manifest.id, manifest.label]).toEqual([item.id, item.label]);
    }
  });

  test('a private collection, and a missing one, answer 404', async () => {
    const id = await collection('private', [{ artifactId: artifact._id }]);
    expectApiError(await api(`/iiif/3/collections/${id}`), 404);
    expectApiError(await api(`/iiif/3/collections/${id}`, { token: member.token }), 404);
    expectApiError(await api(`/iiif/3/collections/${missingId()}`), 404);
    expectApiError(await api('/iiif/3/collections/nope'), 404);
  });
});
