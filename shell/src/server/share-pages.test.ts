/**
 * @jest-environment node
 */
// The shell's server side of shared documents and the sitemap (issue 28): which api calls it makes,
// that anything but a public answer sends the plain document, what it keeps and for how long, and the
// sitemap files (the protocol's 50,000 URLs per file, an index of them) against a fake api.
import type { Artifact } from '@antiquarium/contracts';
import { FirstPageConfigError } from './server-settings';
import { createSharePages, type SharePagesOptions } from './share-pages';
import { SITEMAP_MAX_URLS } from './sitemap';
import { remoteUrls } from '../remotes/loading/site-remotes.testing';

const ORIGIN = 'https://antiquarium.example';
const API = 'http://api.internal:3000';
const INDEX = '<!doctype html><html><head><title>Antiquarium</title></head><body><div id="root"></div></body></html>';
const ID = '65a1b2c3d4e5f60718293a4b';
const runtimeConfig = {
  apiUrl: 'https://api.antiquarium.example',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-antiquarium' },
  remotes: remoteUrls((name) => `http://${name}.example/mf-manifest.json`),
};

function artifact(overrides: Partial<Artifact> = {}): Artifact {
  return {
    _id: ID,
    name: 'Rosetta Stone',
    image: 'https://media.example/rosetta.webp',
    images: [],
    type: 'Writings',
    context: 'Ptolemaic Egypt',
    shortDescription: 'A stele in three scripts.',
    createdAt: '196 BC',
    discoveredAt: '1799',
    discoveredBy: 'Bouchard',
    location: 'Rashid, Egypt',
    rights: 'http://rightsstatements.org/vocab/CNE/1.0/',
    credit: '',
    adderName: 'Ada',
    likes: 0,
    addedAt: '2026-01-01T00:00:00.000Z',
    dating: { start: -196, end: -196, precision: 'year', qualifier: 'exact' },
    ...overrides,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const idOf = (index: number) => index.toString(16).padStart(24, '0');

/** A fake api: artifacts by id, `count` public artifacts in the open data, public collections. */
function api(options: { artifacts?: Record<string, Response | (() => Response | Promise<Response>)>; count?: number; collections?: number | 'none'; openData?: () => Response } = {}) {
  const seen: { url: URL; headers: Headers }[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    seen.push({ url, headers: new Headers(init?.headers) });
    const signal = init?.signal;
    if (url.pathname.startsWith('/artifacts/')) {
      const answer = options.artifacts?.[url.pathname.slice('/artifacts/'.length)];
      if (!answer) return json({ statusCode: 404 }, 404);
      if (typeof answer !== 'function') return answer.clone();
      return await new Promise<Response>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason as Error));
        void Promise.resolve(answer()).then(resolve);
      });
    }
    if (url.pathname === '/open-data/artifacts') {
      if (options.openData) return options.openData();
      const count = options.count ?? 0;
      const from = Number(url.searchParams.get('cursor')?.slice(1) ?? '0');
      const limit = Number(url.searchParams.get('limit'));
      const upTo = Math.min(count, from + limit);
      const lines = [];
      for (let index = from; index < upTo; index += 1) lines.push(`${JSON.stringify({ id: idOf(index), name: `n${index}` })}\n`);
      const headers: Record<string, string> = { 'Content-Type': 'application/x-ndjson' };
      if (upTo < count) headers['X-Next-Cursor'] = `c${upTo}`;
      return new Response(lines.join(''), { headers });
    }
    if (url.pathname === '/collections') {
      if (options.collections === 'none' || options.collections === undefined) return json({ statusCode: 404 }, 404);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const items = [];
      for (let index = (page - 1) * limit; index < Math.min(options.collections, page * limit); index += 1) items.push({ id: `col${index}`, visibility: 'public' });
      return json(items);
    }
    if (url.pathname.startsWith('/collections/')) return json({ id: url.pathname.split('/')[2], title: 'Writing', description: 'Scripts.', visibility: 'public', items: [{ artifact: artifact() }] });
    return json({}, 404);
  }) as typeof fetch;
  return { seen, fetchImpl };
}

function pages(fetchImpl: typeof fetch, env: SharePagesOptions['env'] = {}, now?: () => number) {
  return createSharePages({ runtimeConfig, env: { SITE_ORIGIN: ORIGIN, API_INTERNAL_URL: API, ...env }, fetch: fetchImpl, ...(now ? { now } : {}) });
}

async function text(chunks: AsyncIterable<string> | undefined): Promise<string> {
  if (!chunks) throw new Error('no sitemap');
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replace(/&#38;/g, '&'));

describe('shared documents', () => {
  it("sends an artifact's document with its tags, asked of the api without credentials, with the visitor's address", async () => {
    const { seen, fetchImpl } = api({ artifacts: { [ID]: json(artifact()) } });
    const html = await pages(fetchImpl).document(`/artifacts/${ID}?utm=x`, INDEX, { address: '203.0.113.7' });
    expect(html).toContain('<title>Rosetta Stone | Antiquarium</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/artifacts/${ID}">`);
    expect(html).toContain('application/ld+json');
    expect(seen.map(({ url }) => url.href)).toEqual([`${API}/artifacts/${ID}`]);
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
    expect(seen[0]!.headers.get('X-Forwarded-For')).toBe('203.0.113.7');
  });

  it('sends the plain document for an unknown, restricted or malformed artifact, a failing or slow api, and without SITE_ORIGIN', async () => {
    const never = () => new Promise<Response>(() => undefined);
    const { seen, fetchImpl } = api({ artifacts: { [idOf(1)]: json(artifact({ moderation: 'restricted' })), [idOf(2)]: json({}, 500), [idOf(3)]: never } });
    const share = pages(fetchImpl, { FIRST_PAGE_TIMEOUT_MS: '50' });
    for (const id of [ID, idOf(1), idOf(2), idOf(3)]) expect(await share.document(`/artifacts/${id}`, INDEX)).toBeUndefined();
    expect(await share.document('/artifacts/not-an-id', INDEX)).toBeUndefined();
    expect(await share.document('/all-artifacts', INDEX)).toBeUndefined();
    expect(seen).toHaveLength(4);
    const without = createSharePages({ runtimeConfig, env: { API_INTERNAL_URL: API }, fetch: fetchImpl });
    expect(without.origin).toBeUndefined();
    expect(await without.document(`/artifacts/${ID}`, INDEX)).toBeUndefined();
    expect(without.sitemap('/sitemap.xml')).toBeUndefined();
    expect(seen).toHaveLength(4);
  });

  it('keeps an answer FIRST_PAGE_CACHE_MS (a 404 too, a failure not), and visits of one page share the call under way', async () => {
    let clock = 0;
    let status = 500;
    const { seen, fetchImpl } = api({ artifacts: { [ID]: () => (status === 200 ? json(artifact()) : json({}, status)) } });
    const share = pages(fetchImpl, { FIRST_PAGE_CACHE_MS: '2000' }, () => clock);
    expect(await share.document(`/artifacts/${ID}`, INDEX)).toBeUndefined();
    status = 200;
    const [first, second] = await Promise.all([share.document(`/artifacts/${ID}`, INDEX), share.document(`/artifacts/${ID}/`, INDEX)]);
    expect(first).toContain('Rosetta Stone');
    expect(second).toBe(first);
    expect(seen).toHaveLength(2);
    status = 404;
    clock = 1999;
    expect(await share.document(`/artifacts/${ID}`, INDEX)).toBe(first);
    expect(seen).toHaveLength(2);
    clock = 2001;
    expect(await share.document(`/artifacts/${ID}`, INDEX)).toBeUndefined();
    expect(await share.document(`/artifacts/${ID}`, INDEX)).toBeUndefined();
    expect(seen).toHaveLength(3);
  });

  it('asks at most FIRST_PAGE_CONCURRENCY pages at once: past it, the plain document at once', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { seen, fetchImpl } = api({ artifacts: { [idOf(1)]: async () => (await held, json(artifact({ _id: idOf(1) }))), [idOf(2)]: json(artifact()) } });
    const share = pages(fetchImpl, { FIRST_PAGE_CONCURRENCY: '1' });
    const first = share.document(`/artifacts/${idOf(1)}`, INDEX);
    expect(await share.document(`/artifacts/${idOf(2)}`, INDEX)).toBeUndefined();
    release();
    expect(await first).toContain(`/artifacts/${idOf(1)}`);
    expect(seen).toHaveLength(1);
  });

  it("sends a public collection's document with its tags", async () => {
    const { fetchImpl } = api();
    const html = await pages(fetchImpl).document('/collections/col7', INDEX);
    expect(html).toContain('<title>Writing | Antiquarium</title>');
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/collections/col7">`);
  });

  it('refuses a SITE_ORIGIN that is not an origin', () => {
    const { fetchImpl } = api();
    expect(() => pages(fetchImpl, { SITE_ORIGIN: 'https://antiquarium.example/site' })).toThrow(FirstPageConfigError);
    expect(() => pages(fetchImpl, { SITE_ORIGIN: 'ftp://antiquarium.example' })).toThrow(/SITE_ORIGIN/);
  });
});

describe('the sitemap', () => {
  it('is an index of the artifacts file and the collections file, each listing permanent URLs', async () => {
    const { seen, fetchImpl } = api({ count: 3, collections: 2 });
    const share = pages(fetchImpl);
    const index = await text(share.sitemap('/sitemap.xml'));
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(index)).toEqual([`${ORIGIN}/sitemaps/collections.xml`, `${ORIGIN}/sitemaps/artifacts.xml`]);
    const artifacts = await text(share.sitemap('/sitemaps/artifacts.xml'));
    expect(artifacts).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(artifacts)).toEqual([0, 1, 2].map((index) => `${ORIGIN}/artifacts/${idOf(index)}`));
    expect(locs(await text(share.sitemap('/sitemaps/collections.xml')))).toEqual([`${ORIGIN}/collections/col0`, `${ORIGIN}/collections/col1`]);
    expect(seen.every(({ headers }) => headers.get('Authorization') === null)).toBe(true);
    expect(share.sitemap('/sitemaps/other.xml')).toBeUndefined();
    expect(share.sitemap('/sitemaps/artifacts.xml?after=../x')).toBeUndefined();
  });

  it('lists no file that would be empty (an api without a public collections list, no artifacts)', async () => {
    const { fetchImpl } = api({ count: 0, collections: 'none' });
    expect(locs(await text(pages(fetchImpl).sitemap('/sitemap.xml')))).toEqual([]);
  });

  it(`splits the artifacts at ${SITEMAP_MAX_URLS} URLs a file, each later file named by where it starts`, async () => {
    const count = SITEMAP_MAX_URLS * 2 + 10;
    const { seen, fetchImpl } = api({ count, collections: 'none' });
    const share = pages(fetchImpl);
    const index = locs(await text(share.sitemap('/sitemap.xml')));
    expect(index).toEqual([`${ORIGIN}/sitemaps/artifacts.xml`, `${ORIGIN}/sitemaps/artifacts.xml?after=c50000`, `${ORIGIN}/sitemaps/artifacts.xml?after=c100000`]);
    // Kept: the index is not walked again at once.
    const calls = seen.length;
    await text(share.sitemap('/sitemap.xml'));
    expect(seen.length).toBe(calls + 1); // only the collections list is asked again
    const files = await Promise.all(index.map((loc) => text(share.sitemap(loc.slice(ORIGIN.length)))));
    expect(files.map((file) => locs(file).length)).toEqual([SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, 10]);
    const all = files.flatMap(locs);
    expect(new Set(all).size).toBe(count);
    expect(all[count - 1]).toBe(`${ORIGIN}/artifacts/${idOf(count - 1)}`);
  });

  it('fails before its first byte when the api does, so that the server answers 503', async () => {
    const { fetchImpl } = api({ openData: () => json({}, 503) });
    const file = pages(fetchImpl).sitemap('/sitemaps/artifacts.xml')![Symbol.asyncIterator]();
    await expect(file.next()).rejects.toThrow('the open data answered 503');
    await expect(text(pages(fetchImpl).sitemap('/sitemap.xml'))).rejects.toThrow('503');
  });
});
