/**
 * Search tokens: the lower-cased, accent-free words of a name and every prefix of each word, kept
 * in an indexed array field so that search is an index lookup instead of a regex over every name.
 * A query matches a name when each of its words starts one of the name's words.
 */
export const MAX_TOKEN_LENGTH = 24;

export function normaliseText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function searchWords(text: string): string[] {
  return normaliseText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export function searchTokens(name: string): string[] {
  const tokens = new Set<string>();
  for (const word of searchWords(name)) {
    const capped = word.slice(0, MAX_TOKEN_LENGTH);
    for (let end = 1; end <= capped.length; end += 1) tokens.add(capped.slice(0, end));
  }
  return [...tokens];
}

/**
 * The key names are sorted by: case and accents folded, as a person reads an index ('Mästermyr'
 * sorts as 'Mastermyr', between 'Mask' and 'Mold'), which is what MongoDB's collation would do;
 * FerretDB has no collation, so the key is stored beside the name.
 */
export function nameSortKey(name: string): string {
  return normaliseText(name).trim();
}

/** The words of a query as tokens to look up (each capped like the stored ones). */
export function queryTokens(query: string): string[] {
  return [...new Set(searchWords(query).map((word) => word.slice(0, MAX_TOKEN_LENGTH)))];
}
