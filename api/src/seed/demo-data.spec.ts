import { ARTIFACT_TYPES, UNKNOWN_PLACE, passwordProblem, readDate } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { KNOWN_COUNTRIES, placeOf } from '../artifacts/places';
import { DEMO_ARTIFACTS, DEMO_USERS } from './demo-data';
import { demoPhotoId } from './seed-photos';
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
      image: `http://127.0.0.1:3000/media/photos/${demoPhotoId(slug)}-960.jpg`,
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

describe('demo plates', () => {
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
