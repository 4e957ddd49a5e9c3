import { ANONYMOUS_KEY, nameKey } from './name-key';

// Each pair reads as the same name to a person looking at a card or at Top Contributors.
const SAME: Array<[string, string, string]> = [
  ['case and spacing', 'Eleanor Hartley', 'eleanor  HARTLEY'],
  ['accents', 'Rene Dubois', 'René Dubois'],
  ['punctuation', 'Mary-Ann O’Neil', 'Mary Ann ONeil'],
  ['a Cyrillic a', 'Ada Lovelace', 'Аda Lovelace'],
  ['a Greek omicron and rho', 'Paul Root', 'Ρaul Rοot'],
  ['a digit zero for an o', 'Tom Jones', 'T0m Jones'],
  ['a digit one for an l', 'Carl', 'Car1'],
  ['rn for m', 'Amelia Smith', 'Arnelia Srnith'],
  ['capital I for small l', 'Lily Allen', 'LiIy AIlen'],
  ['vv for w', 'Walter', 'VValter'],
  ['fullwidth letters', 'Ada', 'Ａｄａ'],
  ['a dotless i', 'Ilse', 'ılse'],
];

test.each(SAME)('%s: "%s" and "%s" share a key', (_why, a, b) => {
  expect(nameKey(a)).toBe(nameKey(b));
});

// Names a reader tells apart stay apart.
const DIFFERENT: Array<[string, string]> = [
  ['Eleanor Hartley', 'Eleanor Hartlee'],
  ['Ada Lovelace', 'Ava Lovelace'],
  ['Tom Jones', 'Tim Jones'],
  ['Marta', 'Martha'],
];

test.each(DIFFERENT)('"%s" and "%s" keep different keys', (a, b) => {
  expect(nameKey(a)).not.toBe(nameKey(b));
});

test('the placeholder name of members without a name has its key, and look-alikes of it share it', () => {
  expect(nameKey('anonymous')).toBe(ANONYMOUS_KEY);
  expect(nameKey('Anonym0us')).toBe(ANONYMOUS_KEY);
});
