/**
 * A JSON object (not null, not an array), whose fields a hand-written reader may then look at one
 * by one: the shell's runtime config and release routing, the api's telemetry tickets.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
