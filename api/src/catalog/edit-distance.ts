/** How far apart two words are, for the suggestions of a search that found nothing. */

/**
 * Edit distance allowed per word when looking for a suggestion: none for words of one or two
 * letters, one for three or four, two from five (a swapped pair of letters counts two).
 */
export function suggestionDistance(term: string): number {
  if (term.length <= 2) return 0;
  return term.length <= 4 ? 1 : 2;
}

/** Levenshtein distance, to rank the library's fuzzy candidates for one word. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * Fills rows[depth], the edit distances from every prefix of `term` to a word's first `depth`
 * units (the last of them `unit`), from rows[depth - 1]. Returns the row's smallest value: once it
 * is over the limit, no word beginning so can come back under it.
 */
export function nextRow(rows: Int32Array[], depth: number, term: string, unit: number): number {
  const previous = rows[depth - 1] as Int32Array;
  let row = rows[depth];
  if (!row) rows[depth] = row = new Int32Array(term.length + 1);
  row[0] = depth;
  let smallest = depth;
  for (let j = 1; j <= term.length; j += 1) {
    const value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (term.charCodeAt(j - 1) === unit ? 0 : 1));
    row[j] = value;
    if (value < smallest) smallest = value;
  }
  return smallest;
}
