/**
 * @jest-environment ../../tooling/jest/jsdom-environment.cjs
 */
import { act, renderHook, waitFor } from '@testing-library/react';
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
