import { startTransition, useEffect, useState } from 'react';

/**
 * A long list shown in two steps: its first `first` items with the data, the rest in a later task
 * (a transition, which React renders in slices that yield to the browser). A slow phone then never
 * builds and lays out a whole page of cards in one long task (a tap would wait for it). New items
 * start again from the first step. Returns the items to show and whether all of them are shown.
 * `shownAlready`: items the page already shows (a frame rendered on the server, docs/decisions/0010):
 * when they are the first items, all of them are shown at once, so that nothing on screen goes away.
 */
export function useProgressiveList<T>(items: readonly T[], first: number, shownAlready?: readonly T[]): { shown: readonly T[]; complete: boolean } {
  const [state, setState] = useState({ items, count: items === shownAlready ? items.length : first });
  if (state.items !== items) setState({ items, count: first });
  const count = state.items === items ? state.count : first;
  const complete = count >= items.length;

  useEffect(() => {
    if (complete) return;
    // After this step has painted: a task of its own, then a transition.
    const timer = setTimeout(() => startTransition(() => setState((current) => (current.items === items ? { items, count: items.length } : current))), 0);
    return () => clearTimeout(timer);
  }, [items, complete]);

  return { shown: complete ? items : items.slice(0, count), complete };
}
