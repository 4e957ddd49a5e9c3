import { rgbaToDataURL, thumbHashToRGBA } from 'thumbhash';

/** A ThumbHash is 5 bytes of header and up to a few dozen of colour; anything longer is not one. */
const THUMB_HASH = /^[A-Za-z0-9+/]{7,88}={0,2}$/;

/**
 * Placeholders already drawn, by hash: the same photo is drawn on the home page, the list, a
 * collection and its details page, and the frames server draws every composed page again. Bounded:
 * the oldest goes first.
 */
const drawn = new Map<string, string | undefined>();
const DRAWN_LIMIT = 200;

function draw(hash: string): string | undefined {
  if (!THUMB_HASH.test(hash)) return undefined;
  try {
    // atob is a global both in browsers and in Node (the frames server), so the server's markup and
    // the browser's first render carry the same data URL.
    const { w, h, rgba } = thumbHashToRGBA(Uint8Array.from(atob(hash), (char) => char.charCodeAt(0)));
    return rgbaToDataURL(...shrunk(w, h, rgba));
  } catch {
    return undefined;
  }
}

/** The longest side of a drawn placeholder: the browser's smoothing blurs it the same when scaled up. */
const PLACEHOLDER_SIDE = 8;

/**
 * The decoded ThumbHash (up to 32 px a side, about 4 KB as an uncompressed PNG in every card of a
 * composed page) averaged down to 8 px a side: a tenth of the text, the same blur once scaled.
 */
function shrunk(w: number, h: number, rgba: Uint8Array): [number, number, Uint8Array] {
  const scale = Math.max(1, Math.max(w, h) / PLACEHOLDER_SIDE);
  const sw = Math.max(1, Math.round(w / scale));
  const sh = Math.max(1, Math.round(h / scale));
  const out = new Uint8Array(sw * sh * 4);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const [x0, x1] = [Math.floor((x * w) / sw), Math.max(Math.floor((x * w) / sw) + 1, Math.floor(((x + 1) * w) / sw))];
      const [y0, y1] = [Math.floor((y * h) / sh), Math.max(Math.floor((y * h) / sh) + 1, Math.floor(((y + 1) * h) / sh))];
      const sum = [0, 0, 0, 0];
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) for (let c = 0; c < 4; c++) sum[c]! += rgba[(yy * w + xx) * 4 + c] ?? 0;
      const count = (x1 - x0) * (y1 - y0);
      for (let c = 0; c < 4; c++) out[(y * sw + x) * 4 + c] = Math.round((sum[c] ?? 0) / count);
    }
  }
  return [sw, sh, out];
}

/**
 * A kept photo's ThumbHash (base64, libs/contracts photos.ts) drawn as a PNG data URL, to paint
 * behind the photo until it arrives; undefined when the text is not a ThumbHash (the photo then has
 * the plain frame colour behind it, as before).
 */
export function placeholderDataUrl(hash: string): string | undefined {
  if (drawn.has(hash)) return drawn.get(hash);
  const url = draw(hash);
  if (drawn.size >= DRAWN_LIMIT) {
    const oldest = drawn.keys().next();
    if (!oldest.done) drawn.delete(oldest.value);
  }
  drawn.set(hash, url);
  return url;
}
