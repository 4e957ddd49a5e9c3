// Walking an array of strings sorted in code-unit order (the text index's words).

/** The first index (from `low`) whose word is not before `word` in a sorted array. */
export function lowerBound(sorted: readonly string[], word: string, low = 0): number {
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function commonPrefixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index += 1;
  return index;
}

/** The first string after every string that begins with `prefix` (its last unit raised by one). */
export function successorOf(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}
