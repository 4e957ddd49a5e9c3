import { fireEvent, render, screen } from '@testing-library/react';
import { ArtifactImage, IMAGE_PLACEHOLDER, imageSrcSet } from './artifact-image';

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

test('a broken image is replaced by the placeholder, keeping its alt text and size', () => {
  render(<ArtifactImage src="https://example.org/gone-960.webp" alt="Lost vase" width={960} height={720} />);
  const image = screen.getByRole('img', { name: 'Lost vase' });
  fireEvent.error(image);
  expect(image).toHaveAttribute('src', IMAGE_PLACEHOLDER);
  expect(image).not.toHaveAttribute('srcset');
  expect(image).toHaveAttribute('width', '960');
});
