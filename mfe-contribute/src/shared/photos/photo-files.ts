import { PHOTO_LIMITS, PHOTO_MEDIA_TYPES } from '@antiquarium/contracts';
import { PHOTO_TEXTS } from './photo-texts';

/** The file input's `accept`: the four types the api keeps (a phone then offers its camera too). */
export const PHOTO_ACCEPT = PHOTO_MEDIA_TYPES.join(',');

const TYPES: ReadonlySet<string> = new Set(PHOTO_MEDIA_TYPES);

/**
 * Which of the picked or dropped files are taken, and why each other one is not, at once and by name.
 * The browser's type and size are only a first look: the api checks the bytes again.
 */
export function sortFiles(files: readonly File[], room: number): { accepted: File[]; refusals: string[] } {
  const accepted: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    if (!TYPES.has(file.type)) refusals.push(PHOTO_TEXTS.wrongType(file.name));
    else if (file.size > PHOTO_LIMITS.maxBytes) refusals.push(PHOTO_TEXTS.tooBig(file.name));
    else if (accepted.length >= room) refusals.push(PHOTO_TEXTS.tooMany(file.name));
    else accepted.push(file);
  }
  return { accepted, refusals };
}
