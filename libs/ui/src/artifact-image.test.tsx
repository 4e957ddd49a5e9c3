import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ArtifactImage } from './artifact-image';
import { gridImagePriority } from './artifact-card';

const SIZES = '(min-width: 960px) 560px, 100vw';
const widths = (srcset: string | null) => (srcset ?? '').split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));

test('one of the api’s images: every published width, the sizes, its intrinsic size; lazy and async by default', () => {
  render(<ArtifactImage src="http://x/media/mask-960.webp" alt="Golden mask" width={4} height={3} sizes={SIZES} />);
  const image = screen.getByRole('img', { name: 'Golden mask' });
  expect(image).toHaveAttribute('src', 'http://x/media/mask-960.webp');
  expect(image.getAttribute('srcset')).toBe(
    'http://x/media/mask-320.webp 320w, http://x/media/mask-480.webp 480w, http://x/media/mask-640.webp 640w, http://x/media/mask-800.webp 800w, http://x/media/mask-960.webp 960w, http://x/media/mask-1280.webp 1280w',
  );
  expect(image).toHaveAttribute('sizes', SIZES);
  expect(image).toHaveAttribute('width', '960');
  expect(image).toHaveAttribute('height', '720');
  expect(image).toHaveAttribute('loading', 'lazy');
  expect(image).toHaveAttribute('decoding', 'async');
  expect(image).not.toHaveAttribute('fetchpriority');
});

test('maxWidth keeps the larger files out of the srcset', () => {
  render(<ArtifactImage src="http://x/media/mask-960.webp" alt="Golden mask" width={960} height={720} sizes="208px" maxWidth={640} />);
  expect(widths(screen.getByRole('img', { name: 'Golden mask' }).getAttribute('srcset'))).toEqual([320, 480, 640]);
});

test('the LCP image is fetched at once with high priority; an eager one at once, at the browser’s priority', () => {
  render(<ArtifactImage src="http://x/media/a-960.webp" alt="LCP" width={960} height={720} sizes={SIZES} priority="lcp" />);
  const lcp = screen.getByRole('img', { name: 'LCP' });
  expect(lcp).toHaveAttribute('loading', 'eager');
  expect(lcp).toHaveAttribute('fetchpriority', 'high');
  expect(lcp).not.toHaveAttribute('decoding');

  render(<ArtifactImage src="http://x/media/b-960.webp" alt="Eager" width={960} height={720} sizes={SIZES} priority="eager" />);
  const eager = screen.getByRole('img', { name: 'Eager' });
  expect(eager).toHaveAttribute('loading', 'eager');
  expect(eager).toHaveAttribute('decoding', 'async');
  expect(eager).not.toHaveAttribute('fetchpriority');
});

test('a member’s own URL is used as it is: no srcset or sizes, the given box size, the same priorities', () => {
  render(<ArtifactImage src="https://example.org/photo-960.webp" alt="Photo" width={4} height={3} sizes={SIZES} priority="lcp" />);
  const image = screen.getByRole('img', { name: 'Photo' });
  expect(image).toHaveAttribute('src', 'https://example.org/photo-960.webp');
  expect(image).not.toHaveAttribute('srcset');
  expect(image).not.toHaveAttribute('sizes');
  expect(image).toHaveAttribute('width', '4');
  expect(image).toHaveAttribute('height', '3');
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('fetchpriority', 'high');
});

test('a missing width falls back to the stored URL alone, then to a drawn placeholder of the same shape', () => {
  render(<ArtifactImage src="https://example.org/media/gone-960.webp" alt="Lost vase" width={960} height={720} sizes={SIZES} />);
  fireEvent.error(screen.getByRole('img', { name: 'Lost vase' }));
  const plain = screen.getByRole('img', { name: 'Lost vase' });
  expect(plain.tagName).toBe('IMG');
  expect(plain).toHaveAttribute('src', 'https://example.org/media/gone-960.webp');
  expect(plain).not.toHaveAttribute('srcset');
  fireEvent.error(plain);
  const placeholder = screen.getByRole('img', { name: 'Lost vase' });
  expect(placeholder.tagName).toBe('SPAN');
  expect(placeholder).toHaveStyle({ aspectRatio: '960 / 720' });
  expect(document.querySelector('img')).toBeNull();
});

test('a broken image without a srcset shows the placeholder at once', () => {
  render(<ArtifactImage src="https://example.org/gone.jpg" alt="Lost cup" width={960} height={720} sizes={SIZES} />);
  fireEvent.error(screen.getByRole('img', { name: 'Lost cup' }));
  expect(screen.getByRole('img', { name: 'Lost cup' }).tagName).toBe('SPAN');
});

test('a srcset is built from the parsed URL: text after a space cannot add a candidate', () => {
  const smuggled = 'https://example.org/a.png 1x, data:image/svg+xml,%3Csvg%3E/media/a-960.webp';
  render(<ArtifactImage src={smuggled} alt="Smuggled" width={4} height={3} sizes={SIZES} />);
  const image = screen.getByRole('img', { name: 'Smuggled' });
  expect(image.getAttribute('src')).toBe('https://example.org/a.png%201x,%20data:image/svg+xml,%3Csvg%3E/media/a-960.webp');
  // Every candidate of the srcset is one http(s) URL followed by its width.
  const candidates = (image.getAttribute('srcset') ?? '').split(', ');
  expect(candidates).toHaveLength(6);
  for (const candidate of candidates) expect(candidate).toMatch(/^https:\/\/\S+ \d+w$/);
});

test('anything but an http(s) URL is never loaded: the placeholder shows instead', () => {
  for (const src of ['data:image/png;base64,AAAA', 'javascript:alert(1)', '/media/a-960.webp', '']) {
    const { unmount } = render(<ArtifactImage src={src} alt="Not an image URL" width={4} height={3} sizes={SIZES} />);
    expect(screen.getByRole('img', { name: 'Not an image URL' }).tagName).toBe('SPAN');
    expect(document.querySelector('img')).toBeNull();
    unmount();
  }
});

test('in a grid, the first card is the LCP candidate, the rest of the first row eager, the others lazy', () => {
  expect([0, 1, 2, 3, 10].map(gridImagePriority)).toEqual(['lcp', 'eager', 'eager', 'lazy', 'lazy']);
});

describe('an image that failed before the page was hydrated (the composed first pages)', () => {
  // The server's markup in the document, an image request that already ended as the browser left it.
  function serverMarkup(element: React.JSX.Element, ended: { naturalWidth: number; decodes: boolean }) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const img = container.querySelector('img') as HTMLImageElement;
    Object.defineProperty(img, 'complete', { configurable: true, get: () => true });
    Object.defineProperty(img, 'naturalWidth', { configurable: true, get: () => ended.naturalWidth });
    img.decode = ended.decodes ? jest.fn(async () => undefined) : jest.fn(async () => Promise.reject(new Error('EncodingError')));
    return { container, img };
  }

  let root: Root | undefined;
  const recoverable = jest.fn();
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error');
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    // The first render is the server's: React found nothing to repair.
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    recoverable.mockReset();
  });

  async function hydrate(container: HTMLElement, element: React.JSX.Element) {
    await act(async () => {
      root = hydrateRoot(container, element, { onRecoverableError: recoverable });
    });
  }

  test('hydration keeps the server’s img, then the missed error switches to the drawn placeholder of the same shape', async () => {
    const element = <ArtifactImage src="https://example.org/gone.jpg" alt="Lost cup" width={960} height={720} sizes={SIZES} />;
    const { container, img } = serverMarkup(element, { naturalWidth: 0, decodes: false });
    await hydrate(container, element);
    await waitFor(() => expect(within(container).getByRole('img', { name: 'Lost cup' }).tagName).toBe('SPAN'));
    expect(img.isConnected).toBe(false);
    expect(within(container).getByRole('img', { name: 'Lost cup' })).toHaveStyle({ aspectRatio: '960 / 720' });
    expect(container.querySelector('img')).toBeNull();
  });

  test('one of the api’s images that failed is tried once more without its srcset, as after any error', async () => {
    const element = <ArtifactImage src="http://x/media/mask-960.webp" alt="Golden mask" width={960} height={720} sizes={SIZES} />;
    const { container, img } = serverMarkup(element, { naturalWidth: 0, decodes: false });
    expect(img).toHaveAttribute('srcset');
    await hydrate(container, element);
    await waitFor(() => expect(img).not.toHaveAttribute('srcset'));
    expect(within(container).getByRole('img', { name: 'Golden mask' })).toBe(img);
    expect(img).toHaveAttribute('src', 'http://x/media/mask-960.webp');
  });

  test('a loaded image stays, and so does a loaded picture without an intrinsic size (an SVG): decode() accepts it', async () => {
    const element = <ArtifactImage src="https://example.org/seal.svg" alt="Seal" width={960} height={720} sizes={SIZES} />;
    const { container, img } = serverMarkup(element, { naturalWidth: 0, decodes: true });
    await hydrate(container, element);
    await waitFor(() => expect(img.decode).toHaveBeenCalled());
    await act(async () => undefined);
    expect(within(container).getByRole('img', { name: 'Seal' })).toBe(img);

    act(() => root?.unmount());
    const loaded = <ArtifactImage src="https://example.org/cup.jpg" alt="Cup" width={960} height={720} sizes={SIZES} />;
    const second = serverMarkup(loaded, { naturalWidth: 960, decodes: true });
    await hydrate(second.container, loaded);
    await act(async () => undefined);
    expect(within(second.container).getByRole('img', { name: 'Cup' })).toBe(second.img);
    expect(second.img.decode).not.toHaveBeenCalled();
  });
});

test('a decorative picture (alt "") that fails leaves a frame hidden from assistive technology, not an unnamed image', () => {
  const { container } = render(<ArtifactImage src="https://example.org/gone.jpg" alt="" width={960} height={720} sizes={SIZES} />);
  fireEvent.error(container.querySelector('img') as HTMLImageElement);
  const frame = container.querySelector('.aq-artifact-image--missing');
  expect(frame).toHaveAttribute('aria-hidden', 'true');
  expect(frame).not.toHaveAttribute('role');
  expect(screen.queryByRole('img')).toBeNull();
});
