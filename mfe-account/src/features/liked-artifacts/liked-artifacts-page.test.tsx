import { ApiRequestError, likedArtifacts } from '@antiquarium/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIKED_IMAGE_SIZES } from './liked-artifact-card';
import LikedArtifactsPage, { LIKED_PAGE_SIZE } from './liked-artifacts-page';
import { ada, artifact, artifactPage, fakeAuth, findToast, renderAt } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client's call is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  likedArtifacts: jest.fn(),
}));
const liked = jest.mocked(likedArtifacts);

beforeEach(() => {
  liked.mockReset();
  fakeAuth({ user: ada });
});

const renderLiked = (url = '/liked-artifacts') => renderAt('/liked-artifacts', <LikedArtifactsPage />, { url });

test('a loading indicator, then a card per liked artifact opening its details', async () => {
  let answer: ((value: ReturnType<typeof artifactPage>) => void) | undefined;
  liked.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  renderLiked();
  expect(screen.getByRole('status')).toHaveTextContent('Loading liked artifacts…');
  answer?.(
    artifactPage([
      artifact({ _id: 'a1', name: 'Rosetta Stone', shortDescription: 'A decree in three scripts.', likes: 12 }),
      artifact({ _id: 'a2', name: 'Clay tablet', likes: 1 }),
    ]),
  );
  const cards = await screen.findAllByRole('article');
  expect(cards).toHaveLength(2);
  const [first] = cards;
  if (!first) throw new Error('no card');
  expect(within(first).getByRole('heading', { name: 'Rosetta Stone' })).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'Rosetta Stone' })).toHaveAttribute('href', '/artifacts/a1');
  expect(within(first).getByText('A decree in three scripts.')).toBeInTheDocument();
  expect(within(first).getByText('12 likes')).toBeInTheDocument();
  expect(first.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/media/'));
  expect(screen.getByText('1 like')).toBeInTheDocument();
  expect(liked).toHaveBeenCalledWith({ page: 1, limit: LIKED_PAGE_SIZE }, expect.anything());
});

test("the empty text: \"You haven't liked any artifacts yet.\"", async () => {
  liked.mockResolvedValue(artifactPage([]));
  renderLiked();
  expect(await screen.findByText("You haven't liked any artifacts yet.")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse All Artifacts' })).toHaveAttribute('href', '/all-artifacts');
});

test('a failure: the toast "Could not fetch liked artifacts." and a retry', async () => {
  liked.mockRejectedValueOnce(new ApiRequestError('Service unavailable', 503));
  liked.mockResolvedValueOnce(artifactPage([artifact({ name: 'Bronze mirror' })]));
  renderLiked();
  expect(await findToast('Could not fetch liked artifacts.')).toBeInTheDocument();
  expect(screen.getByText('Your liked artifacts could not be loaded.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('link', { name: 'Bronze mirror' })).toBeInTheDocument();
});

test('paged: Previous and Next follow the api’s pages', async () => {
  liked.mockResolvedValue(artifactPage([artifact()], { total: 30, page: 2, pageSize: 24, nextPage: null }));
  const router = renderLiked('/liked-artifacts?page=2');
  expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
  expect(liked).toHaveBeenCalledWith({ page: 2, limit: LIKED_PAGE_SIZE }, expect.anything());
  expect(screen.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  await userEvent.click(screen.getByRole('link', { name: 'Previous' }));
  await waitFor(() => expect(router.state.location.search).toBe(''));
});

test('images: the first card’s is fetched at once with high priority, the rest of the first row eager, the others lazy', async () => {
  liked.mockResolvedValue(artifactPage([1, 2, 3, 4].map((n) => artifact({ name: `Liked ${n}` }))));
  renderLiked();
  await screen.findByRole('link', { name: 'Liked 1' });
  const images = screen.getAllByRole('article').map((card) => card.querySelector('img'));
  expect(images.map((image) => [image?.getAttribute('loading'), image?.getAttribute('fetchpriority')])).toEqual([
    ['eager', 'high'],
    ['eager', null],
    ['eager', null],
    ['lazy', null],
  ]);
  for (const image of images) {
    expect(image).toHaveAttribute('sizes', LIKED_IMAGE_SIZES);
    expect(image?.getAttribute('srcset')).toMatch(/-320\.webp 320w, .*-960\.webp 960w$/);
  }
});

test('after Previous or Next the focus goes to the list’s heading once the new page is shown', async () => {
  liked.mockImplementation(async ({ page = 1 } = {}) => artifactPage([artifact({ name: `Liked on page ${page}` })], { total: 30, page, pageSize: 24, nextPage: page < 2 ? 2 : null }));
  renderLiked();
  await screen.findByText('Page 1 of 2');
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await screen.findByRole('link', { name: 'Liked on page 2' });
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Liked Artifacts' })).toHaveFocus());
});
