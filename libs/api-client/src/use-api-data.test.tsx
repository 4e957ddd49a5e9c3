/**
 * @jest-environment ../../tooling/jest/jsdom-environment.cjs
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { useApiData } from './use-api-data';

test('goes from loading to ready with the loaded data', async () => {
  const { result } = renderHook(() => useApiData('a', async () => 42));
  expect(result.current.status).toBe('loading');
  await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 42 }));
});

test('reports a failure, and retry loads again', async () => {
  let calls = 0;
  const onError = jest.fn();
  const { result } = renderHook(() =>
    useApiData(
      'b',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        return 'back';
      },
      onError,
    ),
  );
  await waitFor(() => expect(result.current.status).toBe('error'));
  expect(onError).toHaveBeenCalledTimes(1);
  act(() => result.current.retry());
  await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'back' }));
});

test('a new key aborts the old request, whose late answer never shows', async () => {
  const signals: AbortSignal[] = [];
  let resolveFirst: (value: string) => void = () => undefined;
  const { result, rerender } = renderHook(({ key }: { key: string }) =>
    useApiData(key, (signal) => {
      signals.push(signal);
      if (key === 'first') return new Promise<string>((resolve) => (resolveFirst = resolve));
      return Promise.resolve('second answer');
    }),
    { initialProps: { key: 'first' } },
  );
  await waitFor(() => expect(signals).toHaveLength(1));
  rerender({ key: 'second' });
  await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'second answer' }));
  expect(signals[0]?.aborted).toBe(true);
  await act(async () => {
    resolveFirst('first answer');
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(result.current).toMatchObject({ status: 'ready', data: 'second answer' });
});

describe('with the data the document brought (initial)', () => {
  test('the first render shows the data, with no loading state, and nothing is loaded', async () => {
    const load = jest.fn(async () => 'from the api');
    const initial = jest.fn(() => 'from the document');
    const statuses: string[] = [];
    const { result, rerender } = renderHook(() => {
      const data = useApiData('home', load, undefined, initial);
      statuses.push(data.status);
      return data;
    });
    expect(statuses[0]).toBe('ready');
    expect(result.current).toMatchObject({ status: 'ready', data: 'from the document' });
    rerender();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(statuses).not.toContain('loading');
    expect(result.current).toMatchObject({ status: 'ready', data: 'from the document' });
    expect(load).not.toHaveBeenCalled();
    // Read once, at mount.
    expect(initial).toHaveBeenCalledTimes(1);
  });

  test('only the first key is answered: a new key loads, and so does a retry', async () => {
    const load = jest.fn(async (_signal: AbortSignal) => 'loaded');
    const { result, rerender } = renderHook(({ key }: { key: string }) => useApiData(key, load, undefined, () => 'from the document'), {
      initialProps: { key: 'first' },
    });
    expect(result.current).toMatchObject({ status: 'ready', data: 'from the document' });
    rerender({ key: 'second' });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'loaded' }));
    expect(load).toHaveBeenCalledTimes(1);

    rerender({ key: 'first' });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'loaded' }));
  });

  test('in StrictMode (effects run twice at mount) the document’s answer is still not loaded again', async () => {
    const load = jest.fn(async () => 'from the api');
    const { result } = renderHook(() => useApiData('home', load, undefined, () => 'from the document'), { wrapper: StrictMode });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'ready', data: 'from the document' });
  });

  test('retry after the document’s answer asks the api', async () => {
    const load = jest.fn(async (_signal: AbortSignal) => 'fresh');
    const { result } = renderHook(() => useApiData('home', load, undefined, () => 'from the document'));
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.retry());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'fresh' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a document without the answer (initial gives undefined) loads as before', async () => {
    const load = jest.fn(async (_signal: AbortSignal) => 42);
    const { result } = renderHook(() => useApiData('c', load, undefined, () => undefined));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 42 }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('falsy data is data: 0, null and an empty list are shown without a load', async () => {
    for (const value of [0, null, [] as unknown[]]) {
      const load = jest.fn(async () => value);
      const { result, unmount } = renderHook(() => useApiData<unknown>('falsy', load, undefined, () => value));
      expect(result.current).toMatchObject({ status: 'ready', data: value });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(load).not.toHaveBeenCalled();
      unmount();
    }
  });
});
