// The secret between the shell's server and a remote's frames port (docs/decisions/0010): the header
// it travels in and the rule FRAMES_SECRET is read with, by both sides: deploy/frames.mjs (plain Node
// in the images) and the shell's server build (shell/src/server/server-settings.ts and
// first-page-fetching.ts import this file, and rspack bundles it into dist/server/first-page.mjs).
// Types: frames-secret.d.mts.

/** The header that carries FRAMES_SECRET, as Node names a request's headers (lower case). */
export const FRAMES_SECRET_HEADER = 'x-frames-secret';

/** What a FRAMES_SECRET that is set but not a secret (isFramesSecret) is told. */
export const FRAMES_SECRET_RULE = 'FRAMES_SECRET must be 32 to 512 printable ASCII characters without spaces';

/** Whether `value` can be FRAMES_SECRET: 32 to 512 printable ASCII characters without spaces (it travels in a header). */
export function isFramesSecret(value) {
  return typeof value === 'string' && value.length >= 32 && value.length <= 512 && /^[\x21-\x7E]+$/.test(value);
}
