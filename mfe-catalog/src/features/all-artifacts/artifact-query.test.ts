import { centuryLabel, DEFAULT_QUERY, effectiveSort, rangeLabel, readQuery, writeQuery, type ArtifactQuery } from './artifact-query';

test('the plain list has the plain URL', () => {
  expect(readQuery(new URLSearchParams(''))).toEqual(DEFAULT_QUERY);
  expect(writeQuery(DEFAULT_QUERY).toString()).toBe('');
});

test('every choice survives a round trip through the URL', () => {
  const query: ArtifactQuery = { type: 'Weapons', sort: 'likes', search: 'iron sword', from: -1400, to: -1301, within: true, place: 'Egypt', page: 3 };
  const url = writeQuery(query).toString();
  expect(url).toBe('search=iron+sword&type=Weapons&from=-1400&to=-1301&within=true&place=Egypt&sort=likes&page=3');
  expect(readQuery(new URLSearchParams(url))).toEqual(query);
});

test('the sort follows the search: best match while searching unless another is chosen, never without a search', () => {
  expect(effectiveSort({ sort: null, search: 'rosetta' })).toBe('relevance');
  expect(effectiveSort({ sort: null, search: '' })).toBe('name');
  expect(effectiveSort({ sort: 'relevance', search: '' })).toBe('name');
  expect(effectiveSort({ sort: 'era-asc', search: 'rosetta' })).toBe('era-asc');
  // The default is not written; name is written while searching (it is not the default then).
  expect(writeQuery({ ...DEFAULT_QUERY, search: 'x', sort: 'relevance' }).toString()).toBe('search=x');
  expect(writeQuery({ ...DEFAULT_QUERY, search: 'x', sort: 'name' }).toString()).toBe('search=x&sort=name');
  expect(writeQuery({ ...DEFAULT_QUERY, sort: 'name' }).toString()).toBe('');
});

test('hand-edited values fall back to the defaults', () => {
  expect(readQuery(new URLSearchParams('type=Spaceships&sort=random&page=-2&search=%20%20&from=0&to=abc&within=true'))).toEqual(DEFAULT_QUERY);
  expect(readQuery(new URLSearchParams('page=2.5')).page).toBe(1);
  expect(readQuery(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(100);
  expect(readQuery(new URLSearchParams('from=500&to=-500'))).toMatchObject({ from: -500, to: 500 });
});

test('ranges and centuries read as people write them', () => {
  expect(rangeLabel({ from: -3000, to: 500 })).toBe('Ancient');
  expect(rangeLabel({ from: -1400, to: -1301 })).toBe('1400 BC - 1301 BC');
  expect(rangeLabel({ from: 1066, to: null })).toBe('from 1066');
  expect(centuryLabel(-1400)).toBe('14th century BC');
  expect(centuryLabel(-100)).toBe('1st century BC');
  expect(centuryLabel(1)).toBe('1st century AD');
  expect(centuryLabel(1001)).toBe('11th century');
  expect(centuryLabel(1901)).toBe('20th century');
  expect(centuryLabel(2001)).toBe('21st century');
});
