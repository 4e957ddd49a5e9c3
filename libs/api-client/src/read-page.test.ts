import { PAGE_HEADERS } from '@antiquarium/contracts';
import { readPage } from './read-page';

const items = ['a', 'b', 'c'];

test('reads every page fact from its header', () => {
  const headers = new Headers({
    [PAGE_HEADERS.total]: '61',
    [PAGE_HEADERS.page]: '2',
    [PAGE_HEADERS.pageSize]: '24',
    [PAGE_HEADERS.nextPage]: '3',
  });
  expect(readPage(items, headers)).toEqual({ items, total: 61, page: 2, pageSize: 24, nextPage: 3 });
});

test('without headers: the items are the whole list, on page 1, and there is no next page', () => {
  expect(readPage(items, new Headers())).toEqual({ items, total: 3, page: 1, pageSize: 3, nextPage: null });
});

test('without headers the page and page size asked for are kept', () => {
  expect(readPage(items, new Headers(), { page: 4, pageSize: 10 })).toEqual({ items, total: 3, page: 4, pageSize: 10, nextPage: null });
});

test('a blank or non-numeric header counts as absent', () => {
  const headers = new Headers({ [PAGE_HEADERS.total]: ' ', [PAGE_HEADERS.page]: 'two', [PAGE_HEADERS.nextPage]: 'Infinity' });
  expect(readPage(items, headers, { page: 2 })).toEqual({ items, total: 3, page: 2, pageSize: 3, nextPage: null });
});

test('the headers win over the fallback, and 0 is a number', () => {
  const headers = new Headers({ [PAGE_HEADERS.total]: '0', [PAGE_HEADERS.page]: '1', [PAGE_HEADERS.pageSize]: '12' });
  expect(readPage([], headers, { page: 5, pageSize: 10 })).toEqual({ items: [], total: 0, page: 1, pageSize: 12, nextPage: null });
});
