// GET /open-data/artifacts (docs/api.md "Open data"): every public artifact's metadata as JSON Lines
// or CSV, no key, paged by an opaque cursor whose pages concatenate to the whole set once each.
import { parse } from 'csv-parse/sync';
import { DEFAULT_RIGHTS, type OpenDataRecord } from '@antiquarium/contracts';
import { createArtifact } from './support/artifacts';
import { createUser, type TestUser } from './support/auth';
import { artifactsCollection, objectId } from './support/db';
import { api, expectApiError, expectStatus, type ApiResponse } from './support/http';

const COLUMNS = [
  'id', 'url', 'name', 'type', 'image', 'imageAlt', 'context', 'shortDescription', 'createdAt', 'dateStart', 'dateEnd', 'datePrecision',
  'dateQualifier', 'discoveredAt', 'discoveredBy', 'location', 'place', 'rights', 'credit', 'contributor', 'addedAt', 'iiifManifest',
];

let owner: TestUser;
const mine: string[] = [];
let hidden: string;
let tricky: string;

beforeAll(async () => {
  owner = await createUser();
  for (const createdAt of ['196 BC', 'c. 1350 AD', 'sometime']) {
    mine.push((await createArtifact(owner, { createdAt, location: 'British Museum, London' })).id);
  }
  // Cells a spreadsheet would run, quotes, commas and line breaks: CSV quoting and the formula guard.
  tricky = (
    await createArtifact(owner, {
      name: '=HYPERLINK("http://evil.example","click")',
      context: '+1 culture, "quoted"',
      shortDescription: 'Line one,\r\nline "two"\nline three',
      discoveredBy: '@team',
      rights: 'http://creativecommons.org/licenses/by-sa/4.0/',
      credit: '-Photo: a, "b"',
    })
  ).id;
  mine.push(tricky);
  hidden = (await createArtifact(owner)).id;
  // Hidden as a moderation decision leaves it (docs/decisions/0012-moderation.md); the file's clean-up
  // (support/setup.ts) deletes it through the api like the others.
  await (await artifactsCollection()).updateOne({ _id: objectId(hidden) }, { $set: { moderation: 'restricted', moderationDecisionId: 'test' } });
});

function lines(response: ApiResponse): OpenDataRecord[] {
  expectStatus(response, 200);
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  if (response.text === '') return [];
  expect(response.text.endsWith('\n')).toBe(true);
  return response.text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as OpenDataRecord);
}

/** Follows Link rel="next" from the first page to the last; every page's records in order. */
async function walk(first: string): Promise<{ records: OpenDataRecord[]; pages: number }> {
  const records: OpenDataRecord[] = [];
  let next: string | null = first;
  let pages = 0;
  while (next) {
    const response: ApiResponse = await api(next);
    records.push(...lines(response));
    pages += 1;
    const link: string | null = response.headers.get('link');
    const cursor = response.headers.get('x-next-cursor');
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null : null;
    expect(cursor === null).toBe(next === null);
    if (cursor && next) expect(new URL(next, 'http://x').searchParams.get('cursor')).toBe(cursor);
    if (pages > 500) throw new Error('the cursor never ended');
  }
  return { records, pages };
}

describe('GET /open-data/artifacts', () => {
  test('needs no key and streams every public artifact once, as JSON Lines, in id order', async () => {
    const { records } = await walk('/open-data/artifacts?limit=5000');
    const ids = records.map((record) => record.id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of mine) expect(ids).toContain(id);
    expect(ids).not.toContain(hidden);
    // The same set as the database's public artifacts.
    const publicIds = (await (await artifactsCollection()).find({ moderation: { $exists: false } }, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc['_id']));
    expect(ids).toEqual(publicIds.sort());
  });

  test('each record carries the id, texts, the date read, place, rights, credit, image and page URL, and nothing private', async () => {
    const { records } = await walk('/open-data/artifacts?limit=5000');
    const dated = records.find((record) => record.id === mine[0]);
    // JSON Lines add every photo (the CSV, one row per record, carries the cover's alt text).
    expect(Object.keys(dated ?? {})).toEqual([...COLUMNS, 'images']);
    expect(dated).toEqual(
      expect.objectContaining({
        createdAt: '196 BC',
        dateStart: -196,
        dateEnd: -196,
        datePrecision: 'year',
        location: 'British Museum, London',
        place: 'United Kingdom',
        rights: DEFAULT_RIGHTS,
        credit: '',
        contributor: owner.name,
        image: 'https://images.example.org/artifacts/oil-lamp.webp',
        imageAlt: '',
        images: [],
      }),
    );
    expect(dated?.url).toMatch(new RegExp(`^https?://[^/]+/artifacts/${mine[0]}$`));
    const undated = records.find((record) => record.id === mine[2]);
    expect(undated).toEqual(expect.objectContaining({ createdAt: 'sometime', dateStart: null, dateEnd: null, datePrecision: null, dateQualifier: null }));
    expect(records.find((record) => record.id === tricky)).toEqual(
      expect.objectContaining({ rights: 'http://creativecommons.org/licenses/by-sa/4.0/', credit: '-Photo: a, "b"' }),
    );
    expect(JSON.stringify(records)).not.toContain(owner.email);
    expect(JSON.stringify(records)).not.toContain(owner.uid);
  });

  test('pages resumed by cursor concatenate to the whole set, without duplicates or gaps', async () => {
    const whole = lines(await api('/open-data/artifacts?limit=5000')).map((record) => record.id);
    expect(whole.length).toBeGreaterThanOrEqual(4);
    const limit = Math.max(1, Math.floor(whole.length / 4));
    const { records, pages } = await walk(`/open-data/artifacts?limit=${limit}`);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(records.map((record) => record.id)).toEqual(whole);
  });

  test('a page holds at most limit records; the last page names no next one', async () => {
    const first = await api('/open-data/artifacts?limit=2');
    expect(lines(first)).toHaveLength(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const last = await api('/open-data/artifacts?limit=5000');
    expect(last.headers.get('link')).toBeNull();
    expect(last.headers.get('x-next-cursor')).toBeNull();
    // Past the end: an empty page, no next.
    const lastId = lines(last).at(-1)?.id ?? '';
    const after = await api(`/open-data/artifacts?cursor=${Buffer.from(lastId).toString('base64url')}`);
    expect(lines(after)).toEqual([]);
    expect(after.headers.get('link')).toBeNull();
  });

  test('as CSV: a header row, RFC 4180 quoting that a CSV parser reads back, formula cells prefixed', async () => {
    const json = lines(await api('/open-data/artifacts?limit=5000'));
    const response = await api('/open-data/artifacts?limit=5000&format=csv');
    expectStatus(response, 200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    const rows = parse(response.text, { columns: true, relax_column_count: false }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual(COLUMNS);
    expect(rows.map((row) => row['id'])).toEqual(json.map((record) => record.id));
    const guard = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    for (const [index, record] of json.entries()) {
      const expected = Object.fromEntries(
        COLUMNS.map((column) => {
          const value = record[column as Exclude<keyof OpenDataRecord, 'images'>];
          return [column, value === null ? '' : typeof value === 'number' ? String(value) : guard(value)];
        }),
      );
      expect(rows[index]).toEqual(expected);
    }
    const row = rows.find((candidate) => candidate['id'] === tricky);
    expect(row?.['name']).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row?.['context']).toBe(`'+1 culture, "quoted"`);
    expect(row?.['shortDescription']).toBe('Line one,\r\nline "two"\nline three');
    expect(row?.['discoveredBy']).toBe(`'@team`);
    expect(row?.['credit']).toBe(`'-Photo: a, "b"`);
    // A BC year is a number, not a formula: no prefix.
    expect(rows.find((candidate) => candidate['id'] === mine[0])?.['dateStart']).toBe('-196');
  });

  test('CSV pages resume by the same cursor', async () => {
    const whole = (parse((await api('/open-data/artifacts?limit=5000&format=csv')).text, { columns: true }) as Record<string, string>[]).map((row) => row['id']);
    const ids: (string | undefined)[] = [];
    let path: string | null = '/open-data/artifacts?format=csv&limit=3';
    while (path) {
      const response: ApiResponse = await api(path);
      expectStatus(response, 200);
      ids.push(...(parse(response.text, { columns: true }) as Record<string, string>[]).map((row) => row['id']));
      path = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
      if (path) expect(path).toContain('format=csv');
    }
    expect(ids).toEqual(whole);
  });

  test.each([
    ['cursor=not-a-cursor!', /cursor is not valid/],
    [`cursor=${Buffer.from('hello').toString('base64url')}`, /cursor is not valid/],
    [`cursor=${'a'.repeat(65)}`, /cursor is not valid/],
    ['limit=0', /limit must be at least 1/],
    ['limit=5001', /limit must be at most 5000/],
    ['limit=abc', /limit must be a whole number/],
    ['format=xml', /format must be jsonl or csv/],
    ['cursor=a&cursor=b', /cursor must be a single text/],
  ])('?%s answers 400 with a message', async (query, message) => {
    const body = expectApiError(await api(`/open-data/artifacts?${query}`), 400);
    expect(body.message).toMatch(message);
  });
});
