import sharp from 'sharp';

/**
 * Photos as a phone takes them, for the api's and the browser's tests of the photo pipeline: a
 * JPEG with EXIF (camera, serial number, a comment, GPS position, orientation) and XMP (position and
 * a description), all written here byte by byte so that a test knows exactly what went in.
 */

/** Texts planted in a phone photo's metadata: none may survive in any file the site derives. */
export const PLANTED = {
  make: 'AntiquaCam',
  model: 'Finder X1',
  serial: 'SN-ANTIQ-4711',
  comment: 'found-under-the-old-oak',
  xmpNote: 'xmp-secret-findspot',
} as const;

type Entry = { tag: number; type: 2 | 3 | 4 | 5 | 7; value: Buffer | number[]; count?: number };

const TYPE_SIZES: Record<Entry['type'], number> = { 2: 1, 3: 2, 4: 4, 5: 8, 7: 1 };

function ascii(text: string): Buffer {
  return Buffer.from(`${text}\0`, 'latin1');
}

function rationals(pairs: number[]): Buffer {
  const out = Buffer.alloc(pairs.length * 4);
  pairs.forEach((value, index) => out.writeUInt32LE(value, index * 4));
  return out;
}

/** One IFD at `offset` (little-endian): its entries sorted, values over 4 bytes after it. */
function ifd(entries: Entry[], offset: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const head = Buffer.alloc(2 + sorted.length * 12 + 4);
  head.writeUInt16LE(sorted.length, 0);
  const data: Buffer[] = [];
  let dataOffset = offset + head.length;
  sorted.forEach((entry, index) => {
    const at = 2 + index * 12;
    const bytes = Buffer.isBuffer(entry.value)
      ? entry.value
      : Buffer.from(entry.value.flatMap((n) => (entry.type === 3 ? [n & 0xff, n >> 8] : [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24])));
    const count = entry.count ?? bytes.length / TYPE_SIZES[entry.type];
    head.writeUInt16LE(entry.tag, at);
    head.writeUInt16LE(entry.type, at + 2);
    head.writeUInt32LE(count, at + 4);
    if (bytes.length <= 4) bytes.copy(head, at + 8);
    else {
      head.writeUInt32LE(dataOffset, at + 8);
      data.push(bytes);
      dataOffset += bytes.length + (bytes.length % 2);
      if (bytes.length % 2) data.push(Buffer.alloc(1));
    }
  });
  return Buffer.concat([head, ...data]);
}

/** EXIF (TIFF, little-endian) with camera, serial, comment, orientation and a GPS position. */
export function exifBlock(orientation = 1): Buffer {
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]);
  const ifd0Entries = (exifAt: number, gpsAt: number): Entry[] => [
    { tag: 0x010f, type: 2, value: ascii(PLANTED.make) },
    { tag: 0x0110, type: 2, value: ascii(PLANTED.model) },
    { tag: 0x0112, type: 3, value: [orientation] },
    { tag: 0x8769, type: 4, value: [exifAt] },
    { tag: 0x8825, type: 4, value: [gpsAt] },
  ];
  const ifd0Length = ifd(ifd0Entries(0, 0), 8).length;
  const exifAt = 8 + ifd0Length;
  const exifIfd = ifd(
    [
      { tag: 0x9286, type: 7, value: Buffer.concat([Buffer.from('ASCII\0\0\0', 'latin1'), Buffer.from(PLANTED.comment, 'latin1')]) },
      { tag: 0xa431, type: 2, value: ascii(PLANTED.serial) },
    ],
    exifAt,
  );
  const gpsAt = exifAt + exifIfd.length;
  const gpsIfd = ifd(
    [
      { tag: 0x0001, type: 2, value: ascii('N') },
      { tag: 0x0002, type: 5, value: rationals([51, 1, 30, 1, 1234, 100]), count: 3 },
      { tag: 0x0003, type: 2, value: ascii('W') },
      { tag: 0x0004, type: 5, value: rationals([1, 1, 15, 1, 4321, 100]), count: 3 },
    ],
    gpsAt,
  );
  return Buffer.concat([header, ifd(ifd0Entries(exifAt, gpsAt), 8), exifIfd, gpsIfd]);
}

function xmpPacket(): string {
  return (
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    `exif:GPSLatitude="51,30.2N" exif:GPSLongitude="1,15.7W"><dc:description>${PLANTED.xmpNote}</dc:description></rdf:Description>` +
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

function app1(payload: Buffer): Buffer {
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([marker, payload]);
}

/**
 * A JPEG as a phone writes it: `width` x `height` pixels of a gradient with a mark in its top-left
 * corner, EXIF and XMP right after the start of image. With orientation 6 the pixels are stored
 * turned (a viewer turns them back 90° clockwise).
 */
export async function phoneJpeg({ width = 1600, height = 1200, orientation = 1, quality = 85 } = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#8a5a2b"/><stop offset="1" stop-color="#e9d8a6"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect width="${Math.round(width / 5)}" height="${Math.round(height / 5)}" fill="#102030"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
  const exif = app1(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifBlock(orientation)]));
  const xmp = app1(Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(xmpPacket(), 'utf8')]));
  return Buffer.concat([jpeg.subarray(0, 2), exif, xmp, jpeg.subarray(2)]);
}

/** True when any planted text, or a GPS/EXIF/XMP marker, is still in the bytes. */
export function leakedMetadata(bytes: Buffer): string[] {
  const text = bytes.toString('latin1');
  const markers = [...Object.values(PLANTED), 'Exif\0\0', 'http://ns.adobe.com/xap/1.0/', 'GPSLatitude'];
  return markers.filter((marker) => text.includes(marker));
}
