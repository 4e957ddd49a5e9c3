import { ANONYMOUS_NAME, FORMER_MEMBER_NAME, normaliseText } from '@antiquarium/contracts';

/**
 * Letters of other scripts that are drawn like Latin ones ('Ρaul' with a Greek Rho, 'Аda' with a
 * Cyrillic A), and digits and signs that pass for letters. The list follows Unicode's confusables
 * (UTS #39) for the letters a Latin-script reader cannot tell apart in the site's fonts.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', з: '3', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', ү: 'y', һ: 'h', ӏ: 'l',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y', ϲ: 'c', ϳ: 'j',
  // Latin letters that read as others
  ı: 'i', ȷ: 'j', ɡ: 'g', ɑ: 'a', ſ: 's', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ħ: 'h', ł: 'l',
  // Digits and signs
  '0': 'o', '1': 'l', '|': 'l', '!': 'l', '5': 's', '$': 's', '@': 'a',
};

/**
 * The key under which two display names count as the same name to a reader: case, accents, spacing
 * and punctuation ignored, look-alike letters of other scripts and digits folded, and the pairs that
 * pass for one letter ('rn' for 'm', 'vv' for 'w', 'cl' for 'd') merged; 'i' and 'l' are one letter
 * (they differ by a dot in small sizes). Only used to compare names: never shown or stored as a name.
 */
export function nameKey(name: string): string {
  const folded = [...normaliseText(name)].map((char) => LOOK_ALIKES[char] ?? char).join('');
  return folded
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/cl/g, 'd')
    .replace(/i/g, 'l');
}

/** The key of the name shown for members without one: nobody may take it as a display name. */
export const ANONYMOUS_KEY = nameKey(ANONYMOUS_NAME);

/** The key of the credit of artifacts kept after their member left: nobody may pose as it either. */
export const FORMER_MEMBER_KEY = nameKey(FORMER_MEMBER_NAME);
