import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';
import { likeCount, likesLabel } from './likes';
import { Pagination, readPage, usePagingFocus } from './pagination';

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

/** A paged list as the site's are: a spinner while a page loads; its heading drawn by the page around it (`outside`) or by itself. */
function PagedList({ outside }: { outside: boolean }) {
  const [params] = useSearchParams();
  const page = readPage(params);
  const heading = useRef<HTMLHeadingElement>(null);
  const [ready, setReady] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setReady(page), 50);
    return () => clearTimeout(timer);
  }, [page]);
  const loaded = ready === page;
  const paging = usePagingFocus<HTMLHeadingElement>(page, loaded, outside ? heading : undefined);
  return (
    <section>
      <h1 ref={outside ? heading : paging.target}>Finds</h1>
      {loaded ? (
        <>
          <p>Finds of page {page}</p>
          <Pagination page={page} total={72} pageSize={24} nextPage={page < 3 ? page + 1 : null} hrefOf={(n) => ({ search: `?page=${n}` })} onPage={paging.onPage} />
        </>
      ) : (
        <p>Loading…</p>
      )}
    </section>
  );
}

for (const outside of [false, true]) {
  test(`after Previous or Next the focus goes to the results' heading once the new page is shown, and Back leaves it be (${outside ? 'a heading given' : 'its own target'})`, async () => {
    const router = createMemoryRouter([{ path: '/', element: <PagedList outside={outside} /> }]);
    render(<RouterProvider router={router} />);
    const heading = screen.getByRole('heading', { name: 'Finds' });
    await screen.findByText('Finds of page 1');
    expect(heading).not.toHaveAttribute('tabindex');

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await screen.findByText('Finds of page 2');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    // By keyboard, as well.
    screen.getByRole('link', { name: 'Previous' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Finds of page 1');
    await waitFor(() => expect(heading).toHaveFocus());

    // Through history: the focus stays where it was put.
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    elsewhere.focus();
    await act(() => router.navigate(-1));
    await screen.findByText('Finds of page 2');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });
}
