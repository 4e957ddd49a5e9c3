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
