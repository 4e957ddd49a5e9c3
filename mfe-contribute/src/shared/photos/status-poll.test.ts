import { ApiRequestError, uploadStatus } from '@antiquarium/api-client';
import { waitUntilProcessed } from './status-poll';

// The api cannot run inside jest: its status call (the api-client boundary) answers as scripted, and
// the clock is jest's, so the waits between the looks can be checked.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  uploadStatus: jest.fn(),
}));
const status = jest.mocked(uploadStatus);
const processing = { id: 'up_12345678', state: 'processing', locationRemoved: false } as const;

beforeEach(() => {
  jest.useFakeTimers();
  status.mockReset();
});

afterEach(() => jest.useRealTimers());

test('looks at once, then after 1 s, backing off; a lost answer is asked again; ends when ready', async () => {
  status
    .mockResolvedValueOnce(processing)
    .mockRejectedValueOnce(new ApiRequestError('Could not reach Antiquarium. Check your connection and try again.', 0))
    .mockResolvedValueOnce(processing)
    .mockResolvedValueOnce({ ...processing, state: 'ready', locationRemoved: true });
  const done = waitUntilProcessed('up_12345678', new AbortController().signal);
  await jest.advanceTimersByTimeAsync(0);
  expect(status).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(999);
  expect(status).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(status).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(1500);
  expect(status).toHaveBeenCalledTimes(3);
  await jest.advanceTimersByTimeAsync(2250);
  await expect(done).resolves.toMatchObject({ state: 'ready', locationRemoved: true });
  expect(status).toHaveBeenCalledTimes(4);
});

test('a refusal ends the wait with the api’s message', async () => {
  status.mockRejectedValue(new ApiRequestError('This upload is not yours', 403));
  await expect(waitUntilProcessed('up_12345678', new AbortController().signal)).rejects.toMatchObject({ status: 403, message: 'This upload is not yours' });
});

test('stopping (the photo removed) ends the wait', async () => {
  status.mockResolvedValue(processing);
  const stop = new AbortController();
  const done = waitUntilProcessed('up_12345678', stop.signal);
  const outcome = expect(done).rejects.toMatchObject({ name: 'AbortError' });
  await jest.advanceTimersByTimeAsync(0);
  stop.abort();
  await outcome;
  await jest.advanceTimersByTimeAsync(10_000);
  expect(status).toHaveBeenCalledTimes(1);
});

test('gives up after three minutes of processing', async () => {
  status.mockResolvedValue(processing);
  const done = waitUntilProcessed('up_12345678', new AbortController().signal);
  const outcome = expect(done).rejects.toThrow('Processing is taking too long. Try again.');
  await jest.advanceTimersByTimeAsync(3 * 60_000 + 5000);
  await outcome;
});
