// Types of chromium.cjs (plain JavaScript: the bench and the bundle-size script load it too).
export const CHROMIUM_FLAGS: readonly string[];
export const HEADLESS_FLAGS: readonly string[];
export function chromiumPath(env?: Record<string, string | undefined>): string;
export function journeyChromiumPath(env?: Record<string, string | undefined>): string;
