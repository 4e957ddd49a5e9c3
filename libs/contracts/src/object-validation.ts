import type { z } from 'zod';

// The result of validating a JSON object body against a strict schema (notices, decisions, appeals,
// contact messages): each failing field keeps its first message, unknown keys are named.

export type ObjectValidationResult<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string>; message: string };

export function toObjectResult<T>(input: unknown, parsed: z.ZodSafeParseResult<T>): ObjectValidationResult<T> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, fields: {}, message: 'Send a JSON object' };
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  let message = 'Invalid input';
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (issue.code === 'unrecognized_keys') {
      message = `Unknown field: ${issue.keys.join(', ')}`;
      for (const unknown of issue.keys) fields[unknown] ??= 'Unknown field';
    } else if (typeof key === 'string') fields[key] ??= issue.message;
    else message = issue.message;
  }
  const [name, first] = Object.entries(fields)[0] ?? [];
  return { ok: false, fields, message: first && name ? `${name}: ${first}` : message };
}
