import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { ARTIFACT_TYPES, MEDIA_IMAGE_WIDTHS, UNKNOWN_PLACE, passwordProblem, readDate, responsiveImage } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { KNOWN_COUNTRIES, placeOf } from '../artifacts/places';
import { DEMO_ARTIFACTS, DEMO_USERS } from './demo-data';
import { imageFiles, imageSrcFileName, writeDemoImages } from './media';
import { artifactSvg, captionLines, escapeXml } from './plate-svg';

function hasControlChars(text: string): boolean {
  return [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

describe('demo data', () => {
  it('has at least 64 artifacts', () => {
    expect(DEMO_ARTIFACTS.length).toBeGreaterThanOrEqual(64);
  });

  it('has a date the site can read on every artifact (each one gets a year range)', () => {
    const unread = DEMO_ARTIFACTS.filter((artifact) => readDate(artifact.createdAt) === null).map((artifact) => artifact.createdAt);
    expect(unread).toEqual([]);
  });

  it('has a location the gazetteer places on almost every artifact (a country of it, or Unknown)', () => {
    const places = DEMO_ARTIFACTS.map((artifact) => placeOf(artifact.location));
    for (const place of places) expect([...KNOWN_COUNTRIES, UNKNOWN_PLACE]).toContain(place);
    const unknown = DEMO_ARTIFACTS.filter((artifact) => placeOf(artifact.location) === UNKNOWN_PLACE).map((artifact) => artifact.location);
    expect(unknown).toEqual(['Private collection']);
  });

  it('has at least 10 artifacts of every type', () => {
    for (const type of ARTIFACT_TYPES) {
      const count = DEMO_ARTIFACTS.filter((a) => a.type === type).length;
      expect([type, count >= 10]).toEqual([type, true]);
    }
    expect(DEMO_ARTIFACTS.every((a) => (ARTIFACT_TYPES as readonly string[]).includes(a.type))).toBe(true);
  });

  it('names a valid adder for every artifact and gives every user at least one artifact', () => {
    for (const artifact of DEMO_ARTIFACTS) {
      expect(Number.isInteger(artifact.adder)).toBe(true);
      expect(DEMO_USERS[artifact.adder]).toBeDefined();
    }
    DEMO_USERS.forEach((_, index) => {
      expect(DEMO_ARTIFACTS.some((a) => a.adder === index)).toBe(true);
    });
  });

  it('spreads artifacts unevenly over the users', () => {
    const counts = DEMO_USERS.map((_, index) => DEMO_ARTIFACTS.filter((a) => a.adder === index).length);
    expect(Math.max(...counts)).toBeGreaterThan(2 * Math.min(...counts));
  });

  it('has unique kebab-case slugs', () => {
    const slugs = DEMO_ARTIFACTS.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique names', () => {
    const names = DEMO_ARTIFACTS.map((a) => a.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(DEMO_ARTIFACTS.map((a) => [a.slug, a] as const))('%s passes the artifact input validation', (slug, artifact) => {
    const input = {
      name: artifact.name,
      image: `http://127.0.0.1:3000/media/${slug}-960.webp`,
      type: artifact.type,
      context: artifact.context,
      shortDescription: artifact.shortDescription,
      createdAt: artifact.createdAt,
      discoveredAt: artifact.discoveredAt,
      discoveredBy: artifact.discoveredBy,
      location: artifact.location,
    };
    const result = validateArtifactInput(input);
    expect(result).toEqual({ ok: true, value: input });
  });

  it('keeps texts within the lengths the site expects and free of control characters', () => {
    for (const a of DEMO_ARTIFACTS) {
      expect(a.name.length).toBeLessThanOrEqual(120);
      expect(a.context.length).toBeLessThanOrEqual(200);
      expect(a.shortDescription.length).toBeLessThanOrEqual(400);
      expect(a.createdAt.length).toBeLessThanOrEqual(60);
      expect(a.discoveredAt.length).toBeLessThanOrEqual(60);
      expect(a.discoveredBy.length).toBeLessThanOrEqual(120);
      expect(a.location.length).toBeLessThanOrEqual(160);
      for (const text of [a.name, a.context, a.shortDescription, a.createdAt, a.discoveredAt, a.discoveredBy, a.location]) {
        expect(hasControlChars(text)).toBe(false);
        expect(text).toBe(text.trim());
      }
    }
  });

  it('has realistic, varied like counts', () => {
    for (const a of DEMO_ARTIFACTS) {
      expect(Number.isInteger(a.likes)).toBe(true);
      expect(a.likes).toBeGreaterThanOrEqual(0);
      expect(a.likes).toBeLessThanOrEqual(40);
    }
    expect(new Set(DEMO_ARTIFACTS.map((a) => a.likes)).size).toBeGreaterThan(20);
  });

  it('mixes the types in list order (the seed adds them in this order)', () => {
    const firstPage = DEMO_ARTIFACTS.slice(0, 12);
    const lastPage = DEMO_ARTIFACTS.slice(-12);
    for (const type of ARTIFACT_TYPES) {
      expect(firstPage.some((a) => a.type === type)).toBe(true);
      expect(lastPage.some((a) => a.type === type)).toBe(true);
    }
  });

  it('has demo users with unique ids and emails at antiquarium.test and valid passwords', () => {
    expect(DEMO_USERS).toHaveLength(5);
    expect(new Set(DEMO_USERS.map((u) => u.uid)).size).toBe(DEMO_USERS.length);
    expect(new Set(DEMO_USERS.map((u) => u.email)).size).toBe(DEMO_USERS.length);
    for (const user of DEMO_USERS) {
      expect(user.uid).toMatch(/^demo-curator-\d{2}$/);
      expect(user.email).toMatch(/^[a-z0-9.]+@antiquarium\.test$/);
      expect(user.displayName.trim().length).toBeGreaterThan(0);
      expect(passwordProblem(user.password)).toBeNull();
    }
  });
});

describe('demo images', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'antiquarium-media-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names every published width after the slug; the stored URL names the 960 px one', () => {
    expect(imageFiles('rosetta-stone')).toEqual([
      { width: 320, height: 240, file: 'rosetta-stone-320.webp' },
      { width: 480, height: 360, file: 'rosetta-stone-480.webp' },
      { width: 640, height: 480, file: 'rosetta-stone-640.webp' },
      { width: 800, height: 600, file: 'rosetta-stone-800.webp' },
      { width: 960, height: 720, file: 'rosetta-stone-960.webp' },
      { width: 1280, height: 960, file: 'rosetta-stone-1280.webp' },
    ]);
    expect(imageSrcFileName('rosetta-stone')).toBe('rosetta-stone-960.webp');
  });

  it('writes a 4:3 WebP image in every width, smaller as it narrows, and leaves existing files alone', async () => {
    const subjects = DEMO_ARTIFACTS.filter((a) => a.type === 'Documents' || a.type === 'Writings')
      .slice(0, 2)
      .map(({ slug, name, type }) => ({ slug, name, type }));
    expect(subjects).toHaveLength(2);

    await writeDemoImages(dir, subjects);

    const before = new Map<string, number>();
    for (const { slug } of subjects) {
      const sizes: number[] = [];
      for (const { file, width, height } of imageFiles(slug)) {
        const full = path.join(dir, file);
        const meta = await sharp(full).metadata();
        expect({ file, format: meta.format, width: meta.width, height: meta.height }).toEqual({ file, format: 'webp', width, height });
        const info = await stat(full);
        sizes.push(info.size);
        before.set(full, info.mtimeMs);
      }
      // Each narrower file is smaller: the point of offering them. The widest stays modest.
      expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
      expect(sizes[sizes.length - 1]).toBeLessThan(80_000);
    }

    await new Promise((resolve) => setTimeout(resolve, 30));
    await writeDemoImages(dir, subjects);
    for (const [full, mtime] of before) {
      expect((await stat(full)).mtimeMs).toBe(mtime);
    }
  }, 30_000);

  it('adds the widths a folder seeded before them lacks, without touching the others', async () => {
    const subject = { slug: 'rosetta-stone', name: 'Rosetta Stone', type: 'Documents' } as const;
    await writeDemoImages(dir, [subject]);
    const [w320, w480, w640, , w960, w1280] = imageFiles(subject.slug).map(({ file }) => path.join(dir, file));
    await rm(w320 as string);
    await rm(w640 as string);
    await rm(w1280 as string);
    const kept = new Map([w480, w960].map((file) => [file as string, 0]));
    for (const file of kept.keys()) kept.set(file, (await stat(file)).mtimeMs);

    await new Promise((resolve) => setTimeout(resolve, 30));
    await writeDemoImages(dir, [subject]);
    expect((await readdir(dir)).sort()).toEqual(imageFiles(subject.slug).map(({ file }) => file).sort());
    for (const [file, mtime] of kept) expect((await stat(file)).mtimeMs).toBe(mtime);
    expect((await sharp(w1280 as string).metadata()).width).toBe(1280);
  }, 30_000);

  it('offers the front ends only files the seed wrote (the srcset of a seeded URL)', async () => {
    const subject = { slug: 'antikythera-mechanism', name: 'Antikythera Mechanism', type: 'Others' } as const;
    await writeDemoImages(dir, [subject]);
    const image = responsiveImage(`http://127.0.0.1:3000/media/${imageSrcFileName(subject.slug)}`, { sizes: '100vw' });
    const offered = (image?.srcSet ?? '').split(', ').map((candidate) => candidate.split(' ')[0]?.split('/').pop());
    expect(offered).toHaveLength(MEDIA_IMAGE_WIDTHS.length);
    expect(offered.sort()).toEqual((await readdir(dir)).sort());
  }, 30_000);

  it('escapes XML in names and shrinks or wraps long names', () => {
    const svg = artifactSvg({ slug: 'x', name: 'Cup & "Saucer" <fragment>', type: 'Others' });
    expect(svg).toContain('Cup &amp; &quot;Saucer&quot; &lt;fragment&gt;');
    expect(escapeXml(`a'b`)).toBe('a&apos;b');
    expect(captionLines('Rosetta Stone')).toEqual({ lines: ['Rosetta Stone'], size: 52 });
    const long = captionLines('Surgical Instruments from the House of the Surgeon');
    expect(long.lines).toHaveLength(2);
    expect(long.lines.join(' ')).toBe('Surgical Instruments from the House of the Surgeon');
  });

  it('draws a different picture for each artifact', () => {
    const svgs = DEMO_ARTIFACTS.slice(0, 10).map((a) => artifactSvg(a));
    expect(new Set(svgs).size).toBe(svgs.length);
  });
});
