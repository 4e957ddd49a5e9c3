import { getArtifactFacets, listArtifacts } from '@antiquarium/api-client';
import { ALL_ARTIFACTS_IMAGE_SIZES, type ArtifactFacets } from '@antiquarium/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import AllArtifactsPage from './all-artifacts-page';
import { artifact, artifactPage } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client module is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  listArtifacts: jest.fn(),
  getArtifactFacets: jest.fn(),
}));
const list = jest.mocked(listArtifacts);
const facets = jest.mocked(getArtifactFacets);

const FACETS: ArtifactFacets = {
  total: 7,
  types: [
    { value: 'Tools', count: 2 },
    { value: 'Weapons', count: 3 },
    { value: 'Documents', count: 0 },
    { value: 'Writings', count: 2 },
    { value: 'Others', count: 0 },
  ],
  eras: [
    { value: 'prehistory', from: -10_000_000, to: -3001, count: 1 },
    { value: 'ancient', from: -3000, to: 500, count: 4 },
    { value: 'medieval', from: 501, to: 1500, count: 2 },
    { value: 'early-modern', from: 1501, to: 1800, count: 0 },
    { value: 'modern', from: 1801, to: 9999, count: 0 },
  ],
  centuries: [
    { from: -1400, count: 2 },
    { from: -200, count: 1 },
    { from: 1301, count: 3 },
  ],
  places: [
    { value: 'United Kingdom', count: 4 },
    { value: 'Egypt', count: 2 },
  ],
  didYouMean: null,
};

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/all-artifacts', element: <AllArtifactsPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const lastParams = () => list.mock.calls[list.mock.calls.length - 1]?.[0];

beforeEach(() => {
  list.mockReset();
  facets.mockReset();
  facets.mockResolvedValue(FACETS);
});

test('reads its filters from the URL and sends them to the server', async () => {
  list.mockResolvedValue(artifactPage([artifact({ name: 'Iron sword', type: 'Weapons' })]));
  renderAt('/all-artifacts?type=Weapons&sort=likes&search=iron');
  expect(await screen.findByRole('heading', { name: 'Iron sword' })).toBeInTheDocument();
  expect(lastParams()).toEqual({ type: 'Weapons', sort: 'likes', search: 'iron', page: 1 });
  expect(screen.getByLabelText('Type')).toHaveValue('Weapons');
  expect(screen.getByLabelText('Sort By')).toHaveValue('likes');
  expect(screen.getByLabelText('Search')).toHaveValue('iron');
});

test('offers the spec’s types and sort options', async () => {
  list.mockResolvedValue(artifactPage([]));
  renderAt('/all-artifacts');
  const type = screen.getByLabelText('Type');
  expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'All Types',
    'Tools',
    'Weapons',
    'Documents',
    'Writings',
    'Others',
  ]);
  const sort = screen.getByLabelText('Sort By');
  expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Name A-Z',
    'Latest',
    'Oldest',
    'Most Liked',
    'Era: earliest first',
    'Era: latest first',
  ]);
  // The spec's labels, and what the date sorts order by, read with the select (issue 32).
  expect(sort).toHaveAccessibleDescription('Latest, Oldest: by date added. Era: by age.');
  expect(await screen.findByText('No artifacts match your criteria.')).toBeInTheDocument();
});

test('changing type, sort and search updates the URL and asks the server again', async () => {
  list.mockResolvedValue(artifactPage([artifact()]));
  const router = renderAt('/all-artifacts?page=2');
  await screen.findByRole('heading', { level: 2 });

  await userEvent.selectOptions(screen.getByLabelText('Type'), 'Documents');
  await waitFor(() => expect(router.state.location.search).toBe('?type=Documents'));
  await waitFor(() => expect(lastParams()).toEqual({ type: 'Documents', sort: 'name', search: undefined, page: 1 }));

  await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'latest');
  await waitFor(() => expect(router.state.location.search).toBe('?type=Documents&sort=latest'));

  await userEvent.type(screen.getByLabelText('Search'), '  scroll ');
  expect(router.state.location.search).toBe('?type=Documents&sort=latest');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(router.state.location.search).toBe('?search=scroll&type=Documents&sort=latest'));
  await waitFor(() => expect(lastParams()).toEqual({ type: 'Documents', sort: 'latest', search: 'scroll', page: 1 }));

  await userEvent.selectOptions(screen.getByLabelText('Type'), '');
  await waitFor(() => expect(router.state.location.search).toBe('?search=scroll&sort=latest'));
});

test('shows a spinner while searching, then the cards', async () => {
  let answer: ((value: ReturnType<typeof artifactPage>) => void) | undefined;
  list.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderAt('/all-artifacts?search=mask');
  expect(screen.getByText('Searching…')).toBeInTheDocument();
  answer?.(artifactPage([artifact({ name: 'Golden mask' })]));
  expect(await screen.findByRole('heading', { name: 'Golden mask' })).toBeInTheDocument();
  expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  expect(screen.getByText('1 artifact found')).toBeInTheDocument();
});

test('pages reach every artifact and keep the filters', async () => {
  list.mockResolvedValue(artifactPage([artifact()], { total: 50, page: 1, pageSize: 24, nextPage: 2 }));
  const router = renderAt('/all-artifacts?type=Tools');
  expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await waitFor(() => expect(router.state.location.search).toBe('?type=Tools&page=2'));
  await waitFor(() => expect(lastParams()).toEqual({ type: 'Tools', sort: 'name', search: undefined, page: 2 }));
  // The pressed link went with the old page: focus is on the new page's count, not the body.
  await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('status'));
  expect(document.activeElement?.textContent).toBe('50 artifacts found');
});

test('the refine drawer ends with "Show N results", which closes it and goes back to the results', async () => {
  list.mockResolvedValue(artifactPage([artifact()], { total: 12, page: 1, pageSize: 24, nextPage: null }));
  renderAt('/all-artifacts');
  const toggle = await screen.findByRole('button', { name: 'Filters' });
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(await screen.findByRole('button', { name: 'Show 12 results' }));
  expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
  expect(document.activeElement?.getAttribute('role')).toBe('status');
  expect(document.activeElement?.textContent).toBe('12 artifacts found');
});

test('a page past the last says so and leads back to the first page, keeping the choices', async () => {
  list.mockResolvedValue(artifactPage([], { total: 67, page: 99, pageSize: 24, nextPage: null }));
  renderAt('/all-artifacts?type=Tools&page=99');
  expect(await screen.findByText('No artifacts match your criteria.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/all-artifacts?type=Tools');
});

test('an empty first page has no such link', async () => {
  list.mockResolvedValue(artifactPage([], { total: 0, page: 1, pageSize: 24, nextPage: null }));
  renderAt('/all-artifacts?type=Tools');
  expect(await screen.findByText('No artifacts match your criteria.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Go to the first page' })).toBeNull();
});

test('moving between pages through history leaves focus alone', async () => {
  list.mockResolvedValue(artifactPage([artifact()], { total: 50, page: 1, pageSize: 24, nextPage: 2 }));
  const router = renderAt('/all-artifacts?type=Tools');
  expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  await act(() => router.navigate('/all-artifacts?type=Tools&page=2'));
  await waitFor(() => expect(lastParams()).toMatchObject({ page: 2 }));
  expect(await screen.findByText('50 artifacts found')).toBeInTheDocument();
  expect(document.activeElement).toBe(document.body);
});

test('a failed list shows the "Failed to fetch artifacts" toast', async () => {
  list.mockRejectedValue(new Error('boom'));
  renderAt('/all-artifacts');
  expect(await screen.findByText('Failed to fetch artifacts')).toBeInTheDocument();
  expect(screen.getByText('The artifacts could not be loaded.')).toBeInTheDocument();
});

describe('refining by time and place, with counts', () => {
  // Queries stay inside the refine panel: the whole page is large for jsdom's role queries.
  const panel = async () => (await screen.findByText('Refine')).closest('aside') as HTMLElement;

  test('every choice shows its count, types too (the select keeps the spec’s texts)', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    renderAt('/all-artifacts');
    expect(await within(await panel()).findByRole('button', { name: 'Ancient 4 artifacts' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(await panel()).getByRole('button', { name: 'United Kingdom 4 artifacts' })).toBeInTheDocument();
    expect(within(await panel()).getByRole('button', { name: 'Weapons 3 artifacts' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Type')).getByRole('option', { name: 'Weapons' })).toBeInTheDocument();
    expect(within(await panel()).getByRole('button', { name: '14th century BC: 2 artifacts' })).toBeInTheDocument();
    expect(facets).toHaveBeenCalledWith(expect.objectContaining({ search: undefined, type: undefined }), expect.anything());
  });

  test('a choice is named by what it shows, then the word (WCAG 2.5.3 label in name)', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    renderAt('/all-artifacts');
    const ancient = await within(await panel()).findByRole('button', { name: 'Ancient 4 artifacts' });
    expect(ancient).not.toHaveAttribute('aria-label');
    // What is seen: the text without the visually hidden word, which the name begins with.
    const seen = Array.from(ancient.childNodes)
      .filter((node) => !(node instanceof HTMLElement && node.classList.contains('aq-visually-hidden')))
      .map((node) => node.textContent)
      .join('');
    expect(seen).toBe('Ancient 4');
    expect(within(await panel()).getByRole('button', { name: 'Prehistory 1 artifact' })).toBeInTheDocument();
  });

  test('each choice names the list it leads to, the one its press shows (the composed page opens it before the code has come)', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    const router = renderAt('/all-artifacts?search=bronze&type=Weapons&page=2');
    const inPanel = async () => within(await panel());
    const leadsTo = (button: HTMLElement) => button.getAttribute('data-aq-leads-to');
    // A type taken away, an era and a place added: the rest of the query kept, back to the first page.
    expect(leadsTo(await (await inPanel()).findByRole('button', { name: 'Weapons 3 artifacts' }))).toBe('?search=bronze');
    expect(leadsTo((await inPanel()).getByRole('button', { name: 'Ancient 4 artifacts' }))).toBe('?search=bronze&type=Weapons&from=-3000&to=500');
    expect(leadsTo((await inPanel()).getByRole('button', { name: 'United Kingdom 4 artifacts' }))).toBe('?search=bronze&type=Weapons&place=United+Kingdom');
    const ancient = (await inPanel()).getByRole('button', { name: 'Ancient 4 artifacts' });
    const expected = leadsTo(ancient);
    await userEvent.click(ancient);
    await waitFor(() => expect(router.state.location.search).toBe(expected));
  });

  test('a choice that would find nothing cannot be chosen, unless chosen already (to take it away)', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    const router = renderAt('/all-artifacts');
    const modern = await within(await panel()).findByRole('button', { name: 'Modern 0 artifacts' });
    expect(modern).toBeDisabled();
    await userEvent.click(modern);
    expect(router.state.location.search).toBe('');
    expect(within(await panel()).getByRole('button', { name: 'Documents 0 artifacts' })).toBeDisabled();
    expect(within(await panel()).getByRole('button', { name: 'Ancient 4 artifacts' })).toBeEnabled();
  });

  test('a chosen choice whose count fell to 0 stays pressable, and pressing it takes it away', async () => {
    list.mockResolvedValue(artifactPage([]));
    const router = renderAt('/all-artifacts?type=Documents');
    const documents = await within(await panel()).findByRole('button', { name: 'Documents 0 artifacts' });
    expect(documents).toHaveAttribute('aria-pressed', 'true');
    expect(documents).toBeEnabled();
    await userEvent.click(documents);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  test('an era, then years, then a type: the URL holds each choice and the server gets them', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    const router = renderAt('/all-artifacts');
    await userEvent.click(await within(await panel()).findByRole('button', { name: /^Ancient/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=-3000&to=500'));
    await waitFor(() => expect(lastParams()).toMatchObject({ from: -3000, to: 500 }));
    expect(within(await panel()).getByRole('button', { name: /^Ancient/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From year')).toHaveValue('3000');
    expect(screen.getByLabelText('From year: BC or AD')).toHaveValue('BC');

    await userEvent.clear(screen.getByLabelText('From year'));
    await userEvent.type(screen.getByLabelText('From year'), '1400');
    await userEvent.clear(screen.getByLabelText('To year'));
    await userEvent.type(screen.getByLabelText('To year'), '1300');
    await userEvent.selectOptions(screen.getByLabelText('To year: BC or AD'), 'BC');
    await userEvent.click(screen.getByRole('button', { name: 'Apply years' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=-1400&to=-1300'));

    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Writings');
    await waitFor(() => expect(router.state.location.search).toBe('?type=Writings&from=-1400&to=-1300'));
    await waitFor(() => expect(lastParams()).toMatchObject({ type: 'Writings', from: -1400, to: -1300, sort: 'name' }));
  });

  test('a year that is not one is explained, and nothing changes', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    const router = renderAt('/all-artifacts');
    await userEvent.type(await screen.findByLabelText('From year'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Apply years' }));
    expect(await screen.findByText('Enter a year from 1 to 9999, or leave it empty.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  test('the timeline chooses a century by keyboard, and Shift+arrow widens the choice', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    const router = renderAt('/all-artifacts');
    const first = await within(await panel()).findByRole('button', { name: '14th century BC: 2 artifacts' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(await panel()).getByRole('button', { name: '2nd century BC: 1 artifact' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?from=-200&to=-101'));
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await waitFor(() => expect(router.state.location.search).toBe('?from=-200&to=1400'));
    expect(within(await panel()).getByRole('button', { name: '14th century: 3 artifacts' })).toHaveFocus();
  });

  test('active filters are chips that remove themselves, and Clear all removes every one', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    const router = renderAt('/all-artifacts?search=axe&type=Tools&from=-3000&to=500&place=Egypt');
    // The page's chips as they are now (the group is drawn anew as the query changes): each named by
    // its text first (WCAG 2.5.3), then what it does.
    const expectChips = (names: string[]) => {
      const buttons = within(screen.getByRole('group', { name: 'Active filters' })).getAllByRole('button');
      expect(buttons).toHaveLength(names.length);
      buttons.forEach((button, index) => expect(button).toHaveAccessibleName(names[index]));
    };
    await screen.findByRole('group', { name: 'Active filters' });
    expectChips(['“axe” (remove filter)', 'Tools (remove filter)', 'Ancient (remove filter)', 'Egypt (remove filter)', 'Clear all']);
    for (const chip of within(screen.getByRole('group', { name: 'Active filters' })).getAllByRole('button')) {
      expect(chip).not.toHaveAttribute('aria-label');
    }
    // Each click changes the URL, and then the page: awaited on the page itself, not the router.
    await userEvent.click(screen.getByRole('button', { name: 'Ancient (remove filter)' }));
    await waitFor(() => expectChips(['“axe” (remove filter)', 'Tools (remove filter)', 'Egypt (remove filter)', 'Clear all']));
    expect(router.state.location.search).toBe('?search=axe&type=Tools&place=Egypt');
    await userEvent.click(screen.getByRole('button', { name: 'Egypt (remove filter)' }));
    await waitFor(() => expectChips(['“axe” (remove filter)', 'Tools (remove filter)', 'Clear all']));
    expect(router.state.location.search).toBe('?search=axe&type=Tools');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Active filters' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  test('a search that found nothing offers the suggestion as a link to that search', async () => {
    list.mockResolvedValue(artifactPage([], { didYouMean: 'rosetta stone' }));
    const router = renderAt('/all-artifacts?search=roseta+stnoe');
    const link = await screen.findByRole('link', { name: 'rosetta stone' });
    expect(link.closest('p')).toHaveTextContent('Did you mean rosetta stone?');
    list.mockResolvedValue(artifactPage([artifact({ name: 'Rosetta Stone' })]));
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?search=rosetta+stone'));
    expect(await screen.findByRole('heading', { name: 'Rosetta Stone' })).toBeInTheDocument();
  });

  test('a failed facets call leaves the list as it is', async () => {
    facets.mockRejectedValue(new Error('boom'));
    list.mockResolvedValue(artifactPage([artifact({ name: 'Iron sword' })]));
    renderAt('/all-artifacts');
    expect(await screen.findByRole('heading', { name: 'Iron sword' })).toBeInTheDocument();
    expect(within(await panel()).getByRole('button', { name: 'Ancient' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch artifacts')).not.toBeInTheDocument();
  });

  test('on a phone the refine panel opens and closes as a drawer from its button', async () => {
    list.mockResolvedValue(artifactPage([artifact()]));
    renderAt('/all-artifacts');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'refine-panel');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('.cat-refine')).toHaveClass('cat-refine--open');
  });
});

test('images: the first card’s is the LCP candidate (high priority, never lazy), the rest of the first row eager, the others lazy', async () => {
  const items = [1, 2, 3, 4, 5].map((n) => artifact({ name: `Piece ${n}` }));
  items.push(artifact({ name: 'Foreign photo', image: 'https://images.example.org/photo.jpg' }));
  list.mockResolvedValue(artifactPage(items));
  renderAt('/all-artifacts');
  await screen.findByRole('heading', { name: 'Piece 1' });
  const image = (name: string) => screen.getByRole('img', { name });

  expect(image('Piece 1')).toHaveAttribute('fetchpriority', 'high');
  expect(image('Piece 1')).toHaveAttribute('loading', 'eager');
  for (const name of ['Piece 2', 'Piece 3']) {
    expect(image(name)).toHaveAttribute('loading', 'eager');
    expect(image(name)).not.toHaveAttribute('fetchpriority');
  }
  for (const name of ['Piece 4', 'Piece 5', 'Foreign photo']) {
    expect(image(name)).toHaveAttribute('loading', 'lazy');
    expect(image(name)).toHaveAttribute('decoding', 'async');
    expect(image(name)).not.toHaveAttribute('fetchpriority');
  }
  expect(document.querySelectorAll('img[fetchpriority="high"]')).toHaveLength(1);

  // The api's images in every card width (up to 960 px), sized as the grid shows them.
  const first = image('Piece 1');
  expect(first.getAttribute('srcset')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/media\/artifact-\d+-320\.webp 320w, .*-960\.webp 960w$/);
  expect(first.getAttribute('srcset')).not.toContain('1280w');
  expect(first).toHaveAttribute('sizes', ALL_ARTIFACTS_IMAGE_SIZES);
  expect(first).toHaveAttribute('width', '960');
  expect(first).toHaveAttribute('height', '720');
  // A member's own URL is used as it is.
  expect(image('Foreign photo')).toHaveAttribute('src', 'https://images.example.org/photo.jpg');
  expect(image('Foreign photo')).not.toHaveAttribute('srcset');
  expect(image('Foreign photo')).toHaveAttribute('width', '960');
  expect(image('Foreign photo')).toHaveAttribute('height', '720');
});
