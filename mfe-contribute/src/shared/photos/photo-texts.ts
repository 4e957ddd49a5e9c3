import { PHOTO_LIMITS } from '@antiquarium/contracts';

const MAX_MB = Math.round(PHOTO_LIMITS.maxBytes / (1024 * 1024));

/** The photo picker's texts, exactly as members see them (the tests assert each one). */
export const PHOTO_TEXTS = {
  legend: 'Photos',
  addPhotos: 'Add photos',
  hint: `JPEG, PNG, WebP or AVIF, up to ${MAX_MB} MB each, ${PHOTO_LIMITS.minPhotos} to ${PHOTO_LIMITS.maxPhotos} photos. On a phone you can take them with the camera. The first photo is the cover.`,
  dropHere: 'or drop photos here',
  orAddress: 'or paste an image address',
  addressUnused: 'Photos are added above, so this address will not be used.',
  photo: (number: number) => `Photo ${number}`,
  cover: 'Cover',
  uploading: 'Uploading…',
  processing: 'Processing…',
  ready: 'Ready',
  progressLabel: (number: number) => `Upload of photo ${number}`,
  locationRemoved: 'A location (GPS) was found in this photo and removed.',
  preview: (number: number) => `Preview of photo ${number}`,
  altLabel: 'Alt text',
  altHint: 'What a blind visitor should hear',
  captionLabel: 'Caption',
  captionHint: `Optional, up to ${PHOTO_LIMITS.captionLength} characters.`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  retry: 'Try again',
  dragHandle: 'Drag to reorder',
  moved: (from: number, to: number) => `Photo ${from} moved to position ${to}`,
  removed: (number: number) => `Photo ${number} removed`,
  tooBig: (name: string) => `“${name}” is larger than ${MAX_MB} MB, so it was not added.`,
  wrongType: (name: string) => `“${name}” is not a JPEG, PNG, WebP or AVIF image, so it was not added.`,
  tooMany: (name: string) => `“${name}” was not added: an artifact has at most ${PHOTO_LIMITS.maxPhotos} photos.`,
  stillUploading: (number: number) => `Photo ${number} is still uploading.`,
  stillProcessing: (number: number) => `Photo ${number} is still being processed.`,
  notUsable: (number: number) => `Photo ${number} could not be used: remove it or try again.`,
  textProblem: (number: number, message: string) => `Photo ${number}: ${message}`,
  waitBefore: 'The form can be sent once every photo is ready and has an alt text.',
  /** When the upload stopped without an answer from the api (after its retries). */
  uploadStopped: 'The upload stopped. Check your connection and try again.',
  uploadRefused: 'The photo was refused.',
  tooLong: 'Processing is taking too long. Try again.',
} as const;
