import { expect, test } from '@playwright/test';
import { apiGet, apiSend, type ArtifactSummary } from '../support/api';
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

  test('a public collection’s page links its IIIF Collection, whose items are its artifacts’ manifests in the owner’s order (visitor, 390 px)', async ({ browser }) => {
    const owner = await createUser();
    const seeded = (await apiGet<ArtifactSummary[]>('/artifacts?limit=3')).body.slice(0, 3);
    const ordered = [seeded[2]!, seeded[0]!, seeded[1]!];
    const { id } = await apiSend<{ id: string }>('POST', '/collections', owner.token, { title: `IIIF shelf ${Date.now().toString(36)}`, visibility: 'public', description: 'For viewers.' });
    await apiSend('PUT', `/collections/${id}/items`, owner.token, ordered.map((artifact) => ({ artifactId: artifact._id, note: '' })));

    const context = await browser.newContext({ baseURL: SITE_URL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/collections/${id}`);
    const link = page.getByRole('link', { name: 'IIIF collection' });
    await expect(link).toBeVisible();
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(href.pathname).toBe(`/iiif/3/collections/${id}`);
    const answer = await page.request.get(href.searchParams.get('manifest') ?? '', { headers: { Origin: 'https://viewer.example.org' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['access-control-allow-origin']).toBe('*');
    const collection = (await answer.json()) as { type: string; items: { id: string; type: string }[] };
    expect(collection.type).toBe('Collection');
    expect(collection.items.map((item) => item.type)).toEqual(['Manifest', 'Manifest', 'Manifest']);
    expect(collection.items.map((item) => new URL(item.id).pathname)).toEqual(ordered.map((artifact) => `/iiif/3/artifacts/${artifact._id}/manifest`));
    for (const item of collection.items) expect((await page.request.get(item.id)).status()).toBe(200);

    // Made private, it is no IIIF Collection any more.
    await apiSend('PATCH', `/collections/${id}`, owner.token, { visibility: 'private' });
    expect((await page.request.get(href.searchParams.get('manifest') ?? '')).status()).toBe(404);
    await context.close();
  });
});
