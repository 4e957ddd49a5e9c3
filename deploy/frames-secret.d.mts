/** The header that carries FRAMES_SECRET, as Node names a request's headers (lower case). */
export const FRAMES_SECRET_HEADER: 'x-frames-secret';

/** What a FRAMES_SECRET that is set but not a secret (isFramesSecret) is told. */
export const FRAMES_SECRET_RULE: string;

/** Whether `value` can be FRAMES_SECRET: 32 to 512 printable ASCII characters without spaces (it travels in a header). */
export function isFramesSecret(value: unknown): value is string;
