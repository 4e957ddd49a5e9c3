import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { likeCount, likesLabel } from './likes';
import { Pagination, readPage } from './pagination';

function renderPagination(page: number, nextPage: number | null, total = 60) {
  const element = <Pagination page={page} total={total} pageSize={24} nextPage={nextPage} hrefOf={(n) => ({ search: `?type=Tools&page=${n}` })} />;
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
}

test('likes read 0 when missing or broken, and agree in number', () => {
  expect([undefined, null, Number.NaN, -2, 0].map(likeCount)).toEqual([0, 0, 0, 0, 0]);
  expect([0, 1, 12].map(likesLabel)).toEqual(['0 likes', '1 like', '12 likes']);
});

test('pagination links keep the screen’s other choices, and says where the reader is', () => {
  renderPagination(2, 3);
  expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/?type=Tools&page=1');
  expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/?type=Tools&page=3');
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
});

test('the first and last pages offer no link past the ends; a single page shows no pagination', () => {
  renderPagination(3, null);
  expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  expect(screen.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  document.body.innerHTML = '';
  renderPagination(1, null, 5);
  expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
});

test('a page number in the URL counts only when it is a positive whole number', () => {
  expect(['?page=3', '?page=0', '?page=-1', '?page=2.5', '?page=x', ''].map((query) => readPage(new URLSearchParams(query)))).toEqual([3, 1, 1, 1, 1, 1]);
});
