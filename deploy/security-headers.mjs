// The security headers of the front-end servers (deploy/serve-static.mjs). The shell's policy is
// derived from the deployment's runtime-config.json, so it follows wherever the remotes, the api and
// the identity provider are deployed without a rebuild.

// Firebase Authentication's browser SDK talks to these (sign-in, token refresh, account lookups);
// Google sign-in loads apis.google.com's script and frames the project's auth domain.
const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
const GOOGLE_SIGN_IN_SCRIPT = 'https://apis.google.com';

const HSTS = 'max-age=31536000; includeSubDomains';

/** The origin of an absolute http(s) URL; undefined for a same-origin path such as '/catalog/'. */
function originOf(value) {
  if (typeof value !== 'string' || value.startsWith('/')) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function unique(values) {
  return [...new Set(values.filter(Boolean))];
}

function directive(name, sources) {
  return `${name} ${unique(sources).join(' ')}`;
}

/**
 * The shell's Content-Security-Policy for one deployment. Notes on the choices:
 * - style-src needs 'unsafe-inline': antd writes its component styles into <style> elements at run
 *   time (CSS-in-JS). Scripts get no such allowance: no eval, and no inline script but the ones the
 *   shell's server build names by their hashes (`scriptHashes`, 'sha256-…': the composed first
 *   page's starter, docs/decisions/0015).
 * - img-src names the site's own origins only: every picture is the api's (a pasted address is
 *   copied once by the api and served from there, docs/decisions/0018-photos.md), so no visitor's
 *   browser asks a stranger's server for anything. data: is for the photos' blurred placeholders
 *   (ThumbHash drawn to a data URL behind each picture until it arrives); blob: for the preview of a
 *   photo a member picks, drawn from the file on their own device before it is uploaded (only this
 *   page's own scripts can make a blob: URL).
 * - frame-ancestors 'none': no other site may frame any page (clickjacking).
 */
export function shellContentSecurityPolicy(runtimeConfig, scriptHashes = []) {
  const remotes = Object.values(runtimeConfig?.remotes ?? {}).map(originOf);
  const api = originOf(runtimeConfig?.apiUrl);
  const emulator = originOf(runtimeConfig?.authEmulatorUrl);
  const authDomain = runtimeConfig?.firebase?.authDomain ? originOf(`https://${runtimeConfig.firebase.authDomain}`) : undefined;
  return [
    "default-src 'self'",
    directive('script-src', ["'self'", ...scriptHashes.filter((hash) => /^sha256-[A-Za-z0-9+/]+=*$/.test(hash)).map((hash) => `'${hash}'`), ...remotes, GOOGLE_SIGN_IN_SCRIPT]),
    directive('style-src', ["'self'", "'unsafe-inline'", ...remotes]),
    directive('img-src', ["'self'", 'data:', 'blob:', api, ...remotes]),
    directive('font-src', ["'self'", ...remotes]),
    directive('connect-src', ["'self'", api, ...remotes, emulator, ...FIREBASE_CONNECT]),
    directive('frame-src', ["'self'", authDomain, emulator]),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Headers for every response of a front-end server. A remote serves only code and manifests to the
 * shell (scripts are governed by the page's policy, not their own), so its policy just forbids
 * rendering any of its files as a page inside another site.
 */
export function securityHeaders({ runtimeConfig, isShell, production, scriptHashes = [] }) {
  const headers = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': isShell ? shellContentSecurityPolicy(runtimeConfig, scriptHashes) : "default-src 'none'; frame-ancestors 'none'",
    // Older browsers that ignore frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
  // Browsers ignore HSTS over plain http; production sits behind TLS.
  if (production) headers['Strict-Transport-Security'] = HSTS;
  return headers;
}
