import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { Versions } from 'iiif-processor';
import { checkImageRequest, IIIF_MAX_AREA, IIIF_PROFILE_LINK, infoDocument, listedSizes, scaleFactors, type ImageRequestParts } from './iiif-image-request';

const PHOTO = { width: 2560, height: 1920 };

function request(path: string): ImageRequestParts {
  const [region, size, rotation, file] = path.split('/') as [string, string, string, string];
  return { region, size, rotation, file };
}

function refusal(path: string, source = PHOTO): string {
  try {
    checkImageRequest(request(path), source);
  } catch (error) {
    if (error instanceof BadRequestException) return error.message;
    throw error;
  }
  throw new Error(`${path} was accepted`);
}

describe('checkImageRequest', () => {
  test.each([
    ['full/max/0/default.jpg', { width: 2560, height: 1920 }],
    ['0,0,512,512/512,/0/default.jpg', { width: 512, height: 512 }],
    ['2048,1536,512,512/512,/0/default.jpg', { width: 512, height: 384 }],
    ['0,0,2048,2048/,256/0/default.webp', { width: 273, height: 256 }],
    ['pct:25,25,50,50/max/0/gray.png', { width: 1280, height: 960 }],
    ['square/200,/0/bitonal.jpg', { width: 200, height: 200 }],
    ['full/pct:10/90/color.jpg', { width: 192, height: 256 }],
    ['full/!200,200/!180/default.jpg', { width: 200, height: 150 }],
    // A box wider than the picture is still a downscale when the fit is smaller: no ^ needed.
    ['full/!3000,200/0/default.jpg', { width: 267, height: 200 }],
    ['full/300,100/270/default.jpg', { width: 100, height: 300 }],
    ['0,0,100,100/^400,/0/default.jpg', { width: 400, height: 400 }],
    ['full/^!3000,3000/0/default.jpg', { width: 3000, height: 2250 }],
  ])('%s makes %j', (path, output) => {
    expect(checkImageRequest(request(path), PHOTO).output).toEqual(output);
  });

  test('each bad part is a 400 that names it', () => {
    expect(refusal('foo/max/0/default.jpg')).toMatch(/^The region "foo" is not valid: expected full, square/);
    expect(refusal('0,0,0,10/max/0/default.jpg')).toMatch(/^The region "0,0,0,10" is not valid: its width and height/);
    expect(refusal('2561,0,10,10/max/0/default.jpg')).toMatch(/^The region "2561,0,10,10" is not valid: it lies outside the picture/);
    // Starting on the right edge leaves nothing (libvips would fail: a 500 without this check).
    expect(refusal('2560,0,10,10/max/0/default.jpg')).toMatch(/^The region "2560,0,10,10" is not valid: it lies outside the picture/);
    expect(refusal('full/big/0/default.jpg')).toMatch(/^The size "big" is not valid: expected max/);
    expect(refusal('full/full/0/default.jpg')).toMatch(/^The size "full" is not valid: version 3 has no full size/);
    expect(refusal('full/0,/0/default.jpg')).toMatch(/^The size "0," is not valid/);
    expect(refusal('0,0,100,1/10,/0/default.jpg')).toMatch(/^The size "10," is not valid: it makes an image less than 1 pixel/);
    expect(refusal('full/max/45/default.jpg')).toMatch(/^The rotation "45" is not valid: only multiples of 90/);
    expect(refusal('full/max/400/default.jpg')).toMatch(/^The rotation "400" is not valid/);
    expect(refusal('full/max/left/default.jpg')).toMatch(/^The rotation "left" is not valid/);
    expect(refusal('full/max/0/sepia.jpg')).toMatch(/^The quality "sepia" is not valid: expected default, color, gray or bitonal/);
    expect(refusal('full/max/0/default.gif')).toMatch(/^The format "gif" is not valid: expected jpg, png or webp/);
    expect(refusal('full/max/0/default.tif')).toMatch(/^The format "tif" is not valid/);
    expect(refusal('full/max/0/default')).toMatch(/^The format "" is not valid/);
  });

  test('a size past the region is refused unless ^ asks for it', () => {
    expect(refusal('full/3000,/0/default.jpg')).toMatch(/^The size "3000," is not valid: .*write \^ before it/);
    expect(refusal('full/pct:150/0/default.jpg')).toMatch(/^The size "pct:150" is not valid/);
    expect(refusal('full/!5120,5120/0/default.jpg')).toMatch(/^The size "!5120,5120" is not valid: .*\^/);
    expect(refusal('0,0,100,100/,101/0/default.jpg')).toMatch(/^The size ",101" is not valid/);
    expect(checkImageRequest(request('full/^3000,/0/default.jpg'), PHOTO).output).toEqual({ width: 3000, height: 2250 });
  });

  test('an answer of more than maxArea pixels is refused, and max stops at maxArea', () => {
    expect(refusal('full/^pct:400/0/default.jpg')).toMatch(/^The size "\^pct:400" is not valid: it makes 10240 x 7680 pixels, more than the 16777216/);
    const tall = { width: 2560, height: 10240 };
    const max = checkImageRequest(request('full/max/0/default.jpg'), tall);
    expect(max.output.width * max.output.height).toBeLessThanOrEqual(IIIF_MAX_AREA);
    expect(max.output).toEqual({ width: 2048, height: 8192 });
    expect(refusal('full/2560,/0/default.jpg', tall)).toMatch(/more than the 16777216/);
  });

  test('a picture past the decoding limit is refused before it is decoded', () => {
    expect(() => checkImageRequest(request('0,0,512,512/512,/0/default.jpg'), { width: 20_000, height: 10_000 })).toThrow(PayloadTooLargeException);
  });
});

describe('info.json', () => {
  test("what it shares with iiif-processor's own level 2 document is the library's, and so is the profile link", () => {
    const id = 'http://api.test/iiif/3/abc';
    const theirs: Record<string, unknown> = Versions[3].infoDoc({ id, ...PHOTO, sizes: listedSizes(PHOTO), max: { area: IIIF_MAX_AREA } });
    const ours = infoDocument(id, PHOTO);
    for (const key of ['@context', 'id', 'type', 'protocol', 'profile', 'width', 'height', 'sizes', 'maxArea']) expect([key, ours[key]]).toEqual([key, theirs[key]]);
    expect(IIIF_PROFILE_LINK).toBe(Versions[3].profileLink);
  });

  test('level 2 with 512 px tiles, its sizes and only the extras that work here', () => {
    const doc = infoDocument('http://api.test/iiif/3/abc', PHOTO);
    expect(doc).toEqual({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: 'http://api.test/iiif/3/abc',
      type: 'ImageService3',
      protocol: 'http://iiif.io/api/image',
      profile: 'level2',
      width: 2560,
      height: 1920,
      maxArea: IIIF_MAX_AREA,
      sizes: [
        { width: 2560, height: 1920 },
        { width: 1280, height: 960 },
        { width: 640, height: 480 },
        { width: 320, height: 240 },
        { width: 160, height: 120 },
        { width: 80, height: 60 },
      ].filter((size) => size.height >= 64),
      tiles: [{ width: 512, height: 512, scaleFactors: [1, 2, 4, 8] }],
      extraFormats: ['webp'],
      extraQualities: ['color', 'gray', 'bitonal'],
      extraFeatures: ['mirroring', 'profileLinkHeader', 'regionSquare', 'sizeUpscaling'],
    });
  });

  test('every listed size and tile can be asked for', () => {
    const source = { width: 1500, height: 2000 };
    for (const size of listedSizes(source)) expect(checkImageRequest(request(`full/${size.width},${size.height}/0/default.jpg`), source).output).toEqual(size);
    for (const factor of scaleFactors(source)) {
      const edge = 512 * factor;
      const region = `0,0,${Math.min(edge, source.width)},${Math.min(edge, source.height)}`;
      const width = Math.ceil(Math.min(edge, source.width) / factor);
      expect(() => checkImageRequest(request(`${region}/${width},/0/default.jpg`), source)).not.toThrow();
    }
    expect(scaleFactors(source)).toEqual([1, 2, 4]);
    expect(scaleFactors({ width: 300, height: 200 })).toEqual([1]);
    expect(listedSizes({ width: 40, height: 30 })).toEqual([{ width: 40, height: 30 }]);
  });
});
