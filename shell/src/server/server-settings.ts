// The shell server's settings: the deployment's runtime-config.json and the environment, read through
// one schema when a composer or the share pages are made (at start-up, and again when the runtime
// config changes). A value the schema refuses throws a FirstPageConfigError naming every variable that is
// wrong, so the server does not start with it. zod is fine here: this code never reaches a browser.
import { z } from 'zod';
import { isRecord } from '@antiquarium/contracts/releases';
import workspace from '../../../workspace.json';
import { parseRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { REMOTE_NAMES, type RemoteName } from '../config/remote-names';
// Plain JavaScript shared with deploy/frames.mjs, bundled into this build.
import { FRAMES_SECRET_RULE, isFramesSecret } from '../../../deploy/frames-secret.mjs';

/** A visit's wait for its composed page by default: past it the plain index.html is sent. */
export const DEFAULT_TIMEOUT_MS = 400;
/**
 * The whole composition's budget by default: one that missed a visit's wait goes on this long, and
 * what it makes serves the next visits (a loaded server then composes the page once, not never).
 */
export const DEFAULT_FINISH_MS = 3000;
/** How long a composed page is sent again as it is (the home page's lists change rarely). */
export const DEFAULT_CACHE_MS = 2000;
/** Compositions under way at most by default: past it a visit gets the plain page at once. */
export const DEFAULT_CONCURRENCY = 8;
/** How long the sitemap index (where each artifacts file starts) is kept. */
export const DEFAULT_SITEMAP_CACHE_MS = 60_000;
/** One sitemap file's budget: past it the file is cut (a client sees it incomplete). */
export const DEFAULT_SITEMAP_TIMEOUT_MS = 30_000;

export class FirstPageConfigError extends Error {
  override readonly name = 'FirstPageConfigError';
}

/** The shell server's environment, as its factories take it (process.env in production). */
export type ServerEnv = Readonly<Record<string, string | undefined>>;

/** What every page this server makes needs: the api, and how long and how many at once it asks it. */
export interface ApiSettings {
  config: RuntimeConfig;
  /** The api as the browser names it (the answers' keys): undefined when the config names it by a path only. */
  browserApiUrl: string | undefined;
  /** The api as this server reaches it (API_INTERNAL_URL, else the browser's when absolute). */
  apiUrl: string | undefined;
  timeoutMs: number;
  cacheMs: number;
  concurrency: number;
}

/** All the shell server's settings, checked. */
export interface ServerSettings extends ApiSettings {
  /** FIRST_PAGE_FINISH_MS: a composition's whole budget, never less than `timeoutMs`. */
  finishMs: number;
  /** The remotes whose pages are composed, and their frames ports as this server reaches them. */
  frames: Partial<Record<RemoteName, string>>;
  /** FRAMES_SECRET, set whenever `frames` names a remote. */
  secret: string | undefined;
  /** SITE_ORIGIN: the public origin permanent URLs are written with (none: no share tags nor sitemap). */
  siteOrigin: string | undefined;
  sitemapCacheMs: number;
  sitemapTimeoutMs: number;
}

/** A remote's frames variable, as workspace.json names it (REMOTE_CATALOG_FRAMES_URL). */
export function framesVariable(remote: RemoteName): string {
  const piece = workspace.frontEnds.find((entry) => entry.name === remote);
  const variable = piece && 'framesVariable' in piece ? piece.framesVariable : undefined;
  if (!variable) throw new FirstPageConfigError(`workspace.json names no frames variable for the remote ${remote}`);
  return variable;
}

/** An optional variable: unset and empty are the same. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** An absolute http(s) URL, without a trailing slash. */
function absoluteUrl(name: string) {
  return z.string({ error: `${name} must be text` }).transform((value, context) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (parsed?.protocol === 'http:' || parsed?.protocol === 'https:') return parsed.href.replace(/\/+$/, '');
    context.addIssue({ code: 'custom', message: `${name} must be an absolute http(s) URL (got ${JSON.stringify(value)})` });
    return z.NEVER;
  });
}

/** The site's origin: an absolute http(s) URL with no path, query or fragment. */
const siteOrigin = absoluteUrl('SITE_ORIGIN').refine((url) => new URL(url).origin === url, {
  error: (issue) => `SITE_ORIGIN must be an origin only, e.g. https://antiquarium.example (got ${JSON.stringify(issue.input)})`,
});

/** A whole number from 0 to max (fallback when unset). */
function wholeNumber(name: string, fallback: number, max: number) {
  const error = `${name} must be a whole number from 0 to ${max}`;
  return optional(z.coerce.number({ error }).int({ error }).min(0, { error }).max(max, { error })).transform((value) => value ?? fallback);
}

/** The frames ports' variables of the environment, one per remote that workspace.json lists. */
const framesEnvSchema = z.object(Object.fromEntries(REMOTE_NAMES.map((remote) => [framesVariable(remote), optional(absoluteUrl(framesVariable(remote)))])));

const envSchema = z.object({
  API_INTERNAL_URL: optional(absoluteUrl('API_INTERNAL_URL')),
  FIRST_PAGE_TIMEOUT_MS: wholeNumber('FIRST_PAGE_TIMEOUT_MS', DEFAULT_TIMEOUT_MS, 10_000),
  FIRST_PAGE_FINISH_MS: wholeNumber('FIRST_PAGE_FINISH_MS', DEFAULT_FINISH_MS, 60_000),
  FIRST_PAGE_CACHE_MS: wholeNumber('FIRST_PAGE_CACHE_MS', DEFAULT_CACHE_MS, 60_000),
  FIRST_PAGE_CONCURRENCY: wholeNumber('FIRST_PAGE_CONCURRENCY', DEFAULT_CONCURRENCY, 1000),
  // Checked only with a frames port (the transform below): without one it is not sent anywhere.
  FRAMES_SECRET: optional(z.string({ error: 'FRAMES_SECRET must be text' })),
  SITE_ORIGIN: optional(siteOrigin),
  SITEMAP_CACHE_MS: wholeNumber('SITEMAP_CACHE_MS', DEFAULT_SITEMAP_CACHE_MS, 3_600_000),
  SITEMAP_TIMEOUT_MS: wholeNumber('SITEMAP_TIMEOUT_MS', DEFAULT_SITEMAP_TIMEOUT_MS, 600_000),
});

/** The runtime config's paths are read against the site, which this server cannot name: as this origin, no real one. */
const SITE = 'http://site.invalid/';

function isAbsoluteUrl(value: unknown): boolean {
  try {
    new URL(String(value));
    return true;
  } catch {
    return false;
  }
}

/** runtime-config.json, read as the browser reads it (parseRuntimeConfig, shared with it). */
const runtimeConfigSchema = z.unknown().transform((value, context) => {
  try {
    const config = parseRuntimeConfig(value, SITE);
    // Only an absolute address can be named in the document's answers as the browser names it.
    const browserApiUrl = isRecord(value) && isAbsoluteUrl(value.apiUrl) ? config.apiUrl : undefined;
    return { config, browserApiUrl };
  } catch (error) {
    context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    return z.NEVER;
  }
});

const settingsSchema = z
  .object({ runtimeConfig: runtimeConfigSchema, env: envSchema, framesEnv: framesEnvSchema })
  .transform(({ runtimeConfig: { config, browserApiUrl }, env, framesEnv }, context): ServerSettings => {
    const frames: Partial<Record<RemoteName, string>> = {};
    for (const remote of REMOTE_NAMES) {
      const url = framesEnv[framesVariable(remote)];
      if (url) frames[remote] = url;
    }
    const framed = Object.keys(frames).length > 0;
    if (framed && !env.FRAMES_SECRET) {
      context.addIssue({ code: 'custom', message: "FRAMES_SECRET must be set with a REMOTE_*_FRAMES_URL (the secret the remotes' frames ports require)" });
    } else if (framed && !isFramesSecret(env.FRAMES_SECRET)) {
      context.addIssue({ code: 'custom', message: FRAMES_SECRET_RULE });
    }
    return {
      config,
      browserApiUrl,
      apiUrl: env.API_INTERNAL_URL ?? browserApiUrl,
      timeoutMs: env.FIRST_PAGE_TIMEOUT_MS,
      finishMs: Math.max(env.FIRST_PAGE_FINISH_MS, env.FIRST_PAGE_TIMEOUT_MS),
      cacheMs: env.FIRST_PAGE_CACHE_MS,
      concurrency: env.FIRST_PAGE_CONCURRENCY,
      frames,
      secret: framed ? env.FRAMES_SECRET : undefined,
      siteOrigin: env.SITE_ORIGIN,
      sitemapCacheMs: env.SITEMAP_CACHE_MS,
      sitemapTimeoutMs: env.SITEMAP_TIMEOUT_MS,
    };
  });

/** The runtime config and the environment, checked: a FirstPageConfigError names every value that is wrong, one a line. */
export function readServerSettings(runtimeConfig: unknown, env: ServerEnv): ServerSettings {
  const parsed = settingsSchema.safeParse({ runtimeConfig, env, framesEnv: env });
  if (parsed.success) return parsed.data;
  throw new FirstPageConfigError([...new Set(parsed.error.issues.map((issue) => issue.message))].join('\n'));
}
