import { ApiRequestError, getArtifact, toggleLike } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import ArtifactDetailsPage, { DETAILS_IMAGE_SIZES } from './artifact-details-page';
import { artifact, keptPhoto } from '@antiquarium/testing';

// The api cannot run inside jest: only the api-client module is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  getArtifact: jest.fn(),
  toggleLike: jest.fn(),
}));
const get = jest.mocked(getArtifact);
const toggle = jest.mocked(toggleLike);

const ada = { uid: 'u1', displayName: 'Ada', photoURL: null, email: 'ada@example.com', emailVerified: true };

function renderDetails(id = 'a1') {
  const router = createMemoryRouter([{ path: '/artifacts/:id', element: <ArtifactDetailsPage /> }], {
    initialEntries: [`/artifacts/${id}`],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  get.mockReset();
  toggle.mockReset();
  useAuthStore.setState({ user: ada, loading: false });
});

test('shows every field, with Unknown for a missing period or location', async () => {
  get.mockResolvedValue(
    artifact({
      _id: 'a1',
      name: 'Rosetta Stone',
      type: 'Writings',
      context: 'Ptolemaic Egypt',
      shortDescription: 'A decree in three scripts.',
      createdAt: '',
      location: '',
      discoveredAt: '1799',
      discoveredBy: 'Pierre-François Bouchard',
      likes: 7,
    }),
  );
  renderDetails();
  expect(await screen.findByRole('heading', { level: 1, name: 'Rosetta Stone' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('a1', expect.anything());
  // The tab names the artifact (issue 32).
  expect(document.title).toBe('Rosetta Stone | Antiquarium');
  expect(screen.getByText('7 likes')).toBeInTheDocument();
  const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  expect(value('Period')).toBe('Unknown');
  expect(value('Dated')).toBe('Undated');
  expect(value('Location')).toBe('Unknown');
  expect(value('Type')).toBe('Writings');
  expect(value('Context')).toBe('Ptolemaic Egypt');
  expect(value('Discovered At')).toBe('1799');
  expect(value('Discovered By')).toBe('Pierre-François Bouchard');
  const description = screen.getByRole('region', { name: 'Description' });
  expect(within(description).getByText('A decree in three scripts.')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Rosetta Stone' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to All Artifacts' })).toHaveAttribute('href', '/all-artifacts');
  expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
});

test('the date as written, and the range the server read from it', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', createdAt: 'c. 1360-1332 BC', dating: { start: -1380, end: -1312, precision: 'year', qualifier: 'circa' } }));
  renderDetails();
  await screen.findByRole('heading', { level: 1 });
  const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  expect(value('Period')).toBe('c. 1360-1332 BC');
  expect(value('Dated')).toBe('1380 BC - 1312 BC');
});

test('a range read from a round count back from the present is shown as years ago, not as calendar years it never had', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', createdAt: 'c. 1.8 million years ago', dating: { start: -1_978_051, end: -1_618_051, precision: 'more', qualifier: 'circa' } }));
  renderDetails();
  await screen.findByRole('heading', { level: 1 });
  const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  expect(value('Period')).toBe('c. 1.8 million years ago');
  expect(value('Dated')).toBe('1.98 - 1.62 million years ago');
});

test('like then unlike: count, button and messages follow the server', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', likes: 5, liked: false }));
  renderDetails();
  const button = await screen.findByRole('button', { name: 'Like' });
  expect(button).toHaveAttribute('aria-pressed', 'false');

  toggle.mockResolvedValueOnce({ liked: true, likes: 6 });
  await userEvent.click(button);
  expect(await screen.findByText('Artifact liked!')).toBeInTheDocument();
  expect(toggle).toHaveBeenCalledWith('a1');
  expect(screen.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('6 likes')).toBeInTheDocument();

  toggle.mockResolvedValueOnce({ liked: false, likes: 5 });
  await userEvent.click(screen.getByRole('button', { name: 'Liked' }));
  expect(await screen.findByText('Artifact disliked')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByText('5 likes')).toBeInTheDocument();
});

test('the initial state comes from the api’s liked field', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', likes: 1, liked: true }));
  renderDetails();
  expect(await screen.findByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('1 like')).toBeInTheDocument();
});

test('a signed-in answer without the liked state says "Could not fetch liked status"', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  get.mockResolvedValue(artifact({ _id: 'a1', likes: 2, liked: undefined }));
  renderDetails();
  expect(await screen.findByText('Could not fetch liked status')).toBeInTheDocument();
  expect(error).toHaveBeenCalled();
  expect(await screen.findByRole('button', { name: 'Like' })).toBeInTheDocument();
  error.mockRestore();
});

test('an answer with the liked state says nothing about it', async () => {
  // Toasts of earlier tests may still be on screen: the console shows whether this one complained.
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  get.mockResolvedValue(artifact({ _id: 'a1', likes: 2, liked: false }));
  renderDetails();
  await screen.findByRole('button', { name: 'Like' });
  expect(error).not.toHaveBeenCalled();
  error.mockRestore();
});

test('a failed toggle shows the api’s message and changes nothing', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', likes: 5 }));
  renderDetails();
  toggle.mockRejectedValueOnce(new ApiRequestError('Too many requests, try again in a minute', 429));
  await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
  expect(await screen.findByText('Too many requests, try again in a minute')).toBeInTheDocument();
  expect(screen.getByText('5 likes')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled();
});

test('a toggle failing without a message says "Failed to toggle like"', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1' }));
  renderDetails();
  toggle.mockRejectedValueOnce(new TypeError('undefined is not a function'));
  await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
  expect(await screen.findByText('Failed to toggle like')).toBeInTheDocument();
});

test('a signed-out user is warned and nothing is sent', async () => {
  useAuthStore.setState({ user: null, loading: false });
  get.mockResolvedValue(artifact({ _id: 'a1' }));
  renderDetails();
  await userEvent.click(await screen.findByRole('button', { name: 'Like' }));
  expect(await screen.findByText('Please log in to like artifacts')).toBeInTheDocument();
  expect(toggle).not.toHaveBeenCalled();
});

test('a missing artifact shows the 404 screen', async () => {
  get.mockRejectedValue(new ApiRequestError('Artifact not found', 404));
  renderDetails('nope');
  expect(await screen.findByRole('heading', { name: 'Lost in History?' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('Share copies the page link and confirms it', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1' }));
  const user = userEvent.setup();
  renderDetails();
  await user.click(await screen.findByRole('button', { name: 'Share' }));
  expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  expect(await navigator.clipboard.readText()).toBe(window.location.href);
});

test('the picture is the page’s LCP element: fetched at once with high priority, in every published width', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', name: 'Rosetta Stone', image: 'http://127.0.0.1:3000/media/rosetta-stone-960.webp', liked: false }));
  renderDetails();
  const image = await screen.findByRole('img', { name: 'Rosetta Stone' });
  expect(image).toHaveAttribute('fetchpriority', 'high');
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('sizes', DETAILS_IMAGE_SIZES);
  expect(image.getAttribute('srcset')?.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['320w', '480w', '640w', '800w', '960w', '1280w']);
  expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['960', '720']);
});

test('a member’s own image URL: the same priority, no srcset', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', name: 'Sickle', image: 'https://images.example.org/sickle.webp', liked: false }));
  renderDetails();
  const image = await screen.findByRole('img', { name: 'Sickle' });
  expect(image).toHaveAttribute('src', 'https://images.example.org/sickle.webp');
  expect(image).toHaveAttribute('fetchpriority', 'high');
  expect(image).not.toHaveAttribute('srcset');
  expect(image).not.toHaveAttribute('sizes');
});

test('kept photos: the first large as the LCP element, its caption under it, thumbnails that switch it; the rest of the page as before', async () => {
  const user = userEvent.setup();
  const photos = [keptPhoto({ alt: 'The stone’s inscribed face', caption: 'British Museum, EA 24.' }), keptPhoto({ alt: 'Its left side' })];
  get.mockResolvedValue(artifact({ _id: 'a1', name: 'Rosetta Stone', image: photos[0]?.url, images: photos, liked: false }));
  renderDetails();
  const figure = await screen.findByRole('figure');
  expect(figure.querySelector('figcaption')).toHaveTextContent('British Museum, EA 24.');
  const image = within(figure).getByRole('img', { name: 'The stone’s inscribed face' });
  expect(image).toHaveAttribute('fetchpriority', 'high');
  expect(image).toHaveAttribute('sizes', DETAILS_IMAGE_SIZES);
  expect([...figure.querySelectorAll('source')].map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);

  await user.click(screen.getByRole('button', { name: 'Photo 2 of 2: Its left side' }));
  expect(within(screen.getByRole('figure')).getByRole('img', { name: 'Its left side' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Photo 2 of 2: Its left side' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('heading', { level: 1, name: 'Rosetta Stone' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Description' })).toBeInTheDocument();
});

test('the rights statement is a badge linking it (rel="license"), with the credit line', async () => {
  get.mockResolvedValue(artifact({ _id: 'a1', name: 'Lewis Chessmen', liked: false, rights: 'http://creativecommons.org/licenses/by-sa/4.0/', credit: 'Photo: Rob Roy' }));
  renderDetails();
  const region = await screen.findByRole('region', { name: 'Rights' });
  const badge = within(region).getByRole('link', { name: 'CC BY-SA' });
  expect(badge).toHaveAttribute('href', 'http://creativecommons.org/licenses/by-sa/4.0/');
  expect(badge.getAttribute('rel')?.split(' ')).toContain('license');
  expect(within(region).getByText('Credit: Photo: Rob Roy')).toBeInTheDocument();
});

test('a public record links its IIIF manifest for viewers (drag and drop) and copies its address; a hidden one has none', async () => {
  const { configureApiClient } = jest.requireActual<typeof import('@antiquarium/api-client')>('@antiquarium/api-client');
  configureApiClient({ baseUrl: 'https://api.antiquarium.example/', getToken: async () => null });
  const manifest = 'https://api.antiquarium.example/iiif/3/artifacts/a1/manifest';
  get.mockResolvedValue(artifact({ _id: 'a1', name: 'Rosetta Stone' }));
  renderDetails();
  const link = await screen.findByRole('link', { name: 'IIIF manifest' });
  expect(link).toHaveAttribute('href', `${manifest}?manifest=${encodeURIComponent(manifest)}`);
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  await userEvent.click(screen.getByRole('button', { name: 'Copy IIIF address' }));
  expect(writeText).toHaveBeenCalledWith(manifest);

  get.mockResolvedValue(artifact({ _id: 'a2', name: 'Hidden Stone', moderation: 'restricted' }));
  renderDetails('a2');
  expect(await screen.findByRole('heading', { level: 1, name: 'Hidden Stone' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'IIIF manifest' })).toHaveLength(1);
});
