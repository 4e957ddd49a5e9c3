import { getArtifact, updateArtifact, uploadStatus } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import type { ArtifactImage } from '@antiquarium/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ada, ownArtifact, renderAt } from '@antiquarium/testing';
import { fakeUploader, photoFile } from '../../shared/photos/fake-uploader';
import { UploaderContext } from '../../shared/photos/uploader';
import UpdateArtifactPage from './update-artifact-page';

// Photos on the Update form (issue 42). The api cannot run inside jest: the api-client calls are
// replaced, and the uploader is a fake one played by the test (jsdom has no api to upload to; the
// real uploader is tested against a tus server on loopback in shared/photos/tus-uploader.test.ts).
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  getArtifact: jest.fn(),
  updateArtifact: jest.fn(),
  uploadStatus: jest.fn(),
}));
const get = jest.mocked(getArtifact);
const update = jest.mocked(updateArtifact);
const status = jest.mocked(uploadStatus);
// jsdom has no object URLs.
Object.assign(URL, { createObjectURL: (file: File) => `blob:test/${file.name}`, revokeObjectURL: () => undefined });

const ID = '64b0000000000000000000a1';

function image(id: string, alt: string, caption?: string): ArtifactImage {
  const url = `https://media.example.org/media/photos/${id}-960.jpg`;
  return { id, url, srcset: `${url} 960w`, sources: [], alt, width: 960, height: 720, placeholder: '', ...(caption ? { caption } : {}) };
}
const FRONT = image('photo-front', 'Front of the sickle');
const BACK = image('photo-back', 'Back of the sickle', 'The casting seam');

const control = (label: string) => screen.getByLabelText(label, { exact: true });
const photos = () => screen.queryAllByRole('listitem');
const photo = (number: number) => photos()[number - 1] as HTMLElement;
const save = () => screen.getByRole('button', { name: 'Save Changes' });

async function renderForm(images: ArtifactImage[], image = FRONT.url) {
  get.mockResolvedValue(ownArtifact({ _id: ID, image, images }));
  const uploader = fakeUploader();
  renderAt(
    '/update-artifact/:id',
    <UploaderContext value={uploader.start}>
      <UpdateArtifactPage />
    </UploaderContext>,
    { url: `/update-artifact/${ID}` },
  );
  await screen.findByRole('heading', { level: 1, name: 'Update Artifact' });
  return uploader;
}

async function confirmSave(user: UserEvent) {
  await user.click(save());
  await screen.findByRole('heading', { level: 2, name: 'Artifact Updated successfully!' });
}

beforeEach(() => {
  get.mockReset();
  update.mockReset();
  status.mockReset();
  status.mockImplementation(async (id) => ({ id, state: 'ready', locationRemoved: false }));
  update.mockResolvedValue({ modifiedCount: 1 });
  useAuthStore.setState({ user: ada, loading: false });
});

test('the form starts from the artifact’s photos, in order, with their texts; the address starts empty', async () => {
  await renderForm([FRONT, BACK]);
  expect(photos()).toHaveLength(2);
  expect(within(photo(1)).getByRole('img')).toHaveAttribute('src', FRONT.url);
  expect(within(photo(1)).getByText('Cover')).toBeInTheDocument();
  expect(within(photo(1)).getByLabelText('Alt text')).toHaveValue('Front of the sickle');
  expect(within(photo(2)).getByLabelText('Caption')).toHaveValue('The casting seam');
  expect(control('Image URL')).toHaveValue('');
  expect(save()).toBeDisabled();
});

test('reordering the kept photos sends them all as { id, alt, caption }, in the new order', async () => {
  const user = userEvent.setup();
  await renderForm([FRONT, BACK]);
  await user.click(within(photo(2)).getByRole('button', { name: 'Move up photo 2' }));
  expect(save()).toBeEnabled();
  await confirmSave(user);
  expect(update).toHaveBeenCalledWith(ID, {
    images: [
      { id: 'photo-back', alt: 'Back of the sickle', caption: 'The casting seam' },
      { id: 'photo-front', alt: 'Front of the sickle' },
    ],
  });
  // Read again after saving photos: the form goes on from what the api kept.
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
});

test('a new photo is sent after the kept ones as { upload, alt }; the kept ones as { id, alt }', async () => {
  const user = userEvent.setup();
  const uploader = await renderForm([FRONT]);
  await user.upload(control('Add photos'), photoFile('detail.jpg'));
  await act(async () => uploader.uploads[0]?.callbacks.onSuccess('upload-detail'));
  await user.type(within(photo(2)).getByLabelText('Alt text'), 'The hafting knob');
  await confirmSave(user);
  expect(update).toHaveBeenCalledWith(ID, {
    images: [
      { id: 'photo-front', alt: 'Front of the sickle' },
      { upload: 'upload-detail', alt: 'The hafting knob' },
    ],
  });
});

test('changing only a field leaves the photos alone', async () => {
  const user = userEvent.setup();
  await renderForm([FRONT]);
  await user.clear(control('Location'));
  await user.paste('Louvre, Paris');
  await confirmSave(user);
  expect(update).toHaveBeenCalledWith(ID, { location: 'Louvre, Paris' });
});

test('a kept photo’s alt text cannot be emptied: the save is refused with the message at the photo', async () => {
  const user = userEvent.setup();
  await renderForm([FRONT]);
  await user.clear(within(photo(1)).getByLabelText('Alt text'));
  await user.click(save());
  expect(document.getElementById('artifact-images')).toHaveTextContent('Photo 1: Every photo needs an alt text');
  expect(within(photo(1)).getByLabelText('Alt text')).toHaveAccessibleDescription(expect.stringContaining('Every photo needs an alt text'));
  expect(update).not.toHaveBeenCalled();
});

test('an artifact without photos keeps its address, and can change it as before', async () => {
  const user = userEvent.setup();
  await renderForm([], 'https://images.example.org/sickle.webp');
  expect(photos()).toHaveLength(0);
  expect(control('Image URL')).toHaveValue('https://images.example.org/sickle.webp');
  expect(save()).toBeDisabled();
  await user.clear(control('Image URL'));
  await user.paste('https://images.example.org/sickle-2.webp');
  await confirmSave(user);
  expect(update).toHaveBeenCalledWith(ID, { image: 'https://images.example.org/sickle-2.webp' });
});

test('removing every photo asks for the address instead', async () => {
  const user = userEvent.setup();
  await renderForm([FRONT]);
  await user.click(within(photo(1)).getByRole('button', { name: 'Remove photo 1' }));
  expect(save()).toBeEnabled();
  await user.click(save());
  expect(control('Image URL')).toHaveAccessibleDescription(expect.stringContaining('Image URL is required'));
  expect(update).not.toHaveBeenCalled();
  await user.paste('https://images.example.org/sickle.webp');
  await confirmSave(user);
  expect(update).toHaveBeenCalledWith(ID, { image: 'https://images.example.org/sickle.webp' });
});
