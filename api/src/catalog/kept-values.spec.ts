import { KeptValues } from './kept-values';

const keys = (kept: KeptValues<number[]>, all: string[]) => all.filter((key) => kept.get(key) !== undefined);

test('within the count, the oldest kept goes first', () => {
  const kept = new KeptValues<number[]>({ count: 2, weight: Infinity });
  kept.set('a', [1]);
  kept.set('b', [2]);
  kept.set('a', [3]);
  kept.set('c', [4]);
  // 'a' was set again after 'b': 'b' is the oldest.
  expect(keys(kept, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  expect(kept.get('a')).toEqual([3]);
});

test('within the weight, as many of the newest as fit; one heavier than the budget is kept alone', () => {
  const kept = new KeptValues<number[]>({ count: 10, weight: 5 }, (value) => value.length);
  kept.set('a', [1, 2]);
  kept.set('b', [1, 2]);
  expect(kept.held).toBe(4);
  kept.set('c', [1, 2]);
  expect(keys(kept, ['a', 'b', 'c'])).toEqual(['b', 'c']);
  expect(kept.held).toBe(4);
  kept.set('big', [1, 2, 3, 4, 5, 6, 7]);
  expect(keys(kept, ['a', 'b', 'c', 'big'])).toEqual(['big']);
  expect(kept.held).toBe(7);
  kept.set('d', [1]);
  expect(keys(kept, ['big', 'd'])).toEqual(['d']);
  expect(kept.held).toBe(1);
});

test('what is deleted, by key, by a test or all at once, no longer counts against the budget', () => {
  const kept = new KeptValues<number[]>({ count: 10, weight: 6 }, (value) => value.length);
  kept.set('a', [1, 2]);
  kept.set('b', [1, 2, 3]);
  kept.set('c', [1]);
  kept.delete('b');
  kept.delete('missing');
  expect(kept.held).toBe(3);
  kept.deleteWhere((value) => value.length === 1);
  expect(keys(kept, ['a', 'b', 'c'])).toEqual(['a']);
  expect([kept.size, kept.held]).toEqual([1, 2]);
  kept.set('d', [1, 2, 3, 4]);
  expect(keys(kept, ['a', 'd'])).toEqual(['a', 'd']);
  kept.clear();
  expect([kept.size, kept.held]).toEqual([0, 0]);
});

test('a value changed in place is weighed again, and counts against the budget from then on', () => {
  const kept = new KeptValues<number[]>({ count: 10, weight: 6 }, (list) => list.length);
  const grown = [1, 2];
  kept.set('a', grown);
  kept.set('b', [1, 2]);
  grown.push(3, 4);
  kept.reweigh('a');
  kept.reweigh('gone');
  expect(kept.held).toBe(6);
  expect([...kept.entries()].map(([key]) => key)).toEqual(['a', 'b']);
  // Over the budget: the oldest goes first.
  kept.set('c', [1]);
  expect([...kept.entries()].map(([key]) => key)).toEqual(['b', 'c']);
  expect(kept.held).toBe(3);
});
