import { z } from 'zod';
import {
  PROMOTE_REFUSAL_MAX_REASONS,
  PRUNE_MAX_KEEP,
  RELEASE_LIMITS,
  RELEASE_VERSION_PATTERN,
  TELEMETRY_KINDS,
  TELEMETRY_MAX_EVENTS,
  TELEMETRY_MAX_MS,
  TELEMETRY_TICKET_MAX_LENGTH,
  parseHttpUrl,
  textProblem,
  type TextProblem,
} from '@antiquarium/contracts';

// The bodies of the registry's routes (docs/api.md "Releases"). Unknown fields are dropped; every
// message is prefixed with its field by ZodPipe ("version: must look like ...").

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- the same, but for line breaks and tabs in notes
const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const TEXT_PROBLEMS: Record<TextProblem, string> = {
  malformed: 'contains characters that are not text',
  direction: 'must not contain characters that change the reading direction',
  invisible: 'must contain visible characters',
};

/** A short text a person wrote: visible, one direction, well-formed, no control characters. */
function cleanText(max: number, { lines = false } = {}) {
  return z
    .string({ error: 'must be a text' })
    .max(max, { error: `must be at most ${max} characters` })
    .superRefine((value, ctx) => {
      if ((lines ? CONTROL_CHARS_BUT_LINES : CONTROL_CHARS).test(value)) ctx.addIssue({ code: 'custom', message: 'contains invalid characters' });
      const problem = value.length > 0 ? textProblem(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: TEXT_PROBLEMS[problem] });
    });
}

export const versionSchema = z
  .string({ error: 'is required' })
  .regex(RELEASE_VERSION_PATTERN, { error: 'must look like 0.1.0-3f9a2b1c4d5e (the package version, "-", 12 hex digits of the content hash)' });

/**
 * Where the release's mf-manifest.json is: an absolute http(s) URL (stored as parsed), or a path on
 * the site's own origin ('/remotes/catalog/0.1.0-.../mf-manifest.json'). Not '//host/...': that is
 * another origin in disguise.
 */
export function normalizeManifestUrl(value: string): string | undefined {
  if (/[\s\\]/.test(value) || CONTROL_CHARS.test(value)) return undefined;
  if (value.startsWith('/')) return value.startsWith('//') || !/^[\x21-\x7E]+$/.test(value) ? undefined : value;
  const parsed = parseHttpUrl(value);
  if (!parsed) return undefined;
  const url = new URL(parsed);
  return url.username || url.password ? undefined : parsed;
}

const manifestUrlSchema = z
  .string({ error: 'is required' })
  .max(RELEASE_LIMITS.manifestUrl, { error: `must be at most ${RELEASE_LIMITS.manifestUrl} characters` })
  .transform((value, ctx) => {
    const normalized = normalizeManifestUrl(value);
    if (normalized === undefined) {
      ctx.addIssue({ code: 'custom', message: "must be an absolute http(s) URL or a path starting with '/'" });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * What Module Federation shares: npm package names (scoped or not), or a subpath of one
 * ('react/jsx-runtime', '@antiquarium/contracts/validation').
 */
const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*(\/[a-z0-9][a-z0-9._~-]*)*$/;
const sharedSchema = z
  .record(
    z.string().max(214, { error: 'package names are at most 214 characters' }).regex(PACKAGE_NAME, { error: 'keys must be npm package names or their subpaths' }),
    z
      .string({ error: 'values must be version ranges' })
      .min(1, { error: 'values must be version ranges' })
      .max(100, { error: 'version ranges are at most 100 characters' })
      .regex(/^[\x20-\x7E]+$/, { error: 'version ranges are printable ASCII' }),
    { error: 'must be an object of package name to version range' },
  )
  .refine((value) => Object.keys(value).length <= RELEASE_LIMITS.shared, { error: `must have at most ${RELEASE_LIMITS.shared} entries` });

/** What a remote exposes, as its module federation config names it: './Home', './pages/Details'. */
const EXPOSE = /^\.\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;
const exposesSchema = z
  .array(z.string({ error: 'entries must be texts' }).max(100, { error: 'entries are at most 100 characters' }).regex(EXPOSE, { error: "entries must look like './Home'" }), {
    error: "must be a list like ['./Home']",
  })
  .max(RELEASE_LIMITS.exposes, { error: `must have at most ${RELEASE_LIMITS.exposes} entries` })
  .refine((value) => new Set(value).size === value.length, { error: 'must not repeat an entry' });

export const releaseInputSchema = z.object(
  {
    version: versionSchema,
    manifestUrl: manifestUrlSchema,
    shared: sharedSchema,
    exposes: exposesSchema,
    notes: cleanText(RELEASE_LIMITS.notes, { lines: true }).optional(),
    publishedBy: cleanText(RELEASE_LIMITS.publishedBy).optional(),
  },
  { error: 'The body must be a JSON object' },
);
export type ReleaseInputBody = z.output<typeof releaseInputSchema>;

export const promoteInputSchema = z.object(
  {
    version: versionSchema,
    percent: z
      .number({ error: 'must be a whole number from 1 to 100' })
      .int({ error: 'must be a whole number from 1 to 100' })
      .min(1, { error: 'must be a whole number from 1 to 100' })
      .max(100, { error: 'must be a whole number from 1 to 100' })
      .optional(),
    by: cleanText(RELEASE_LIMITS.by).optional(),
  },
  { error: 'The body must be a JSON object' },
);
export type PromoteInputBody = z.output<typeof promoteInputSchema>;

export const rollbackBodySchema = z.object(
  {
    by: cleanText(RELEASE_LIMITS.by).optional(),
    reason: cleanText(RELEASE_LIMITS.reason, { lines: true }).optional(),
    toDefault: z.boolean({ error: 'must be true or false' }).optional(),
  },
  { error: 'The body must be a JSON object' },
);
// A rollback may be sent without a body.
export const rollbackInputSchema = z.preprocess((value) => value ?? {}, rollbackBodySchema);
export type RollbackInputBody = z.output<typeof rollbackInputSchema>;

export const removeBodySchema = z.object({ by: cleanText(RELEASE_LIMITS.by).optional() }, { error: 'The body must be a JSON object' });
// A prune may be sent without a body (then the audit names the deploy token).
export const removeInputSchema = z.preprocess((value) => value ?? {}, removeBodySchema);
export type RemoveInputBody = z.output<typeof removeInputSchema>;

export const promoteRefusalInputSchema = z.object(
  {
    version: versionSchema,
    percent: promoteInputSchema.shape.percent,
    by: cleanText(RELEASE_LIMITS.by).optional(),
    reasons: z
      .array(cleanText(RELEASE_LIMITS.reason).pipe(z.string().min(1, { error: 'entries must not be empty' })), { error: 'must be a list of texts' })
      .min(1, { error: 'must name at least one reason' })
      .max(PROMOTE_REFUSAL_MAX_REASONS, { error: `must hold at most ${PROMOTE_REFUSAL_MAX_REASONS} reasons` }),
  },
  { error: 'The body must be a JSON object' },
);
export type PromoteRefusalInputBody = z.output<typeof promoteRefusalInputSchema>;

/** GET /releases/:remote/prunable?keep=N: how many releases a rollback can reach to keep. */
export const prunableQuerySchema = z.object({
  keep: z
    .string({ error: `must be a whole number from 0 to ${PRUNE_MAX_KEEP}` })
    .regex(/^\d{1,3}$/, { error: `must be a whole number from 0 to ${PRUNE_MAX_KEEP}` })
    .transform(Number)
    .refine((value) => value <= PRUNE_MAX_KEEP, { error: `must be a whole number from 0 to ${PRUNE_MAX_KEEP}` })
    .optional(),
});
export type PrunableQuery = z.output<typeof prunableQuerySchema>;

/**
 * One telemetry event. Remote and version are only bounded here: events for a remote or version the
 * batch's ticket does not name are dropped, not refused (a shell may run a build published elsewhere).
 */
const telemetryEventSchema = z.object(
  {
    remote: z.string({ error: 'must be a text' }).max(40, { error: 'must be at most 40 characters' }),
    version: z.string({ error: 'must be a text' }).max(40, { error: 'must be at most 40 characters' }),
    kind: z.enum(TELEMETRY_KINDS, { error: `must be one of ${TELEMETRY_KINDS.join(', ')}` }),
    ms: z
      .number({ error: `must be a number of milliseconds from 0 to ${TELEMETRY_MAX_MS}` })
      .min(0, { error: `must be a number of milliseconds from 0 to ${TELEMETRY_MAX_MS}` })
      .max(TELEMETRY_MAX_MS, { error: `must be a number of milliseconds from 0 to ${TELEMETRY_MAX_MS}` })
      .nullish(),
  },
  { error: 'events must be objects' },
);

export const telemetryInputSchema = z.object(
  {
    // The page load's ticket, from its routing answer (telemetry-ticket.ts checks it).
    ticket: z
      .string({ error: 'is required: the ticket of the page load, from its routing answer' })
      .min(1, { error: 'is required: the ticket of the page load, from its routing answer' })
      .max(TELEMETRY_TICKET_MAX_LENGTH, { error: `must be at most ${TELEMETRY_TICKET_MAX_LENGTH} characters` }),
    events: z
      .array(telemetryEventSchema, { error: 'must be a list of events' })
      .max(TELEMETRY_MAX_EVENTS, { error: `must hold at most ${TELEMETRY_MAX_EVENTS} events` }),
  },
  { error: 'The body must be a JSON object' },
);
export type TelemetryInput = z.output<typeof telemetryInputSchema>;
