/** The server's error code for a write that would break a unique index (MongoDB and FerretDB alike). */
export const DUPLICATE_KEY = 11000;

/** Whether a write failed on a unique index (E11000): another write of the same key came first. */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === DUPLICATE_KEY;
}
