import { isAbortError } from './client';
import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';

export type ApiData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Loads data for a screen. `key` names the request: when it changes, the previous request is
 * aborted (so an old, slow answer never replaces a newer one) and the state is 'loading' again.
 * `initial`: the data the document already brought for the first key (a first page composed on the
 * server, docs/decisions/0010), read once, at mount: the first render shows it and nothing is asked.
 */
export function useApiData<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  onError?: (error: unknown) => void,
  initial?: () => T | undefined,
): ApiData<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [settled, setSettled] = useState<{ key: string; result: ApiData<T> } | null>(() => {
    const data = initial?.();
    return data === undefined ? null : { key: requestKey, result: { status: 'ready', data } };
  });
  // The key the document answered: its first load is not made.
  const answered = useRef(settled?.key ?? null);
  const run = useEffectEvent((signal: AbortSignal) => load(signal));
  const fail = useEffectEvent((error: unknown) => onError?.(error));

  useEffect(() => {
    // (Kept until the key changes: StrictMode runs this effect twice at mount, and both skip.)
    if (answered.current === requestKey) return undefined;
    answered.current = null;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        // A request replaced by a newer one must not overwrite the newer one's result.
        // A transition: React renders what the data brings (24 cards, say) in slices that yield to
        // the browser, instead of one long task that a tap would wait for.
        if (!controller.signal.aborted) startTransition(() => setSettled({ key: requestKey, result: { status: 'ready', data } }));
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setSettled({ key: requestKey, result: { status: 'error', error } });
        fail(error);
      },
    );
    return () => controller.abort();
  }, [requestKey]);

  const retry = () => setAttempt((value) => value + 1);
  const result: ApiData<T> = settled?.key === requestKey ? settled.result : { status: 'loading' };
  return { ...result, retry };
}
