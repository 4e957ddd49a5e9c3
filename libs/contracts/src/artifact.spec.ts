import { ARTIFACT_FIELDS, FIELD_LIMITS, createdDateLabel, isHttpUrl, parseHttpUrl } from './artifact';
import { validateArtifactInput, validateArtifactUpdate } from './validation';

const valid = {
  name: 'Rosetta Stone',
  image: 'https://example.org/rosetta.webp',
  type: 'Documents',
  context: 'Ptolemaic Egypt',
  shortDescription: 'A granodiorite stele with one decree in three scripts.',
  createdAt: '196 BC',
  discoveredAt: '1799',
  discoveredBy: 'Pierre-François Bouchard',
  location: 'British Museum, London',
};

describe('validateArtifactInput', () => {
  it('accepts a complete artifact and trims its texts', () => {
    const result = validateArtifactInput({ ...valid, name: '  Rosetta Stone  ' });
    expect(result).toEqual({ ok: true, value: valid });
  });

  it.each(ARTIFACT_FIELDS.filter((field) => field !== 'type'))('requires %s, with a message at that field', (field) => {
    const result = validateArtifactInput({ ...valid, [field]: '   ' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields[field]).toMatch(/is required/);
  });

  it('requires a type that is one of the five', () => {
    for (const type of ['', 'Jewels', 'tools', undefined]) {
      const result = validateArtifactInput({ ...valid, type });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fields.type).toBe('Type must be one of Tools, Weapons, Documents, Writings, Others');
    }
  });

  it('requires the image to be an http(s) URL', () => {
    for (const image of ['not a url', 'javascript:alert(1)', 'ftp://example.org/a.png', 'http://']) {
      const result = validateArtifactInput({ ...valid, image });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fields.image).toBe('Image must be a valid URL');
    }
  });

  it('enforces the length limits', () => {
    const result = validateArtifactInput({ ...valid, name: 'x'.repeat(FIELD_LIMITS.name + 1) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.name).toBe(`Name must be at most ${FIELD_LIMITS.name} characters`);
  });

  it('refuses NUL and other control characters', () => {
    const result = validateArtifactInput({ ...valid, context: 'a\u0000b' });
    expect(result.ok).toBe(false);
  });

  it('drops fields the server owns', () => {
    const result = validateArtifactInput({ ...valid, likes: 99, adderEmail: 'x@y.z', _id: 'abc' });
    expect(result.ok && Object.keys(result.value).sort()).toEqual([...ARTIFACT_FIELDS].sort());
  });

  it('refuses what is not an object', () => {
    expect(validateArtifactInput(null).ok).toBe(false);
    expect(validateArtifactInput('name').ok).toBe(false);
  });
});

describe('validateArtifactUpdate', () => {
  it('accepts any subset of fields and checks them', () => {
    expect(validateArtifactUpdate({ location: 'Cairo' })).toEqual({ ok: true, value: { location: 'Cairo' } });
    expect(validateArtifactUpdate({ image: 'nope' }).ok).toBe(false);
  });

  it('needs at least one field', () => {
    const result = validateArtifactUpdate({ likes: 3 });
    expect(result).toMatchObject({ ok: false, message: 'Send at least one field to update' });
  });
});

describe('isHttpUrl and createdDateLabel', () => {
  it('recognises http and https URLs only', () => {
    expect(isHttpUrl('http://localhost:3000/media/a.webp')).toBe(true);
    expect(isHttpUrl('data:image/png;base64,AAA')).toBe(false);
  });

  it('keeps only the parsed form of a URL: no raw space or quote survives', () => {
    expect(parseHttpUrl(' https://example.org/a b.png ')).toBe('https://example.org/a%20b.png');
    expect(parseHttpUrl('https://example.org/x.png 1x, data:image/png;base64,AAA 2x')).toBe(
      'https://example.org/x.png%201x,%20data:image/png;base64,AAA%202x',
    );
    expect(parseHttpUrl('https://example.org/"onerror=x')).toBe('https://example.org/%22onerror=x');
    expect(parseHttpUrl('ftp://example.org/a.png')).toBeUndefined();
    expect(parseHttpUrl('data:image/png;base64,AAA')).toBeUndefined();
  });

  it('shows the date part of an ISO time, the text of a period, else Unknown', () => {
    expect(createdDateLabel('2024-05-01T10:00:00.000Z')).toBe('2024-05-01');
    expect(createdDateLabel('100 BC')).toBe('100 BC');
    expect(createdDateLabel('')).toBe('Unknown');
    expect(createdDateLabel(undefined)).toBe('Unknown');
  });
});

describe('photos on a create or an update (issue 42)', () => {
  const { image: _address, ...fields } = valid;
  const photo = (n: number) => ({ upload: `${'a'.repeat(31)}${n}`, alt: `Photo number ${n}` });

  it('takes 1 to 8 photos in order, each an upload or a kept photo with an alt text, trimmed', () => {
    const result = validateArtifactInput({ ...fields, images: [{ ...photo(1), caption: '  Found in 1799 ' }, { id: 'b'.repeat(32), alt: ' Side ' }] });
    expect(result).toEqual({ ok: true, value: { ...fields, images: [{ ...photo(1), caption: 'Found in 1799' }, { id: 'b'.repeat(32), alt: 'Side' }] } });
  });

  it('takes photos or an address, never both, and one of them on a create', () => {
    const both = validateArtifactInput({ ...valid, images: [photo(1)] });
    expect(both.ok ? null : both.fields.images).toBe('Send photos or an image URL, not both');
    const neither = validateArtifactInput(fields);
    expect(neither.ok ? null : neither.fields.image).toBe('Image URL is required');
    expect(validateArtifactUpdate({ images: [photo(1)] }).ok).toBe(true);
    expect(validateArtifactUpdate({ image: valid.image, images: [photo(1)] }).ok).toBe(false);
  });

  it('names the photo that is wrong: no alt text, too long a caption, both an upload and an id, a path for an id, twice the same, more than 8', () => {
    const problem = (images: unknown) => {
      const result = validateArtifactInput({ ...fields, images });
      return result.ok ? null : result.fields.images;
    };
    expect(problem([photo(1), { ...photo(2), alt: '   ' }])).toBe('Photo 2: Every photo needs an alt text');
    expect(problem([{ ...photo(1), caption: 'x'.repeat(301) }])).toBe('Photo 1: Caption must be at most 300 characters');
    expect(problem([{ ...photo(1), id: 'c'.repeat(32) }])).toBe('Photo 1: Each photo names either an upload or a photo of this artifact');
    expect(problem([{ upload: '../../etc/passwd', alt: 'x' }])).toBe('Photo 1: Photo must name an upload or a photo of this artifact');
    expect(problem([photo(1), photo(1)])).toBe('The same photo is named twice');
    expect(problem(Array.from({ length: 9 }, (_, n) => photo(n)))).toBe('An artifact has at most 8 photos');
    expect(problem([])).toBe('Add at least 1 photo');
  });
});
