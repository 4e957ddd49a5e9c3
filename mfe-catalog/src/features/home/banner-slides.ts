import type { BannerArtName } from './banner-art';

export interface BannerSlide {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  /** The slide's drawing (banner-art.tsx). */
  art: BannerArtName;
  period: string;
  location: string;
}

/** The banner's built-in slides (spec: fixed data, not from the api). */
export const BANNER_SLIDES: BannerSlide[] = [
  {
    id: 'rosetta-stone',
    title: 'The Rosetta Stone',
    subtitle: 'The key that unlocked Egyptian hieroglyphs',
    description:
      'One decree written three times, in hieroglyphic, Demotic and ancient Greek, let scholars finally read the language of the pharaohs.',
    art: 'rosetta-stone',
    period: '196 BC',
    location: 'British Museum, London',
  },
  {
    id: 'antikythera-mechanism',
    title: 'The Antikythera Mechanism',
    subtitle: "The ancient world's astronomical computer",
    description:
      'A hand-cranked bronze machine of at least thirty gears that predicted eclipses and tracked the planets, raised from a Greek shipwreck.',
    art: 'antikythera-mechanism',
    period: 'c. 150-100 BC',
    location: 'National Archaeological Museum, Athens',
  },
  {
    id: 'tutankhamun-mask',
    title: "Tutankhamun's Mask",
    subtitle: 'The golden face of the boy king',
    description:
      'Ten kilograms of gold inlaid with lapis lazuli, quartz and glass, made to protect the young pharaoh on his journey to the afterlife.',
    art: 'tutankhamun-mask',
    period: 'c. 1323 BC',
    location: 'Grand Egyptian Museum, Giza',
  },
];

export const BANNER_AUTOPLAY_MS = 5000;
