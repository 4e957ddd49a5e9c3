// The ids the api gives what it stores (artifacts, collections, notices, messages): MongoDB
// ObjectIds, written as 24 hexadecimal digits. Every check of one reads this pattern.

/** An ObjectId's digits, to build a larger pattern with (a page's path). */
export const OBJECT_ID_SOURCE = '[0-9a-f]{24}';

/** An ObjectId as the api writes it: lower-case digits. */
export const OBJECT_ID = new RegExp(`^${OBJECT_ID_SOURCE}$`);

/** An ObjectId in either case: MongoDB reads both as the same id, and the api's paths take both. */
export const OBJECT_ID_ANY_CASE = new RegExp(`^${OBJECT_ID_SOURCE}$`, 'i');

/**
 * Whether `value` is an ObjectId as the api writes it (lower case), or with `anyCase`, as the api's
 * paths take it (either case).
 */
export function isObjectId(value: unknown, { anyCase = false }: { anyCase?: boolean } = {}): value is string {
  return typeof value === 'string' && (anyCase ? OBJECT_ID_ANY_CASE : OBJECT_ID).test(value);
}
