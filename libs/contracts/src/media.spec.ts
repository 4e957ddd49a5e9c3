import { MEDIA_IMAGE_WIDTHS, mediaImageFileName, mediaImageHeight, responsiveImage } from './media';

const SIZES = '(min-width: 960px) 560px, 100vw';

describe('responsiveImage', () => {
  it('offers every published width of one of the api’s images, with its intrinsic size', () => {
    expect(responsiveImage('http://127.0.0.1:3000/media/rosetta-stone-960.webp', { sizes: SIZES })).toEqual({
      src: 'http://127.0.0.1:3000/media/rosetta-stone-960.webp',
      srcSet: [320, 480, 640, 800, 960, 1280].map((w) => `http://127.0.0.1:3000/media/rosetta-stone-${w}.webp ${w}w`).join(', '),
      sizes: SIZES,
      width: 960,
      height: 720,
    });
  });

  it('finds the widths from any published one, under any base path ending in /media (MEDIA_BASE_URL)', () => {
    const image = responsiveImage('https://cdn.example.org/site/media/mask-480.webp', { sizes: '100vw' });
    expect(image?.src).toBe('https://cdn.example.org/site/media/mask-480.webp');
    expect(image?.srcSet).toContain('https://cdn.example.org/site/media/mask-1280.webp 1280w');
    expect([image?.width, image?.height]).toEqual([480, 360]);
  });

  it('stops at maxWidth (never offering less than the smallest file)', () => {
    expect(responsiveImage('http://x/media/a-960.webp', { sizes: '100vw', maxWidth: 960 })?.srcSet).toBe(
      'http://x/media/a-320.webp 320w, http://x/media/a-480.webp 480w, http://x/media/a-640.webp 640w, http://x/media/a-800.webp 800w, http://x/media/a-960.webp 960w',
    );
    expect(responsiveImage('http://x/media/a-960.webp', { sizes: '100vw', maxWidth: 100 })?.srcSet).toBe('http://x/media/a-320.webp 320w');
  });

  it('leaves any other URL alone: a member’s image cannot be resized by us', () => {
    for (const url of [
      'https://images.example.org/sickle.webp',
      'https://example.org/a-960.webp',
      'https://example.org/media/a-960.jpg',
      'https://example.org/media/a-961.webp',
      'https://example.org/media/a-960.webp?v=2',
      'https://example.org/media/a-960.webp#x',
      'https://example.org/media/Big_Name-960.webp',
      'https://example.org/media/sub/a-960.webp.png',
    ]) {
      expect(responsiveImage(url, { sizes: SIZES })).toEqual({ src: new URL(url).href });
    }
  });

  it('refuses anything but an http(s) URL', () => {
    for (const url of ['data:image/png;base64,AAAA', 'javascript:alert(1)', '/media/a-960.webp', '']) {
      expect(responsiveImage(url, { sizes: SIZES })).toBeUndefined();
    }
  });

  it('builds its candidates from the parsed URL: text after a space cannot add one', () => {
    const image = responsiveImage('https://example.org/a.png 1x, data:image/svg+xml,x/media/a-960.webp', { sizes: SIZES });
    expect(image?.src).toBe('https://example.org/a.png%201x,%20data:image/svg+xml,x/media/a-960.webp');
    const candidates = (image?.srcSet ?? '').split(', ');
    expect(candidates).toHaveLength(MEDIA_IMAGE_WIDTHS.length);
    for (const candidate of candidates) expect(candidate).toMatch(/^https:\/\/example\.org\/\S+-\d+\.webp \d+w$/);
  });
});

test('a kept photo offers each of its widths up to the cover’s, never a wider one, and its shape is left to the caller', () => {
  const hash = 'ab'.repeat(16);
  const image = responsiveImage(`http://localhost:3000/media/photos/${hash}-800.jpg`, { sizes: SIZES, maxWidth: 640 });
  expect(image).toEqual({
    src: `http://localhost:3000/media/photos/${hash}-800.jpg`,
    srcSet: [320, 480, 640].map((width) => `http://localhost:3000/media/photos/${hash}-${width}.jpg ${width}w`).join(', '),
    sizes: SIZES,
  });
  expect(responsiveImage(`https://x.org/media/photos/${hash}-960.jpg?v=1`, { sizes: SIZES })?.srcSet).toBeUndefined();
});

test('file names and heights follow the one convention', () => {
  expect(mediaImageFileName('rosetta-stone', 640)).toBe('rosetta-stone-640.webp');
  expect(MEDIA_IMAGE_WIDTHS.map(mediaImageHeight)).toEqual([240, 360, 480, 600, 720, 960]);
});
