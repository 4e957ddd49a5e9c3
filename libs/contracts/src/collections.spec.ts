import { collectionPagePath, MAX_COLLECTION_ITEMS } from './collections';
import { firstPageCalls, firstPageOf } from './first-page';
import { validateCollectionInput, validateCollectionItems, validateCollectionUpdate } from './collections-validation';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('collection validation', () => {
  it('accepts a title and visibility, trims texts', () => {
    expect(validateCollectionInput({ title: '  Bronze  ', visibility: 'public' })).toEqual({ ok: true, value: { title: 'Bronze', visibility: 'public' } });
  });

  it('names the field that is wrong', () => {
    const missing = validateCollectionInput({ visibility: 'secret' });
    expect(missing).toMatchObject({ ok: false, fields: { title: 'Title is required', visibility: expect.stringContaining('public, private') } });
    expect(validateCollectionInput({ title: 'a\u202Eb', visibility: 'public' })).toMatchObject({ ok: false, fields: { title: expect.stringContaining('reading direction') } });
    expect(validateCollectionInput({ title: 'x'.repeat(121), visibility: 'public' })).toMatchObject({ ok: false, fields: { title: 'Title must be at most 120 characters' } });
    expect(validateCollectionInput({ title: 'x', visibility: 'public', ownerUid: 'me' })).toMatchObject({ ok: false, fields: { ownerUid: 'Unknown field' } });
    expect(validateCollectionInput([])).toMatchObject({ ok: false, message: 'Send a JSON object' });
  });

  it('an update needs one known field', () => {
    expect(validateCollectionUpdate({})).toMatchObject({ ok: false, message: 'Send at least one field to update' });
    expect(validateCollectionUpdate({ visibility: 'private' })).toEqual({ ok: true, value: { visibility: 'private' } });
  });

  it('items: order kept, notes default to empty, each field named by its place', () => {
    expect(validateCollectionItems([{ artifactId: id(2), note: ' why ' }, { artifactId: id(1) }])).toEqual({
      ok: true,
      value: [
        { artifactId: id(2), note: 'why' },
        { artifactId: id(1), note: '' },
      ],
    });
    expect(validateCollectionItems([{ artifactId: id(1) }, { artifactId: id(1) }])).toMatchObject({ ok: false, fields: { 'items[1].artifactId': 'This artifact is already in the list' } });
    expect(validateCollectionItems([{ artifactId: 'nope' }])).toMatchObject({ ok: false, message: 'items[0].artifactId: Artifact is not a valid id' });
    expect(validateCollectionItems([{ artifactId: id(1), note: '\u0000' }])).toMatchObject({ ok: false, fields: { 'items[0].note': 'Note contains invalid characters' } });
    expect(validateCollectionItems([{ artifactId: id(1), $where: 1 }])).toMatchObject({ ok: false, fields: { 'items[0].$where': 'Unknown field' } });
    expect(validateCollectionItems({ items: [] })).toMatchObject({ ok: false, fields: { items: 'Send a list of items' } });
    const tooMany = Array.from({ length: MAX_COLLECTION_ITEMS + 1 }, (_, n) => ({ artifactId: id(n + 1) }));
    expect(validateCollectionItems(tooMany)).toMatchObject({ ok: false, fields: { items: `A collection holds at most ${MAX_COLLECTION_ITEMS} artifacts` } });
    expect(validateCollectionItems(tooMany.slice(1))).toMatchObject({ ok: true });
  });
});

test("a collection's page path is its share link, and the first page's table finds the same id in it", () => {
  expect(collectionPagePath(id(1))).toBe(`/collections/${id(1)}`);
  expect(collectionPagePath('a/b?c')).toBe('/collections/a%2Fb%3Fc');
  expect(firstPageOf(collectionPagePath(id(7)))?.expose).toBe('./Collection');
  expect(firstPageCalls(collectionPagePath(id(7)), '')).toEqual([{ path: `collections/${id(7)}`, query: {} }]);
});
