import { fireEvent, render, screen } from '@testing-library/react';
import { ArtifactImage, imageSrcSet } from './artifact-image';

test('the api’s 960 px demo images get their 480 px twin in srcset', () => {
  expect(imageSrcSet('http://127.0.0.1:3000/media/rosetta-stone-960.webp')).toBe(
    'http://127.0.0.1:3000/media/rosetta-stone-480.webp 480w, http://127.0.0.1:3000/media/rosetta-stone-960.webp 960w',
  );
  expect(imageSrcSet('https://example.org/a-960.webp?v=2')).toBe(
    'https://example.org/a-480.webp?v=2 480w, https://example.org/a-960.webp?v=2 960w',
  );
  expect(imageSrcSet('https://example.org/photo.jpg')).toBeUndefined();
  expect(imageSrcSet('https://example.org/a-960.webp.jpg')).toBeUndefined();
});

test('renders a sized, lazy, async image with alt text', () => {
  render(<ArtifactImage src="http://x/media/mask-960.webp" alt="Golden mask" width={960} height={720} />);
  const image = screen.getByRole('img', { name: 'Golden mask' });
  expect(image).toHaveAttribute('width', '960');
  expect(image).toHaveAttribute('height', '720');
  expect(image).toHaveAttribute('loading', 'lazy');
  expect(image).toHaveAttribute('decoding', 'async');
  expect(image).toHaveAttribute('srcset', 'http://x/media/mask-480.webp 480w, http://x/media/mask-960.webp 960w');
  expect(image).toHaveAttribute('sizes');
  expect(image).not.toHaveAttribute('fetchpriority');
});

test('above the fold: eager with high priority; a plain URL gets no srcset', () => {
  render(<ArtifactImage src="https://example.org/photo.jpg" alt="Photo" width={4} height={3} loading="eager" />);
  const image = screen.getByRole('img', { name: 'Photo' });
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('fetchpriority', 'high');
  expect(image).not.toHaveAttribute('srcset');
  expect(image).not.toHaveAttribute('sizes');
});

test('a broken image is replaced by a drawn placeholder, keeping its alt text and shape', () => {
  render(<ArtifactImage src="https://example.org/gone-960.webp" alt="Lost vase" width={960} height={720} />);
  fireEvent.error(screen.getByRole('img', { name: 'Lost vase' }));
  const placeholder = screen.getByRole('img', { name: 'Lost vase' });
  expect(placeholder.tagName).toBe('SPAN');
  expect(placeholder).toHaveStyle({ aspectRatio: '960 / 720' });
  expect(document.querySelector('img')).toBeNull();
});

test('a srcset is built from the parsed URL: text after a space cannot add a candidate', () => {
  const smuggled = 'https://example.org/a.png 1x, data:image/svg+xml,%3Csvg%3E-960.webp';
  const srcSet = imageSrcSet(smuggled);
  expect(srcSet).toBe(
    'https://example.org/a.png%201x,%20data:image/svg+xml,%3Csvg%3E-480.webp 480w, https://example.org/a.png%201x,%20data:image/svg+xml,%3Csvg%3E-960.webp 960w',
  );
  render(<ArtifactImage src={smuggled} alt="Smuggled" width={4} height={3} />);
  const image = screen.getByRole('img', { name: 'Smuggled' });
  expect(image.getAttribute('src')).toBe('https://example.org/a.png%201x,%20data:image/svg+xml,%3Csvg%3E-960.webp');
  // Every candidate of the srcset is one http(s) URL followed by its width.
  for (const candidate of (image.getAttribute('srcset') ?? '').split(', ')) expect(candidate).toMatch(/^https:\/\/\S+ \d+w$/);
});

test('anything but an http(s) URL is never loaded: the placeholder shows instead', () => {
  for (const src of ['data:image/png;base64,AAAA', 'javascript:alert(1)', '/media/a-960.webp', '']) {
    const { unmount } = render(<ArtifactImage src={src} alt="Not an image URL" width={4} height={3} />);
    expect(screen.getByRole('img', { name: 'Not an image URL' }).tagName).toBe('SPAN');
    expect(document.querySelector('img')).toBeNull();
    unmount();
  }
});
