import type { ReactNode } from 'react';

/** Which of the banner's drawings a slide shows (banner-slides.ts). */
export type BannerArtName = 'rosetta-stone' | 'antikythera-mechanism' | 'tutankhamun-mask';

/** A gradient's two colour stops, at its start and its end. */
function Stops({ from, to }: { from: string; to: string }) {
  return (
    <>
      <stop offset="0" stopColor={from} />
      <stop offset="1" stopColor={to} />
    </>
  );
}

/** A drawing's gradients, named by the drawing (ids are document-wide). */
type Drawing = (ids: (name: string) => string) => ReactNode;

const DRAWINGS: Record<BannerArtName, Drawing> = {
  'rosetta-stone': (id) => (
    <>
      <defs>
        <linearGradient id={id('stone')} x1="0" y1="0" x2="1" y2="1">
          <Stops from="#5b5550" to="#2f2b28" />
        </linearGradient>
        <radialGradient id={id('ground')} cx=".5" cy=".45" r=".6">
          <Stops from="#4a3a2c" to="#1d1714" />
        </radialGradient>
      </defs>
      <rect width="800" height="600" fill={`url(#${id('ground')})`} />
      <path d="M250 90l170-30 150 40 20 120-10 330H230l-20-300z" fill={`url(#${id('stone')})`} stroke="#1a1715" strokeWidth="6" />
      <g stroke="#b9b2a8" strokeWidth="5" strokeLinecap="round" opacity=".85">
        <path d="M280 140h250M270 165h270M275 190h240M280 215h255" />
        <path d="M265 270h280M262 292h285M262 314h280M262 336h285" strokeDasharray="14 9" />
        <path d="M255 392h300M255 414h300M255 436h295M255 458h300M255 480h290M255 502h300" strokeDasharray="5 6" />
      </g>
      <path d="M270 245h275M262 365h290" stroke="#8a847c" strokeWidth="3" />
    </>
  ),
  'antikythera-mechanism': (id) => (
    <>
      <defs>
        <radialGradient id={id('ground')} cx=".5" cy=".5" r=".6">
          <Stops from="#264b4a" to="#102221" />
        </radialGradient>
        <radialGradient id={id('bronze')} cx=".4" cy=".35" r=".7">
          <Stops from="#7fa58f" to="#3b5f4f" />
        </radialGradient>
      </defs>
      <rect width="800" height="600" fill={`url(#${id('ground')})`} />
      <g fill={`url(#${id('bronze')})`} stroke="#1f3a31" strokeWidth="6">
        <circle cx="370" cy="300" r="170" />
        <circle cx="565" cy="205" r="80" />
        <circle cx="560" cy="420" r="62" />
      </g>
      <g fill="none" stroke="#c9d8c4" strokeWidth="10" strokeDasharray="18 14" opacity=".8">
        <circle cx="370" cy="300" r="182" />
        <circle cx="565" cy="205" r="90" />
        <circle cx="560" cy="420" r="72" />
      </g>
      <g fill="none" stroke="#1f3a31" strokeWidth="8">
        <circle cx="370" cy="300" r="110" />
        <path d="M370 190v220M260 300h220M292 222l156 156M292 378l156-156" />
      </g>
      <circle cx="370" cy="300" r="26" fill="#c8963e" />
      <circle cx="565" cy="205" r="16" fill="#c8963e" />
      <circle cx="560" cy="420" r="14" fill="#c8963e" />
    </>
  ),
  'tutankhamun-mask': (id) => (
    <>
      <defs>
        <radialGradient id={id('ground')} cx=".5" cy=".4" r=".7">
          <Stops from="#2c2a5a" to="#121126" />
        </radialGradient>
        <linearGradient id={id('gold')} x1="0" y1="0" x2="0" y2="1">
          <Stops from="#f4cf62" to="#c28a22" />
        </linearGradient>
      </defs>
      <rect width="800" height="600" fill={`url(#${id('ground')})`} />
      <path d="M400 50c-120 0-190 70-200 190l-40 260h480l-40-260C590 120 520 50 400 50z" fill={`url(#${id('gold')})`} />
      <g stroke="#1f3f8a" strokeWidth="14">
        <path d="M222 250l-24 160M578 250l24 160M212 320h-20M588 320h20" />
        <path d="M236 180c30-60 90-90 164-90s134 30 164 90" fill="none" />
      </g>
      <path d="M310 170h180l10 200c0 70-45 120-100 120s-100-50-100-120z" fill="#f1c453" stroke="#9c6b14" strokeWidth="5" />
      <path d="M335 255c15-12 40-12 55 0-15 10-40 10-55 0zM410 255c15-12 40-12 55 0-15 10-40 10-55 0z" fill="#1b1b1b" />
      <path d="M335 240h55M410 240h55" stroke="#1f3f8a" strokeWidth="8" />
      <path d="M400 265v70l-14 12h28" fill="none" stroke="#9c6b14" strokeWidth="5" />
      <path d="M370 395q30 14 60 0" fill="none" stroke="#9c6b14" strokeWidth="6" />
      <path d="M385 490h30l-5 60h-20z" fill="#1f3f8a" />
      <path d="M380 130l20-35 20 35z" fill="#1f3f8a" />
    </>
  ),
};

/**
 * A slide's drawing, as SVG in the page itself rather than an `<img>` of an SVG file (issue 29): an
 * SVG picture is a document of its own, which the browser builds on the main thread (about 3 ms each
 * on this machine, inside the composed page's parsing) and rasterizes there too when it is painted,
 * while shapes in the page are painted with the rest of it, off the main thread. Gradient ids are
 * named by the drawing, not by useId (a composed page's markup carries none of React's ids: the
 * browser's tree numbers them otherwise). Each drawing is in the document once: the composed slides
 * and the carousel's never show together (the carousel's Suspense fallback replaces the first), and
 * swiper's loop moves slides rather than copying them.
 */
export function BannerArt({ name, label }: { name: BannerArtName; label: string }) {
  const id = (part: string) => `aq-art-${name}-${part}`;
  return (
    <svg className="cat-banner__image" viewBox="0 0 800 600" width={800} height={600} role="img" aria-label={label}>
      {DRAWINGS[name](id)}
      {/* The banner's gold baseline, the same under every drawing. */}
      <path d="M150 560h500" stroke="#c8963e" strokeWidth="8" strokeLinecap="round" />
    </svg>
  );
}
