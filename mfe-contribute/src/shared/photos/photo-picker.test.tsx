import { uploadStatus } from '@antiquarium/api-client';
import type { ArtifactImage } from '@antiquarium/contracts';
import { act, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeUploader, photoFile } from './fake-uploader';
import { PHOTO_DRAG_TYPE } from './photo-item';
import { PhotoPicker } from './photo-picker';
import { PHOTO_TEXTS } from './photo-texts';
import { UploaderContext } from './uploader';
import { usePhotos } from './use-photos';

// The api cannot run inside jest: only its status call is replaced (the api-client boundary), and
// the uploader is a fake one played by the test (jsdom has no api to upload to; the real uploader
// is tested against a tus server on loopback in tus-uploader.test.ts).
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  uploadStatus: jest.fn(),
}));
const status = jest.mocked(uploadStatus);

// jsdom has no object URLs (nothing to preview there): each file is named by one, and revoked.
const createObjectURL = jest.fn((file: File) => `blob:test/${file.name}`);
const revokeObjectURL = jest.fn();
Object.assign(URL, { createObjectURL, revokeObjectURL });

function Harness({ images = [] }: { images?: ArtifactImage[] }) {
  const photos = usePhotos(images);
  return <PhotoPicker photos={photos} summaryId="artifact-images" />;
}

function renderPicker(images?: ArtifactImage[]) {
  const uploader = fakeUploader();
  render(
    <UploaderContext value={uploader.start}>
      <Harness images={images} />
    </UploaderContext>,
  );
  return uploader;
}

const input = () => screen.getByLabelText('Add photos');
const items = () => screen.queryAllByRole('listitem');
const titles = () => items().map((item) => item.querySelector('legend')?.textContent);

beforeEach(() => {
  status.mockReset();
  status.mockImplementation(async (id) => ({ id, state: 'ready', locationRemoved: false }));
});

test('the file input takes the four types, several at once, with a visible label and hint', () => {
  renderPicker();
  expect(input()).toHaveAttribute('type', 'file');
  expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
  expect(input()).toHaveAttribute('multiple');
  expect(input()).not.toHaveAttribute('capture');
  expect(input()).toHaveAccessibleDescription(PHOTO_TEXTS.hint);
  expect(screen.getByText('Add photos', { selector: 'label' })).toBeVisible();
  expect(screen.getByText('or drop photos here')).toBeInTheDocument();
});

test('a picked photo uploads with its own progress, then "Processing…", then is ready with its preview', async () => {
  const user = userEvent.setup();
  let answer: (value: Awaited<ReturnType<typeof uploadStatus>>) => void = () => undefined;
  status.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  const uploader = renderPicker();
  await user.upload(input(), photoFile('amphora.jpg'));
  expect(uploader.uploads.map((upload) => upload.file.name)).toEqual(['amphora.jpg']);
  const item = items()[0] as HTMLElement;
  expect(within(item).getByRole('img', { name: 'Preview of photo 1' })).toHaveAttribute('src', 'blob:test/amphora.jpg');
  expect(within(item).getByText('Uploading…')).toBeInTheDocument();
  act(() => uploader.uploads[0]?.callbacks.onProgress(512, 2048));
  expect(within(item).getByRole('progressbar', { name: 'Upload of photo 1' })).toHaveAttribute('aria-valuenow', '25');
  act(() => uploader.uploads[0]?.callbacks.onSuccess('upload-0001'));
  expect(within(item).getByText('Processing…')).toBeInTheDocument();
  expect(within(item).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(status).toHaveBeenCalledWith('upload-0001', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  await act(async () => answer({ id: 'upload-0001', state: 'ready', locationRemoved: true }));
  expect(within(item).getByText('Ready')).toBeInTheDocument();
  expect(within(item).getByText('A location (GPS) was found in this photo and removed.')).toHaveAttribute('role', 'status');
});

test('an oversized file and a file of another type are refused at once, by name and why; the others are taken', async () => {
  // applyAccept off: a file dropped on the page (or picked with "All files") is not filtered by `accept`.
  const user = userEvent.setup({ applyAccept: false });
  const uploader = renderPicker();
  await user.upload(input(), [photoFile('huge.png', 'image/png', 26 * 1024 * 1024), photoFile('notes.pdf', 'application/pdf'), photoFile('ok.webp', 'image/webp')]);
  expect(screen.getByText('“huge.png” is larger than 25 MB, so it was not added.')).toBeInTheDocument();
  expect(screen.getByText('“notes.pdf” is not a JPEG, PNG, WebP or AVIF image, so it was not added.')).toBeInTheDocument();
  expect(screen.getByText('“huge.png” is larger than 25 MB, so it was not added.').closest('[role="alert"]')).not.toBeNull();
  expect(uploader.uploads.map((upload) => upload.file.name)).toEqual(['ok.webp']);
  expect(items()).toHaveLength(1);
});

test('at most 8 photos: the ninth is refused by name', async () => {
  const user = userEvent.setup();
  renderPicker();
  await user.upload(input(), Array.from({ length: 9 }, (_, index) => photoFile(`p${index + 1}.jpg`)));
  expect(items()).toHaveLength(8);
  expect(screen.getByText('“p9.jpg” was not added: an artifact has at most 8 photos.')).toBeInTheDocument();
});

test('photos dropped on the section are taken like picked ones', () => {
  const uploader = renderPicker();
  const section = screen.getByRole('group', { name: 'Photos' });
  const files = [photoFile('dropped.avif', 'image/avif')];
  fireEvent.dragOver(section, { dataTransfer: { types: ['Files'], files } });
  fireEvent.drop(section, { dataTransfer: { types: ['Files'], files } });
  expect(uploader.uploads.map((upload) => upload.file.name)).toEqual(['dropped.avif']);
});

test('reordering by keyboard: "Move up" moves the photo, the first is the Cover, the move is announced and the focus stays', async () => {
  const user = userEvent.setup();
  renderPicker();
  await user.upload(input(), [photoFile('front.jpg'), photoFile('back.jpg')]);
  expect(titles()).toEqual(['Photo 1 Cover', 'Photo 2']);
  const up = screen.getByRole('button', { name: 'Move up photo 2' });
  up.focus();
  await user.keyboard('{Enter}');
  expect(items().map((item) => within(item).getByRole('img').getAttribute('src'))).toEqual(['blob:test/back.jpg', 'blob:test/front.jpg']);
  expect(titles()).toEqual(['Photo 1 Cover', 'Photo 2']);
  expect(screen.getByText('Photo 2 moved to position 1')).toHaveAttribute('aria-live', 'polite');
  // The same button, now photo 1's: at the top it says so (aria-disabled) but keeps the focus.
  expect(screen.getByRole('button', { name: 'Move up photo 1' })).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Move up photo 1' })).toHaveAttribute('aria-disabled', 'true');
  await user.click(screen.getByRole('button', { name: 'Move down photo 1' }));
  expect(items().map((item) => within(item).getByRole('img').getAttribute('src'))).toEqual(['blob:test/front.jpg', 'blob:test/back.jpg']);
  expect(screen.getByText('Photo 1 moved to position 2')).toBeInTheDocument();
});

test('reordering by pointer: a photo dragged onto another takes its place', async () => {
  const user = userEvent.setup();
  renderPicker();
  await user.upload(input(), [photoFile('a.jpg'), photoFile('b.jpg'), photoFile('c.jpg')]);
  const data = new Map<string, string>();
  const dataTransfer = {
    types: [] as string[],
    setData: (type: string, value: string) => (data.set(type, value), dataTransfer.types.push(type)),
    getData: (type: string) => data.get(type) ?? '',
  };
  const thumb = (index: number) => items()[index]?.querySelector('[draggable="true"]') as HTMLElement;
  fireEvent.dragStart(thumb(2), { dataTransfer });
  const over = createEvent.dragOver(items()[0] as HTMLElement, { dataTransfer });
  fireEvent(items()[0] as HTMLElement, over);
  expect(over.defaultPrevented).toBe(true);
  fireEvent.drop(items()[0] as HTMLElement, { dataTransfer });
  expect(data.has(PHOTO_DRAG_TYPE)).toBe(true);
  expect(items().map((item) => within(item).getByRole('img').getAttribute('src'))).toEqual(['blob:test/c.jpg', 'blob:test/a.jpg', 'blob:test/b.jpg']);
  expect(screen.getByText('Photo 3 moved to position 1')).toBeInTheDocument();
});

test('removing a photo stops its upload, frees its preview, says so, and moves the focus to the next photo, then to the picker', async () => {
  const user = userEvent.setup();
  const uploader = renderPicker();
  await user.upload(input(), [photoFile('a.jpg'), photoFile('b.jpg')]);
  await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
  expect(uploader.uploads[0]?.aborted).toBe(true);
  expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/a.jpg');
  expect(screen.getByText('Photo 1 removed')).toBeInTheDocument();
  expect(items()).toHaveLength(1);
  expect(items()[0]).toHaveFocus();
  expect(items()[0]).toHaveAccessibleName('Photo 1 Cover');
  await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
  expect(items()).toHaveLength(0);
  expect(input()).toHaveFocus();
});

test('a refused upload shows the api’s message, and "Try again" sends the file again', async () => {
  const user = userEvent.setup();
  const uploader = renderPicker();
  await user.upload(input(), photoFile('big.jpg'));
  act(() => uploader.uploads[0]?.callbacks.onError('You have used your 200 MB of photos'));
  const item = items()[0] as HTMLElement;
  expect(within(item).getByRole('alert')).toHaveTextContent('You have used your 200 MB of photos');
  await user.click(within(item).getByRole('button', { name: 'Try again photo 1' }));
  expect(uploader.uploads).toHaveLength(2);
  expect(uploader.uploads[1]?.file.name).toBe('big.jpg');
  expect(within(item).getByText('Uploading…')).toBeInTheDocument();
});

test('a photo the api could not use shows its reason', async () => {
  const user = userEvent.setup();
  status.mockResolvedValueOnce({ id: 'upload-0002', state: 'failed', reason: 'This file is not a photo we can read', locationRemoved: false });
  const uploader = renderPicker();
  await user.upload(input(), photoFile('odd.jpg'));
  await act(async () => uploader.uploads[0]?.callbacks.onSuccess('upload-0002'));
  expect(await screen.findByText('This file is not a photo we can read')).toHaveAttribute('role', 'alert');
  expect(screen.getByRole('button', { name: 'Try again photo 1' })).toBeInTheDocument();
});

test('alt text is labelled and hinted; a caption over its limit says so at once, linked to its field', async () => {
  const user = userEvent.setup();
  renderPicker();
  await user.upload(input(), photoFile('a.jpg'));
  const alt = screen.getByLabelText('Alt text');
  expect(alt).toBeRequired();
  expect(alt).toHaveAccessibleDescription('What a blind visitor should hear');
  await user.type(alt, 'x');
  await user.clear(alt);
  expect(alt).toHaveAttribute('aria-invalid', 'true');
  expect(alt).toHaveAccessibleDescription('What a blind visitor should hear Every photo needs an alt text');
  const caption = screen.getByLabelText('Caption');
  expect(caption).not.toBeRequired();
  await user.click(caption);
  await user.paste('c'.repeat(301));
  expect(caption).toHaveAccessibleDescription(expect.stringContaining('Caption must be at most 300 characters'));
});

test('no control is disabled while a photo uploads', async () => {
  const user = userEvent.setup();
  renderPicker();
  await user.upload(input(), [photoFile('a.jpg'), photoFile('b.jpg')]);
  for (const button of screen.getAllByRole('button')) expect(button).toBeEnabled();
  expect(input()).toBeEnabled();
});

test('leaving the form stops every upload still running', async () => {
  const user = userEvent.setup();
  const uploader = fakeUploader();
  const { unmount } = render(
    <UploaderContext value={uploader.start}>
      <Harness />
    </UploaderContext>,
  );
  await user.upload(input(), [photoFile('a.jpg'), photoFile('b.jpg')]);
  unmount();
  expect(uploader.uploads.map((upload) => upload.aborted)).toEqual([true, true]);
  expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/a.jpg');
  expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/b.jpg');
});
