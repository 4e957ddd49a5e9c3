import { createArtifact, uploadStatus } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { DEFAULT_RIGHTS } from '@antiquarium/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ada, artifactInput, renderAt } from '@antiquarium/testing';
import { fakeUploader, photoFile } from '../../shared/photos/fake-uploader';
import { UploaderContext } from '../../shared/photos/uploader';
import AddArtifactPage from './add-artifact-page';
import { ADD_LEAVE_TEXTS } from './add-artifact-texts';

// Photos on the Add form (issue 42). The api cannot run inside jest: the api-client calls are
// replaced, and the uploader is a fake one played by the test (jsdom has no api to upload to; the
// real uploader is tested against a tus server on loopback in shared/photos/tus-uploader.test.ts).
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  createArtifact: jest.fn(),
  uploadStatus: jest.fn(),
}));
const create = jest.mocked(createArtifact);
const status = jest.mocked(uploadStatus);
// jsdom has no object URLs.
Object.assign(URL, { createObjectURL: (file: File) => `blob:test/${file.name}`, revokeObjectURL: () => undefined });

const control = (label: string) => screen.getByLabelText(label, { exact: true });
const photo = (number: number) => screen.getAllByRole('listitem').find((item) => item.querySelector('legend')?.textContent?.startsWith(`Photo ${number}`)) as HTMLElement;
const submit = () => screen.getByRole('button', { name: 'Add Artifact' });

/** Every field but the picture's. */
async function fillFields(user: UserEvent) {
  const input = artifactInput();
  const fields = { Name: input.name, Context: input.context, 'Short description': input.shortDescription, 'Created at': input.createdAt, 'Discovered at': input.discoveredAt, 'Discovered by': input.discoveredBy, Location: input.location };
  await user.selectOptions(control('Type'), input.type);
  for (const [label, value] of Object.entries(fields)) {
    await user.click(control(label));
    await user.paste(value);
  }
}

function renderPage() {
  const uploader = fakeUploader();
  const router = renderAt(
    '/add-artifact',
    <UploaderContext value={uploader.start}>
      <AddArtifactPage />
    </UploaderContext>,
    { url: '/add-artifact' },
  );
  return Object.assign(uploader, { router });
}

/** Ends upload `index` as the api would: complete, then processed. */
async function finish(uploader: ReturnType<typeof fakeUploader>, index: number, id: string) {
  await act(async () => uploader.uploads[index]?.callbacks.onSuccess(id));
}

beforeEach(() => {
  localStorage.clear();
  create.mockReset();
  status.mockReset();
  status.mockImplementation(async (id) => ({ id, state: 'ready', locationRemoved: false }));
  useAuthStore.setState({ user: ada, loading: false });
});

test('the photos come first and the address second; the address is not required while there are photos', async () => {
  const user = userEvent.setup();
  renderPage();
  expect(screen.getByRole('group', { name: 'Photos' })).toBeInTheDocument();
  expect(screen.getByText('or paste an image address')).toBeInTheDocument();
  expect(control('Image URL')).toBeRequired();
  await user.upload(control('Add photos'), photoFile('a.jpg'));
  expect(control('Image URL')).not.toBeRequired();
  expect(control('Image URL')).toHaveAccessibleDescription(expect.stringContaining('Photos are added above, so this address will not be used.'));
  // The address's own preview is still there for the second way in.
  expect(screen.getByText('Enter an image URL to see a preview.')).toBeInTheDocument();
});

test('the submit is refused, with a message, while a photo is uploading, and then until it has an alt text; nothing is sent', async () => {
  const user = userEvent.setup();
  const uploader = renderPage();
  await fillFields(user);
  await user.upload(control('Add photos'), photoFile('a.jpg'));
  await user.click(submit());
  const summary = document.getElementById('artifact-images') as HTMLElement;
  expect(summary).toHaveTextContent('Photo 1 is still uploading.');
  expect(summary).toHaveTextContent('The form can be sent once every photo is ready and has an alt text.');
  await waitFor(() => expect(summary).toHaveFocus());
  expect(submit()).toBeEnabled();
  await finish(uploader, 0, 'upload-0001');
  // Kept current as the photos change: now only the alt text is missing.
  expect(summary).toHaveTextContent('Photo 1: Every photo needs an alt text');
  expect(within(photo(1)).getByLabelText('Alt text')).toHaveAttribute('aria-invalid', 'true');
  await user.click(submit());
  expect(create).not.toHaveBeenCalled();
  await user.type(within(photo(1)).getByLabelText('Alt text'), 'A bronze sickle, blade up');
  expect(document.getElementById('artifact-images')).toBeNull();
  create.mockResolvedValue({ insertedId: '64b0000000000000000000ff' });
  await user.click(submit());
  expect(create).toHaveBeenCalledTimes(1);
});

test('the form sends the photos in the order shown, with their alt texts and captions, and no address', async () => {
  const user = userEvent.setup();
  const uploader = renderPage();
  await fillFields(user);
  // An address typed before the photos were added is not sent with them (the api takes one or the other).
  await user.type(control('Image URL'), 'https://example.org/old.png');
  await user.upload(control('Add photos'), [photoFile('front.jpg'), photoFile('back.jpg')]);
  await finish(uploader, 0, 'upload-front');
  await finish(uploader, 1, 'upload-back');
  await user.type(within(photo(1)).getByLabelText('Alt text'), 'Front of the sickle');
  await user.type(within(photo(2)).getByLabelText('Alt text'), '  Back of the sickle ');
  await user.type(within(photo(2)).getByLabelText('Caption'), 'The casting seam');
  await user.click(within(photo(2)).getByRole('button', { name: 'Move up photo 2' }));
  create.mockResolvedValue({ insertedId: '64b0000000000000000000ff' });
  await user.click(submit());
  const { image: _address, ...fields } = artifactInput();
  expect(create).toHaveBeenCalledWith({
    ...fields,
    rights: DEFAULT_RIGHTS,
    credit: '',
    images: [
      { upload: 'upload-back', alt: 'Back of the sickle', caption: 'The casting seam' },
      { upload: 'upload-front', alt: 'Front of the sickle' },
    ],
  });
  // Added: the form starts empty again, photos included.
  await screen.findByRole('heading', { name: 'Artifact added' });
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
});

test('the api’s word on the photos shows at the picker and takes the focus', async () => {
  const user = userEvent.setup();
  const uploader = renderPage();
  await fillFields(user);
  await user.upload(control('Add photos'), photoFile('a.jpg'));
  await finish(uploader, 0, 'upload-0001');
  await user.type(screen.getByLabelText('Alt text'), 'A sickle');
  const { ApiRequestError } = jest.requireActual<typeof import('@antiquarium/api-client')>('@antiquarium/api-client');
  create.mockRejectedValue(new ApiRequestError('Photo 1: This upload has expired', 400, { images: 'Photo 1: This upload has expired' }));
  await user.click(submit());
  await waitFor(() => expect(document.getElementById('artifact-images')).toHaveTextContent('Photo 1: This upload has expired'));
  expect(document.getElementById('artifact-images')).toHaveFocus();
});

test('photos are not kept in the draft: leaving with some asks first, and Stay keeps them', async () => {
  const user = userEvent.setup();
  const { router } = renderPage();
  await user.upload(control('Add photos'), photoFile('a.jpg'));
  act(() => void router.navigate('/my-artifacts'));
  const question = await screen.findByRole('dialog');
  expect(question).toHaveTextContent(ADD_LEAVE_TEXTS.title);
  expect(question).toHaveTextContent(ADD_LEAVE_TEXTS.text);
  await user.click(within(question).getByRole('button', { name: ADD_LEAVE_TEXTS.stay }));
  expect(router.state.location.pathname).toBe('/add-artifact');
  expect(photo(1)).toBeInTheDocument();
});
