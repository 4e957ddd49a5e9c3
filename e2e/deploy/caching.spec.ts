import { readdirSync } from 'node:fs';
import path from 'node:path';
import { distOf, expect, FRONT_ENDS, originOf, REMOTES, test } from './support/site';

// What a deployment replaces in place: always revalidated, so a redeploy shows on the next load.
const ENTRY_FILES = new Set(['index.html', 'runtime-config.json', 'remoteEntry.js', 'mf-manifest.json']);
const HASHED = /\.[0-9a-f]{10}\.(js|css|svg|png|webp|jpe?g|woff2)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

test.describe('Static pieces: content hashes and cache headers, as served by their containers', () => {
  for (const piece of FRONT_ENDS) {
    test(`${piece}: chunks carry content hashes, entry files are revalidated, hashed files cached for a year`, async ({ site, request }) => {
      const dist = path.join(site.imageOf(piece).dir, distOf(piece));
      const files = readdirSync(dist, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
      const code = files.filter((file) => /\.(js|css)$/.test(file));
      expect(code.length).toBeGreaterThan(0);
      for (const file of code) {
        if (!ENTRY_FILES.has(file)) expect(file, 'a JS or CSS file without a content hash could be cached stale').toMatch(HASHED);
      }
      expect(files).toContain(piece === 'shell' ? 'index.html' : 'remoteEntry.js');
      expect(files).toContain('mf-manifest.json');
      expect(files.filter((file) => file.endsWith('.map')), 'source maps stay out of what is served').toEqual([]);
      // The shell and the catalog carry a server build (the shell composes first pages with the
      // catalog's frames): it travels in the image with the browser build.
      if (piece === 'shell' || piece === 'catalog') expect(files).toContain(piece === 'shell' ? 'server/first-page.mjs' : 'server/frames.mjs');

      for (const file of files) {
        const response = await request.get(`${originOf(piece)}/${file}`);
        // The server builds (dist/server/, docs/decisions/0010) are run by the container, never sent.
        if (file.startsWith('server/')) {
          expect(response.status(), file).toBe(404);
          continue;
        }
        expect(response.status(), file).toBe(200);
        const cacheControl = response.headers()['cache-control'];
        if (ENTRY_FILES.has(file) || !HASHED.test(file)) expect(cacheControl, file).toBe('no-cache');
        else expect(cacheControl, file).toBe(IMMUTABLE);
        if (piece !== 'shell') expect(response.headers()['access-control-allow-origin'], file).toBe('*');
        // Production images: the security headers on every file, HSTS included.
        expect(response.headers()['strict-transport-security'], file).toMatch(/^max-age=\d+/);
        expect(response.headers()['content-security-policy'], file).toContain("frame-ancestors 'none'");
        expect(response.headers()['x-content-type-options'], file).toBe('nosniff');
        if (file.endsWith('.js')) expect(await response.text(), file).not.toContain('sourceMappingURL');
      }
    });
  }

  test('the shell serves the runtime configuration its container was given, uncached', async ({ request }) => {
    const response = await request.get(`${originOf('shell')}/runtime-config.json`);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(await response.json()).toEqual({
      apiUrl: process.env['API_URL'],
      authEmulatorUrl: process.env['AUTH_EMULATOR_URL'],
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo-antiquarium.firebaseapp.com', projectId: 'demo-antiquarium' },
      remotes: Object.fromEntries(REMOTES.map((remote) => [remote, `${originOf(remote)}/mf-manifest.json`])),
    });
  });

  test('deep links answer the shell; remotes answer the shell cross-origin (CORS preflight)', async ({ request }) => {
    const deepLink = await request.get(`${originOf('shell')}/artifacts/123/anything`);
    expect(deepLink.headers()['content-type']).toContain('text/html');
    expect(await deepLink.text()).toContain('<div id="root">');
    const preflight = await request.fetch(`${originOf('catalog')}/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { Origin: originOf('shell'), 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status()).toBe(204);
    expect(preflight.headers()['access-control-allow-origin']).toBe('*');
  });
});
