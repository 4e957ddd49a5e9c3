import type { z } from 'zod';

// The result of validating a JSON object body against a strict schema (notices, decisions, appeals,
// contact messages): each failing field keeps its first message, unknown keys are named.

export type ObjectValidationResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string>; message: string };

export function toObjectResult<T>(input: unknown, parsed: z.ZodSafeParseResult<T>): ObjectValidationResult<T> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, fields: {}, message: 'Send a JSON object' };
  if (parsed.success) return { ok: true, value: parsed.data };
  // A Map, then own properties: an unknown key named `__proto__` or `constructor` is a field like
  // any other (assigned to a plain object, the first would set its prototype, the second be inherited).
  const fields = new Map<string, string>();
  const name = (field: string, text: string) => {
    if (!fields.has(field)) fields.set(field, text);
  };
  let message = 'Invalid input';
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (issue.code === 'unrecognized_keys') {
      message = `Unknown field: ${issue.keys.join(', ')}`;
      for (const unknown of issue.keys) name(unknown, 'Unknown field');
    } else if (typeof key === 'string') name(key, issue.message);
    else message = issue.message;
  }
  const [field, first] = [...fields][0] ?? [];
  return { ok: false, fields: Object.fromEntries(fields), message: first && field ? `${field}: ${first}` : message };
}
