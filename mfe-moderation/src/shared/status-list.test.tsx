import { statusOptions } from './status-list';

test("a status list's tabs keep the order given, each with its tab text and its empty list's text", () => {
  const texts = { open: 'Open', emptyOpen: 'No open appeals.', decided: 'Decided', emptyDecided: 'No decided appeals yet.' };
  expect(statusOptions<'open' | 'decided'>(texts, ['decided', 'open'])).toEqual([
    { value: 'decided', text: 'Decided', empty: 'No decided appeals yet.' },
    { value: 'open', text: 'Open', empty: 'No open appeals.' },
  ]);
});
