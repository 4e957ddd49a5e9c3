/**
 * A log that tells each message at most once a minute: a dependency that fails fails every visit, and
 * one line a minute says so as well as one per visit.
 */
export function onceAMinute(log: ((message: string) => void) | undefined, now: () => number): (message: string) => void {
  const told = new Map<string, number>();
  return (message) => {
    const at = now();
    if ((told.get(message) ?? -Infinity) > at - 60_000) return;
    told.set(message, at);
    log?.(message);
  };
}
