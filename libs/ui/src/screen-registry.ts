import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * The components of one kind on screen, with a value each, in the order they came; the first one
 * speaks for all (the router takes one blocker; one verification notice is enough). Module state
 * shared by every front end: @antiquarium/ui is a singleton.
 */
export function screenRegistry<T>() {
  const entries = new Map<number, T>();
  const listeners = new Set<() => void>();
  let lastId = 0;

  const changed = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  /** Puts the calling component on the list with `value` while it is mounted; true while it is the first. */
  function useEntry(value: T): boolean {
    const [id] = useState(() => (lastId += 1));
    // Layout effects: the list is current before any event handler of the new render runs.
    useLayoutEffect(() => {
      entries.set(id, value);
      changed();
    }, [id, value]);
    useLayoutEffect(
      () => () => {
        entries.delete(id);
        changed();
      },
      [id],
    );
    return useSyncExternalStore(
      subscribe,
      () => entries.keys().next().value === id,
      // Nothing is on the list while rendering on the server (or hydrating what it rendered).
      () => false,
    );
  }

  return { useEntry, values: () => entries.values(), size: () => entries.size };
}
