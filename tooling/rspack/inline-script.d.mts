export const BROWSERS: string;

/** The code of `entry` (an absolute path to a .ts module), compiled for BROWSERS and minified. */
export function buildInlineScript(entry: string): Promise<string>;
