import type { RuntimeConfig } from '../../config/runtime-config';

// Where a remote's code may come from: read by the release routing (release-routing.ts) and by an
// operator's preview (preview.tsx, loaded only for a preview), so neither imports the other.

/**
 * The origins a remote's code may come from: the runtime config's remotes and the shell's own. The
 * Content-Security-Policy (deploy/security-headers.mjs) allows scripts from these only, so a
 * manifest elsewhere could never load: such a routing is refused, not obeyed.
 */
export function remoteOrigins(config: RuntimeConfig): ReadonlySet<string> {
  return new Set([window.location.origin, ...Object.values(config.remotes).map((url) => new URL(url, window.location.href).origin)]);
}

/** An http(s) URL on one of `origins` (a path is read against the page), or undefined. */
export function manifestUrlIn(value: unknown, origins: ReadonlySet<string>): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value, window.location.href);
    return /^https?:$/.test(url.protocol) && origins.has(url.origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
