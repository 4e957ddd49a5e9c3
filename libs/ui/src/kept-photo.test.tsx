import { keptPhoto, PHOTO_PLACEHOLDER, artifact } from '@antiquarium/testing';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { thumbHashToDataURL } from 'thumbhash';
import { ArtifactCard } from './artifact-card';
import { ArtifactImage } from './artifact-image';
import { placeholderDataUrl } from './photo-placeholder';

const SIZES = '(min-width: 960px) 560px, 100vw';
const widths = (srcset: string | null) => (srcset ?? '').split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));
const drawnPlaceholder = () => placeholderDataUrl(PHOTO_PLACEHOLDER) as string;

test('a placeholder is the ThumbHash drawn small: a PNG of at most 8 px a side, its colours those of the full decode', () => {
  const url = drawnPlaceholder();
  expect(url).toMatch(/^data:image\/png;base64,/);
  expect(url.length).toBeLessThan(700);
  const png = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (char) => char.charCodeAt(0));
  const view = new DataView(png.buffer);
  // IHDR: width and height after the 8-byte signature and the chunk's length and type.
  expect([view.getUint32(16), view.getUint32(20)].every((side) => side >= 1 && side <= 8)).toBe(true);
  // Far smaller than the full decode (about 4 KB of text).
  expect(thumbHashToDataURL(Uint8Array.from(atob(PHOTO_PLACEHOLDER), (char) => char.charCodeAt(0))).length).toBeGreaterThan(url.length * 3);
});

test('a kept photo: AVIF then WebP sources, then the JPEG img at the photo’s own size, its placeholder behind it', () => {
  const photo = keptPhoto({ width: 1600, height: 1200 });
  const { container } = render(<ArtifactImage src="http://x/ignored.jpg" photo={photo} alt="Bronze sickle" width={960} height={720} sizes={SIZES} />);
  const sources = [...container.querySelectorAll('picture > source')];
  expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  expect(sources.map((source) => source.getAttribute('srcset'))).toEqual([photo.sources[0]?.srcset, photo.sources[1]?.srcset]);
  for (const source of sources) expect(source).toHaveAttribute('sizes', SIZES);

  const image = screen.getByRole('img', { name: 'Bronze sickle' });
  expect(image.parentElement?.tagName).toBe('PICTURE');
  expect(image).toHaveAttribute('src', photo.url);
  expect(image).toHaveAttribute('srcset', photo.srcset);
  expect(image).toHaveAttribute('sizes', SIZES);
  expect(image).toHaveAttribute('width', '1600');
  expect(image).toHaveAttribute('height', '1200');
  expect(image).toHaveAttribute('loading', 'lazy');
  expect(image).toHaveAttribute('decoding', 'async');
  expect(image.style.backgroundImage).toBe(`url("${drawnPlaceholder()}")`);
  expect(image).toHaveStyle({ backgroundSize: 'cover' });
});

test('the priorities hold for a kept photo as for any image', () => {
  render(<ArtifactImage src="" photo={keptPhoto()} alt="Cover" width={960} height={720} sizes={SIZES} priority="lcp" />);
  const image = screen.getByRole('img', { name: 'Cover' });
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('fetchpriority', 'high');
  expect(image).not.toHaveAttribute('decoding');
});

test('maxWidth keeps the wider files out of every source and of the img', () => {
  const { container } = render(<ArtifactImage src="" photo={keptPhoto({ width: 4000, height: 3000 })} alt="Card" width={960} height={720} sizes="282px" maxWidth={960} />);
  const srcsets = [...container.querySelectorAll('source, img')].map((element) => element.getAttribute('srcset'));
  expect(srcsets.map(widths)).toEqual([0, 1, 2].map(() => [320, 480, 640, 800, 960]));
});

test('the server’s markup already carries the sources and the placeholder (a composed page shows it before any code)', () => {
  const html = renderToString(<ArtifactImage src="" photo={keptPhoto()} alt="Served" width={960} height={720} sizes={SIZES} />);
  expect(html).toMatch(/^<picture class="aq-picture"><source type="image\/avif"[^>]*\/><source type="image\/webp"[^>]*\/><img /);
  expect(html).toContain(`background-image:url(&quot;${drawnPlaceholder()}&quot;);background-size:cover`);
});

test('a kept photo that fails is tried once as its JPEG alone, then drawn as a frame of the caller’s box', () => {
  const photo = keptPhoto({ width: 1200, height: 1600 });
  const { container } = render(<ArtifactImage src="" photo={photo} alt="Lost seal" width={960} height={720} sizes={SIZES} />);
  fireEvent.error(screen.getByRole('img', { name: 'Lost seal' }));
  const plain = screen.getByRole('img', { name: 'Lost seal' });
  expect(plain).toHaveAttribute('src', photo.url);
  expect(plain).not.toHaveAttribute('srcset');
  expect(container.querySelector('picture, source')).toBeNull();
  fireEvent.error(plain);
  const frame = screen.getByRole('img', { name: 'Lost seal' });
  expect(frame.tagName).toBe('SPAN');
  expect(frame).toHaveStyle({ aspectRatio: '960 / 720' });
});

test('only http(s) addresses reach the markup: a photo’s other addresses and odd candidates are left out', () => {
  const photo = keptPhoto();
  const { unmount } = render(<ArtifactImage src="" photo={{ ...photo, url: 'javascript:alert(1)' }} alt="Not loaded" width={4} height={3} sizes={SIZES} />);
  expect(screen.getByRole('img', { name: 'Not loaded' }).tagName).toBe('SPAN');
  unmount();

  const smuggled = {
    ...photo,
    srcset: `data:image/svg+xml,x 320w, ${photo.url} 1280w, ${photo.url} 2x`,
    sources: [{ type: 'image/avif"onerror="x', srcset: photo.sources[0]?.srcset ?? '' }, ...photo.sources.slice(1)],
  };
  const { container } = render(<ArtifactImage src="" photo={smuggled} alt="Filtered" width={4} height={3} sizes={SIZES} />);
  expect(screen.getByRole('img', { name: 'Filtered' })).toHaveAttribute('srcset', `${photo.url} 1280w`);
  expect([...container.querySelectorAll('source')].map((source) => source.getAttribute('type'))).toEqual(['image/webp']);
});

test('a placeholder that is not a ThumbHash paints nothing', () => {
  render(<ArtifactImage src="" photo={keptPhoto({ placeholder: 'not base64!' })} alt="Plain" width={4} height={3} sizes={SIZES} />);
  expect(screen.getByRole('img', { name: 'Plain' })).not.toHaveAttribute('style');
  expect(placeholderDataUrl('')).toBeUndefined();
});

test('without a photo the markup is what it was: one img, no picture, no placeholder', () => {
  const html = renderToString(<ArtifactImage src="http://x/media/mask-960.webp" alt="Golden mask" width={4} height={3} sizes="100vw" />);
  expect(html).toBe(
    '<img src="http://x/media/mask-960.webp" srcSet="http://x/media/mask-320.webp 320w, http://x/media/mask-480.webp 480w, http://x/media/mask-640.webp 640w, http://x/media/mask-800.webp 800w, http://x/media/mask-960.webp 960w, http://x/media/mask-1280.webp 1280w" sizes="100vw" alt="Golden mask" width="960" height="720" loading="lazy" decoding="async" class="aq-artifact-image"/>',
  );
});

test('a card shows its artifact’s cover photo under the card’s own alt (the title names it); without photos its image as before', () => {
  const cover = keptPhoto({ alt: 'The sickle’s blade, seen from above' });
  render(<ArtifactCard artifact={artifact({ name: 'Bronze Sickle', images: [cover, keptPhoto()] })} sizes="282px" heading={<h3>Bronze Sickle</h3>} />);
  const image = screen.getByRole('img', { name: 'Bronze Sickle' });
  expect(image).toHaveAttribute('src', cover.url);
  expect(widths(image.getAttribute('srcset')).at(-1)).toBe(960);
  expect(image.parentElement?.tagName).toBe('PICTURE');

  const older = artifact({ name: 'Clay Lamp' });
  render(<ArtifactCard artifact={older} sizes="282px" heading={<h3>Clay Lamp</h3>} />);
  const plain = screen.getByRole('img', { name: 'Clay Lamp' });
  expect(plain).toHaveAttribute('src', older.image);
  expect(plain.parentElement?.tagName).toBe('DIV');
});

describe('hydrating a composed page’s kept photo', () => {
  let root: Root | undefined;

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  test('the browser’s first render is the server’s markup: nothing to repair, the same img kept', async () => {
    const recoverable = jest.fn();
    const consoleError = jest.spyOn(console, 'error');
    const element = <ArtifactImage src="" photo={keptPhoto()} alt="Hydrated" width={960} height={720} sizes={SIZES} priority="lcp" />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const img = container.querySelector('img');
    await act(async () => {
      root = hydrateRoot(container, element, { onRecoverableError: recoverable });
    });
    expect(within(container).getByRole('img', { name: 'Hydrated' })).toBe(img);
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
