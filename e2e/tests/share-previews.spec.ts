import { expect, test, type Page } from '@playwright/test';
import { API_URL, AUTH_EMULATOR_URL, SITE_URL } from '../support/env';
import { apiSend } from '../support/api';
import { adminUpdate, createUser, type TestUser } from '../support/users';
import { demoPictureUrl } from '../support/demo-picture';

// Issue 28: a link to an artifact pasted into a chat shows the object, and crawlers find every public
// record. Chat previews and crawlers run no script and send no session: the document as the shell's
// server sends it must carry the artifact's public metadata (read here with JavaScript off, as such
// a reader reads it), a restricted artifact's none, and /sitemap.xml must list the public records.

const SITE = new URL(SITE_URL).origin;

interface DocumentView {
  title: string;
  meta: Record<string, string>;
  canonical: string | null;
  jsonLd: Record<string, unknown>[];
}

/**
 * The document at `path` as a reader without a session or JavaScript sees it: asked with no cookie,
 * parsed by the browser's HTML parser (which runs no script).
 */
async function documentOf(page: Page, path: string, status = 200): Promise<DocumentView> {
  const response = await page.request.get(`${SITE}${path}`);
  if (response.status() !== status) throw new Error(`${path} answered ${response.status()}`);
  const html = await response.text();
  return await page.evaluate((text) => {
    const parsed = new DOMParser().parseFromString(text, 'text/html');
    return {
      title: parsed.title,
      meta: Object.fromEntries(
        Array.from(parsed.querySelectorAll('meta[property], meta[name]')).map((meta) => [meta.getAttribute('property') ?? meta.getAttribute('name') ?? '', meta.getAttribute('content') ?? '']),
      ),
      canonical: parsed.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      jsonLd: Array.from(parsed.querySelectorAll('script[type="application/ld+json"]')).map((script) => JSON.parse(script.textContent ?? 'null') as Record<string, unknown>),
    };
  }, html);
}

/** An artifact with hostile text in every field a preview shows. */
async function addArtifact(user: TestUser, name: string): Promise<string> {
  const { insertedId } = await apiSend<{ insertedId: string }>('POST', '/artifacts', user.token, {
    name,
    image: demoPictureUrl(),
    type: 'Writings',
    context: 'Made for the share-preview journey',
    shortDescription: `Shared "quoted" </script><b>bold</b> & more: ${name}.`,
    createdAt: 'c. 1360-1332 BC',
    discoveredAt: '1922',
    discoveredBy: 'A Playwright test',
    location: 'Thebes, Egypt',
    rights: 'http://creativecommons.org/licenses/by/4.0/',
    credit: 'Photo: <Test> & "Suite"',
  });
  return insertedId;
}

/** A moderator's token (the emulator's custom claim, then a fresh sign-in). */
async function moderator(): Promise<TestUser> {
  const user = await createUser();
  await adminUpdate(user.uid, { customAttributes: JSON.stringify({ moderator: true }) });
  const response = await fetch(`${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  const { idToken } = (await response.json()) as { idToken: string };
  return { ...user, token: idToken };
}

/** The <loc> entries of a sitemap file, parsed as XML by the browser (a parse error fails). */
async function sitemapLocs(page: Page, path: string, root: 'sitemapindex' | 'urlset'): Promise<string[]> {
  const response = await page.request.get(`${SITE}${path}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  const parsed = await page.evaluate(
    ({ text, expected }) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror')?.textContent ?? 'parse error', locs: [] };
      const rootElement = doc.documentElement;
      if (rootElement.localName !== expected || rootElement.namespaceURI !== 'http://www.sitemaps.org/schemas/sitemap/0.9') return { error: `root ${rootElement.localName} in ${rootElement.namespaceURI}`, locs: [] };
      const entries = Array.from(rootElement.children);
      const child = expected === 'urlset' ? 'url' : 'sitemap';
      if (entries.some((entry) => entry.localName !== child || entry.children[0]?.localName !== 'loc')) return { error: `an entry other than <${child}><loc>`, locs: [] };
      return { error: null, locs: entries.map((entry) => entry.children[0]!.textContent ?? '') };
    },
    { text: xml, expected: root },
  );
  expect(parsed.error).toBeNull();
  expect(parsed.locs.length).toBeLessThanOrEqual(50_000);
  return parsed.locs;
}

test.describe('Share previews and the sitemap', () => {
  test("an artifact's document carries its tags and JSON-LD for a visitor; a restricted or unknown artifact's has none", async ({ page }) => {
    await page.goto(`${SITE}/robots.txt`);
    const contributor = await createUser();
    const name = `Scarab "${Date.now().toString(36)}" <i>amulet</i>`;
    const id = await addArtifact(contributor, name);
    const url = `${SITE}/artifacts/${id}`;
    // Restricted by a moderator before anyone asked for its document (the shell keeps an answer FIRST_PAGE_CACHE_MS).
    const restricted = await addArtifact(contributor, `Hidden scarab ${Date.now().toString(36)}`);
    const mod = await moderator();
    await apiSend('POST', '/moderation/decisions', mod.token, { artifactId: restricted, action: 'restrict', ground: 'spam', facts: 'Checked by the share-preview journey', reportIds: [] });

    // A cold server's first call may miss its deadline (FIRST_PAGE_TIMEOUT_MS): that visit gets the plain document.
    await expect.poll(async () => (await documentOf(page, `/artifacts/${id}`)).title, { timeout: 30_000 }).toBe(`${name} | Antiquarium`);
    const shared = await documentOf(page, `/artifacts/${id}`);
    expect(shared.canonical).toBe(url);
    expect(shared.meta['description']).toBe(`Shared "quoted" </script><b>bold</b> & more: ${name}.`);
    expect(shared.meta).toMatchObject({
      'og:type': 'article',
      'og:title': name,
      'og:url': url,
      'og:image': demoPictureUrl(),
      'og:site_name': 'Antiquarium',
      'twitter:card': 'summary_large_image',
    });
    expect(shared.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'VisualArtwork',
        '@id': url,
        url,
        name,
        description: `Shared "quoted" </script><b>bold</b> & more: ${name}.`,
        image: demoPictureUrl(),
        artform: 'Writings',
        dateCreated: '-1379/-1311',
        contentLocation: { '@type': 'Place', name: 'Thebes, Egypt' },
        license: 'http://creativecommons.org/licenses/by/4.0/',
        creditText: 'Photo: <Test> & "Suite"',
        // Its IIIF manifest (issue 44), as its open-data record names it.
        subjectOf: {
          '@type': 'CreativeWork',
          name: 'IIIF Presentation 3 manifest',
          url: `${API_URL}/iiif/3/artifacts/${id}/manifest`,
          encodingFormat: 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"',
        },
      },
    ]);

    for (const other of [restricted, '0123456789abcdef01234567']) {
      // Not there for the public: the site's document, answered 404, titled as the not-found screen.
      const plain = await documentOf(page, `/artifacts/${other}`, 404);
      expect(plain.title).toBe('Page not found | Antiquarium');
      expect(plain.canonical).toBeNull();
      expect(plain.jsonLd).toEqual([]);
      expect(Object.keys(plain.meta).filter((key) => key.startsWith('og:') || key.startsWith('twitter:'))).toEqual([]);
      expect(JSON.stringify(plain)).not.toContain('scarab');
    }
  });

  test('/sitemap.xml, named in robots.txt, lists every public artifact and no restricted one', async ({ page }) => {
    const robots = await page.request.get(`${SITE}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const restricted = await addArtifact(await createUser(), `Hidden ${Date.now().toString(36)}`);
    const mod = await moderator();
    await apiSend('POST', '/moderation/decisions', mod.token, { artifactId: restricted, action: 'restrict', ground: 'spam', facts: 'Checked by the sitemap journey', reportIds: [] });

    const before = await publicArtifactIds();
    await page.goto(`${SITE}/robots.txt`);
    const files = await sitemapLocs(page, '/sitemap.xml', 'sitemapindex');
    expect(files).toContain(`${SITE}/sitemaps/artifacts.xml`);
    const urls = new Set<string>();
    for (const file of files) {
      expect(file.startsWith(`${SITE}/sitemaps/`)).toBe(true);
      for (const loc of await sitemapLocs(page, file.slice(SITE.length), 'urlset')) urls.add(loc);
    }
    // Public before and after the sitemap was read (other journeys add and delete meanwhile): listed.
    const after = new Set(await publicArtifactIds());
    const kept = before.filter((id) => after.has(id));
    expect(kept.length).toBeGreaterThan(10);
    for (const id of kept) expect(urls.has(`${SITE}/artifacts/${id}`), id).toBe(true);
    expect(urls.has(`${SITE}/artifacts/${restricted}`)).toBe(false);
    expect([...urls].every((url) => /^\/(artifacts|collections)\/[\w-]+$/.test(url.slice(SITE.length)))).toBe(true);
  });
});

/** Every public artifact's id, as the open data lists them. */
async function publicArtifactIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response: Response = await fetch(`${API_URL}/open-data/artifacts?limit=5000${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    for (const line of (await response.text()).split('\n')) if (line) ids.push((JSON.parse(line) as { id: string }).id);
    cursor = response.headers.get('x-next-cursor');
  } while (cursor);
  return ids;
}
