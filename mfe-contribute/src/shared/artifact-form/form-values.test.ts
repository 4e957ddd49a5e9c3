import { DEFAULT_RIGHTS, FIELD_LIMITS } from '@antiquarium/contracts';
import { validateArtifactInput } from '@antiquarium/contracts/validation';
import { changedFields, EMPTY_VALUES, fieldError, firstErrorField, serverFieldErrors, valuesOf } from './form-values';
import { ownArtifact } from '@antiquarium/testing';

describe('fieldError: the shared validation, one field at a time', () => {
  test.each([
    ['name', 'Name is required'],
    ['image', 'Image URL is required'],
    ['context', 'Context is required'],
    ['shortDescription', 'Short description is required'],
    ['createdAt', 'Created at is required'],
    ['discoveredAt', 'Discovered at is required'],
    ['discoveredBy', 'Discovered by is required'],
    ['location', 'Location is required'],
  ] as const)('an empty %s says "%s" (blank counts as empty)', (field, message) => {
    expect(fieldError(field, '')).toBe(message);
    expect(fieldError(field, '   ')).toBe(message);
  });

  test('type must be one of the five (the empty "Select Type" value too)', () => {
    const message = 'Type must be one of Tools, Weapons, Documents, Writings, Others';
    expect(fieldError('type', '')).toBe(message);
    expect(fieldError('type', 'Pottery')).toBe(message);
    expect(fieldError('type', 'Weapons')).toBeUndefined();
  });

  test('image must be an http(s) URL', () => {
    expect(fieldError('image', 'not a url')).toBe('Image must be a valid URL');
    expect(fieldError('image', 'ftp://example.org/a.png')).toBe('Image must be a valid URL');
    expect(fieldError('image', 'https://example.org/a.png')).toBeUndefined();
  });

  test.each(Object.entries(FIELD_LIMITS))('%s is limited to %i characters', (field, max) => {
    const key = field as keyof typeof FIELD_LIMITS;
    const filler = key === 'image' ? `https://example.org/${'a'.repeat(max)}` : 'a'.repeat(max + 1);
    expect(fieldError(key, filler)).toMatch(new RegExp(`must be at most ${max} characters$`));
  });

  test('control characters are refused', () => {
    expect(fieldError('name', 'Bad\u0001name')).toBe('Name contains invalid characters');
  });

  test('the whole empty form has one message per field, in the form order', () => {
    const result = validateArtifactInput(EMPTY_VALUES);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields)).toHaveLength(9);
    expect(firstErrorField(result.fields)).toBe('name');
  });

  test('focus goes to the first message in the form’s order, not the schema’s', () => {
    expect(firstErrorField({ image: 'x', type: 'y', shortDescription: 'z' })).toBe('type');
    expect(firstErrorField({ context: 'x', location: 'y' })).toBe('location');
  });
});

test('valuesOf prefills every field from an artifact', () => {
  const values = valuesOf(ownArtifact({ name: 'Rosetta Stone', type: 'Writings' }));
  expect(values).toMatchObject({ name: 'Rosetta Stone', type: 'Writings', createdAt: '1200 BC' });
  expect(Object.keys(values)).toHaveLength(11);
});

test('valuesOf prefills rights and credit, and reads an answer without them as the default and none', () => {
  expect(valuesOf(ownArtifact({ rights: 'http://creativecommons.org/licenses/by/4.0/', credit: 'Photo: A' }))).toMatchObject({
    rights: 'http://creativecommons.org/licenses/by/4.0/',
    credit: 'Photo: A',
  });
  const { rights: _rights, credit: _credit, ...older } = ownArtifact();
  expect(valuesOf(older as never)).toMatchObject({ rights: DEFAULT_RIGHTS, credit: '' });
});

test('changedFields sends a changed statement or credit, and nothing when they are as saved', () => {
  const saved = valuesOf(ownArtifact({ credit: 'Photo: A' }));
  expect(changedFields({ ...saved }, saved)).toEqual({});
  expect(changedFields({ ...saved, rights: 'http://rightsstatements.org/vocab/InC/1.0/', credit: '' }, saved)).toEqual({
    rights: 'http://rightsstatements.org/vocab/InC/1.0/',
    credit: '',
  });
});

test('changedFields ignores what only differs in surrounding spaces', () => {
  const saved = valuesOf(ownArtifact());
  expect(changedFields({ ...saved, name: ` ${saved.name}  ` }, saved)).toEqual({});
  expect(changedFields({ ...saved, location: 'Louvre', type: 'Others' }, saved)).toEqual({ location: 'Louvre', type: 'Others' });
  expect(changedFields({ ...saved, name: '' }, saved)).toEqual({ name: '' });
});

test('serverFieldErrors keeps the form’s fields and drops the rest', () => {
  expect(serverFieldErrors({ name: 'Name is required', likes: 'nope', image: '' })).toEqual({ name: 'Name is required' });
  expect(serverFieldErrors(undefined)).toEqual({});
});

describe('photos (issue 42)', () => {
  const photo = { id: 'photo-front', url: 'https://media.example.org/a-960.jpg', srcset: '', sources: [], alt: 'Front', width: 960, height: 720, placeholder: '' };

  test('an artifact with photos starts with an empty address (its image is only the cover’s URL); one without keeps it', () => {
    expect(valuesOf(ownArtifact({ image: photo.url, images: [photo] })).image).toBe('');
    expect(valuesOf(ownArtifact({ image: 'https://images.example.org/a.webp', images: [] })).image).toBe('https://images.example.org/a.webp');
  });

  test('the api’s word on the photos is kept; a failed submit focuses the photos before the address', () => {
    expect(serverFieldErrors({ images: 'Photo 2: This upload has expired' })).toEqual({ images: 'Photo 2: This upload has expired' });
    expect(firstErrorField({ image: 'x', images: 'y', location: 'z' })).toBe('images');
    expect(firstErrorField({ name: 'x', images: 'y' })).toBe('name');
  });
});
