import { picturesOf, zoomOnceOpen, zoomPercent } from './deep-zoom-pictures';

const SERVICE = 'https://api.example.org/iiif/3';

function canvas(label: Record<string, string[]> | undefined, serviceId?: string) {
  return {
    type: 'Canvas',
    ...(label ? { label } : {}),
    items: [{ items: [{ body: serviceId ? { service: [{ id: serviceId, type: 'ImageService3' }] } : { type: 'Image' } }] }],
  };
}

test('each canvas with an image service is a picture, in the manifest’s order, labelled by its alt text', () => {
  const manifest = {
    type: 'Manifest',
    items: [canvas({ none: ['The lamp from the front'] }, `${SERVICE}/${'a'.repeat(32)}`), canvas({ en: ['', 'The lamp from the side'] }, `${SERVICE}/${'b'.repeat(32)}/`)],
  };
  expect(picturesOf(manifest, 'Oil lamp')).toEqual([
    { info: `${SERVICE}/${'a'.repeat(32)}/info.json`, label: 'The lamp from the front' },
    { info: `${SERVICE}/${'b'.repeat(32)}/info.json`, label: 'The lamp from the side' },
  ]);
});

test('a canvas without a label takes the artifact’s name; one without a service (no picture kept) is left out', () => {
  const manifest = { items: [canvas(undefined, `${SERVICE}/cover-${'c'.repeat(24)}`), canvas({ none: ['No picture kept by the site'] })] };
  expect(picturesOf(manifest, 'Oil lamp')).toEqual([{ info: `${SERVICE}/cover-${'c'.repeat(24)}/info.json`, label: 'Oil lamp' }]);
});

test('anything that is not a manifest gives no pictures', () => {
  expect(picturesOf(null, 'x')).toEqual([]);
  expect(picturesOf({ error: 'Not Found' }, 'x')).toEqual([]);
  expect(picturesOf({ items: 'no' }, 'x')).toEqual([]);
});

test('the zoom in percent of the whole photo’s fit', () => {
  expect(zoomPercent(2, 1)).toBe(200);
  expect(zoomPercent(0.75, 0.5)).toBe(150);
  expect(zoomPercent(Number.NaN, 1)).toBe(100);
  expect(zoomPercent(1, 0)).toBe(100);
});

test('zoom asked for before the picture opens is applied once it has, as one step; after that at once', () => {
  const applied: number[] = [];
  const zoom = zoomOnceOpen((factor) => applied.push(factor));
  zoom.zoomBy(1.25);
  zoom.zoomBy(1.25);
  expect(applied).toEqual([]);
  zoom.opened();
  expect(applied).toEqual([1.5625]);
  zoom.zoomBy(1 / 1.25);
  expect(applied).toEqual([1.5625, 0.8]);
  // Another picture opening: kept again until it has.
  zoom.opening();
  zoom.zoomBy(2);
  expect(applied).toHaveLength(2);
  zoom.opened();
  expect(applied).toEqual([1.5625, 0.8, 2]);
  // Nothing asked for meanwhile: an opening applies nothing.
  zoom.opening();
  zoom.opened();
  expect(applied).toHaveLength(3);
});
