import { createHash } from 'node:crypto';

/**
 * The compiled, minified code of intent-starter.inline.ts: the build defines it (shell/rspack.config.ts,
 * and shell/jest.config.cjs for the tests) with tooling/rspack/inline-script.mjs.
 */
declare const INTENT_STARTER_CODE: string;

/**
 * The one script a composed document carries inline (docs/decisions/0015): it starts the shell's
 * entry on the visitor's first intent (intent-starter.inline.ts says how). Inline, it costs no
 * request; the shell's Content-Security-Policy allows it by its hash (INTENT_STARTER_SCRIPT_HASH),
 * and no other inline script.
 */
export const INTENT_STARTER_SCRIPT: string = INTENT_STARTER_CODE;

/** The script's CSP source expression ('sha256-…', without the quotes). */
export const INTENT_STARTER_SCRIPT_HASH = `sha256-${createHash('sha256').update(INTENT_STARTER_SCRIPT, 'utf8').digest('base64')}`;
