/**
 * What every text a member writes must be (artifact fields, display names): visible, read in the
 * direction it is written, and well-formed. A name made of zero-width characters shows as nothing;
 * a right-to-left override makes 'gnp.exe' read 'exe.png' and lets one name mimic another; a lone
 * UTF-16 surrogate is not text at all (some stores replace it silently, so it is refused instead).
 */
export type TextProblem = 'invisible' | 'direction' | 'malformed';

// Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Anything that draws: not white space, not a format or control character (zero-width ones are Cf).
const VISIBLE = /[^\s\p{Cf}\p{Cc}\p{Z}]/u;

export function textProblem(text: string): TextProblem | null {
  if (LONE_SURROGATE.test(text)) return 'malformed';
  if (DIRECTION_CONTROLS.test(text)) return 'direction';
  if (!VISIBLE.test(text)) return 'invisible';
  return null;
}

/** The message for a field (by its label) whose text has a problem. */
export function textProblemMessage(label: string, problem: TextProblem): string {
  switch (problem) {
    case 'malformed':
      return `${label} contains characters that are not text`;
    case 'direction':
      return `${label} must not contain characters that change the reading direction`;
    case 'invisible':
      return `${label} must contain visible characters`;
  }
}
