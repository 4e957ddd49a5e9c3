import sharp from 'sharp';
import { photoWidths } from '@antiquarium/contracts';
import { leakedMetadata, phoneJpeg, PLANTED } from '@antiquarium/testing/photos';
import { PhotoRefused, processPhoto } from './photo-processor';

describe('processPhoto', () => {
  it('keeps none of a phone photo’s metadata in any derived file, says a location was removed, and turns it upright', async () => {
    const input = await phoneJpeg({ width: 1400, height: 1000, orientation: 6 });
    // The fixture does carry what the test looks for.
    expect(leakedMetadata(input)).toEqual(expect.arrayContaining([PLANTED.serial, PLANTED.comment, PLANTED.xmpNote, 'GPSLatitude']));
    const photo = await processPhoto(input, 'photo-1');
    expect(photo.locationRemoved).toBe(true);
    expect([photo.width, photo.height]).toEqual([1000, 1400]);
    expect(photo.files.map((file) => `${file.width}.${file.format}`)).toEqual(
      photoWidths(1000).flatMap((width) => ['avif', 'webp', 'jpg'].map((format) => `${width}.${format}`)),
    );
    for (const file of photo.files) {
      expect(leakedMetadata(file.bytes)).toEqual([]);
      const metadata = await sharp(file.bytes).metadata();
      expect({ exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, icc: metadata.icc }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, icc: undefined });
      expect(metadata.width).toBe(file.width);
      // Portrait: the dark mark the phone stored top-left is now top-right.
      expect(metadata.height).toBeGreaterThan(metadata.width ?? 0);
    }
    const { data, info } = await sharp(photo.files.find((file) => file.format === 'jpg')?.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels] ?? 0;
    expect(at(info.width - 5, 5)).toBeLessThan(60);
    expect(at(5, 5)).toBeGreaterThan(60);
  });

  it('says nothing was removed when a photo had no location, and names the photo by its pixels and id', async () => {
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#806040' } }).png().toBuffer();
    const first = await processPhoto(plain, 'a');
    expect(first.locationRemoved).toBe(false);
    expect(first.hash).toMatch(/^[a-f0-9]{32}$/);
    expect((await processPhoto(plain, 'a')).hash).toBe(first.hash);
    expect((await processPhoto(plain, 'b')).hash).not.toBe(first.hash);
    expect(Buffer.from(first.placeholder, 'base64').length).toBeGreaterThan(5);
  });

  it('refuses what is not a JPEG, PNG, WebP or AVIF, by its bytes', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(processPhoto(gif, 'x')).rejects.toThrow(new PhotoRefused('Only JPEG, PNG, WebP and AVIF photos are accepted (this one is GIF)'));
    await expect(processPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x')).rejects.toThrow(PhotoRefused);
    await expect(processPhoto(Buffer.from('%PDF-1.4 not a picture'), 'x')).rejects.toThrow(PhotoRefused);
    // A JPEG cut short: its header reads, its pixels do not.
    const cut = (await phoneJpeg({ width: 800, height: 600 })).subarray(0, 2000);
    await expect(processPhoto(cut, 'x')).rejects.toThrow(PhotoRefused);
  });

  it('keeps nothing of a polyglot: a JPEG carrying a script and an archive after its end is re-encoded from its pixels alone', async () => {
    const payload = Buffer.from('<script>alert(document.cookie)</script>PK\u0003\u0004polyglot-archive-entry');
    const polyglot = Buffer.concat([await phoneJpeg({ width: 800, height: 600 }), payload]);
    const photo = await processPhoto(polyglot, 'p');
    for (const file of photo.files) {
      const text = file.bytes.toString('latin1');
      expect([text.includes('<script>'), text.includes('polyglot-archive-entry')]).toEqual([false, false]);
    }
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    // 12 000 x 12 000 of one colour: a few KB of PNG, 144 megapixels once decoded.
    const bomb = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2_000_000);
    await expect(processPhoto(bomb, 'x')).rejects.toThrow(/too many pixels/);
  });
});
