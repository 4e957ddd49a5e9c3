import { expect, test } from '@playwright/test';
import { apiGet, type ArtifactSummary } from '../support/api';
import { SITE_URL } from '../support/env';
import { rememberedSignIn } from '../support/session';
import { createUser } from '../support/users';

/**
 * Issue 44: an artifact's page links its IIIF manifest in the way IIIF viewers take it (drag and
 * drop reads the link's `manifest` parameter), and what it links is a Presentation 3 manifest whose
 * canvases carry an Image API service a viewer on another site can read (CORS) and tile.
 */

interface Manifest {
  type: string;
  label: Record<string, string[]>;
  items: { type: string; width: number; height: number; items: { items: { body: { service: { id: string; type: string }[] } }[] }[] }[];
}

test.describe('IIIF (issue 44)', () => {
  for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 900 }]) {
    test(`${size.name}: the details page links a manifest a viewer on another site can open and tile`, async ({ browser }) => {
      const [seeded] = (await apiGet<ArtifactSummary[]>('/artifacts?limit=1')).body as [ArtifactSummary];
      // The details page is a member's (the spec's private route); the manifest is anyone's.
      const storageState = await rememberedSignIn(browser, await createUser());
      const context = await browser.newContext({ baseURL: SITE_URL, viewport: { width: size.width, height: size.height }, storageState });
      const page = await context.newPage();
      await page.goto(`/artifacts/${seeded._id}`);
      const link = page.getByRole('link', { name: 'IIIF manifest' });
      await expect(link).toBeVisible();
      const href = new URL((await link.getAttribute('href')) ?? '');
      const manifestUrl = href.searchParams.get('manifest') ?? '';
      expect(manifestUrl).toBe(`${href.origin}${href.pathname}`);
      expect(href.pathname).toBe(`/iiif/3/artifacts/${seeded._id}/manifest`);

      // As a viewer on another site reads it.
      const answer = await page.request.get(manifestUrl, { headers: { Origin: 'https://viewer.example.org' } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['access-control-allow-origin']).toBe('*');
      const manifest = (await answer.json()) as Manifest;
      expect(manifest.type).toBe('Manifest');
      expect(Object.values(manifest.label).flat()).toContain(seeded.name);
      const canvas = manifest.items[0];
      expect(canvas?.type).toBe('Canvas');
      const service = canvas?.items[0]?.items[0]?.body.service[0];
      expect(service?.type).toBe('ImageService3');

      const info = await page.request.get(`${service?.id}/info.json`, { headers: { Origin: 'https://viewer.example.org' } });
      expect(info.status()).toBe(200);
      expect(info.headers()['access-control-allow-origin']).toBe('*');
      const { width, height, tiles } = (await info.json()) as { width: number; height: number; tiles: { width: number }[] };
      expect(width).toBeGreaterThan(0);
      expect(height).toBeGreaterThan(0);
      expect(tiles[0]?.width).toBe(512);
      const tile = await page.request.get(`${service?.id}/0,0,${Math.min(512, width)},${Math.min(512, height)}/256,/0/default.jpg`);
      expect(tile.status()).toBe(200);
      expect(tile.headers()['content-type']).toContain('image/jpeg');
      await context.close();
    });
  }
});
