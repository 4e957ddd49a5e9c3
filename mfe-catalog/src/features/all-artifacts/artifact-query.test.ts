import { DEFAULT_QUERY, readQuery, writeQuery } from './artifact-query';

test('the plain list has the plain URL', () => {
  expect(readQuery(new URLSearchParams(''))).toEqual(DEFAULT_QUERY);
  expect(writeQuery(DEFAULT_QUERY).toString()).toBe('');
});

test('type, sort, search and page survive a round trip through the URL', () => {
  const query = { type: 'Weapons', sort: 'likes', search: 'iron sword', page: 3 } as const;
  const url = writeQuery(query).toString();
  expect(url).toBe('type=Weapons&sort=likes&search=iron+sword&page=3');
  expect(readQuery(new URLSearchParams(url))).toEqual(query);
});

test('hand-edited values fall back to the defaults', () => {
  expect(readQuery(new URLSearchParams('type=Spaceships&sort=random&page=-2&search=%20%20'))).toEqual(DEFAULT_QUERY);
  expect(readQuery(new URLSearchParams('page=2.5')).page).toBe(1);
  expect(readQuery(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(100);
});
