/**
 * This page load's telemetry ticket: the api signs one into every routing answer
 * (TELEMETRY_TICKET_HEADER, docs/decisions/0028 "Telemetry tickets"), naming the releases the page
 * may run. The registry counts telemetry only under it, so a page load whose routing did not come
 * from the registry (down, slow, malformed: the last routing seen or the defaults) reports nothing.
 * Kept in memory only: a ticket is one page load's.
 */
let ticket: string | undefined;

/** Keeps the first well-formed ticket of the page load. */
export function keepTelemetryTicket(value: string | null | undefined): void {
  if (ticket === undefined && typeof value === 'string' && value.length <= 1024 && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value)) ticket = value;
}

export function telemetryTicket(): string | undefined {
  return ticket;
}
