import type { Artifact } from '@antiquarium/contracts';
import { mediaPictureName, parseImageId, photoHashOf, picturesOf } from './iiif-sources';

const API = 'http://api.test';
const HASH = 'ab'.repeat(16);

test('an image id names a kept photo by its hash, or an artifact’s media-folder picture; anything else names nothing', () => {
  expect(parseImageId(HASH)).toEqual({ kind: 'photo', hash: HASH });
  expect(parseImageId(`cover-${'c'.repeat(24)}`)).toEqual({ kind: 'cover', artifactId: 'c'.repeat(24) });
  for (const id of ['', 'AB'.repeat(16), `${HASH}0`, 'cover-123', '../etc', `cover-${'c'.repeat(24)}.json`]) expect(parseImageId(id)).toBeNull();
});

test('a photo’s hash is read from the addresses the artifacts carry', () => {
  expect(photoHashOf(`${API}/media/photos/${HASH}-960.jpg`)).toBe(HASH);
  expect(photoHashOf(`${API}/media/photos/${HASH}-960.jpg?access=a1.x.y`)).toBe(HASH);
  expect(photoHashOf('https://images.example.org/lamp.webp')).toBeNull();
});

test('only the api’s own media folder, at a published width, is a media-folder picture', () => {
  expect(mediaPictureName(`${API}/media/bronze-lamp-960.webp`, API)).toBe('bronze-lamp');
  expect(mediaPictureName(`${API}/media/bronze-lamp-961.webp`, API)).toBeNull();
  expect(mediaPictureName(`${API}/media/bronze-lamp-960.webp?x=1`, API)).toBeNull();
  expect(mediaPictureName(`${API}/media/../secret-960.webp`, API)).toBeNull();
  expect(mediaPictureName(`https://evil.example/media/bronze-lamp-960.webp`, API)).toBeNull();
});

test('an artifact’s pictures: its photos in order with their alt texts, else the site’s own photo or media-folder picture its address names, named after it, else none', () => {
  const base = { _id: 'd'.repeat(24), name: 'Bronze lamp' };
  const photo = (hash: string, alt: string, caption?: string) => ({ id: hash, url: `${API}/media/photos/${hash}-960.jpg`, alt, ...(caption ? { caption } : {}) }) as Artifact['images'][number];
  expect(picturesOf({ ...base, image: `${API}/media/photos/${HASH}-960.jpg`, images: [photo(HASH, 'Top', 'Found 1901'), photo('cd'.repeat(16), 'Side')] }, API)).toEqual([
    { imageId: HASH, alt: 'Top', caption: 'Found 1901' },
    { imageId: 'cd'.repeat(16), alt: 'Side' },
  ]);
  expect(picturesOf({ ...base, image: `${API}/media/bronze-lamp-960.webp`, images: [] }, API)).toEqual([{ imageId: `cover-${base._id}`, alt: 'Bronze lamp' }]);
  expect(picturesOf({ ...base, image: 'https://images.example.org/lamp.webp', images: [] }, API)).toEqual([]);
  // An address naming one of the site's own photos (another artifact's, pasted): that photo.
  expect(picturesOf({ ...base, image: `${API}/media/photos/${HASH}-960.jpg`, images: [] }, API)).toEqual([{ imageId: HASH, alt: 'Bronze lamp' }]);
  expect(picturesOf({ ...base, image: `https://evil.example/media/photos/${HASH}-960.jpg`, images: [] }, API)).toEqual([]);
});
