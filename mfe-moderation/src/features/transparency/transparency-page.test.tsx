import { transparencyReport } from '@antiquarium/api-client';
import type { TransparencyReport } from '@antiquarium/contracts';
import { renderAt, tableCells as rows } from '@antiquarium/testing';
import { FIGURE_TEXTS } from '@antiquarium/ui';
import { screen } from '@testing-library/react';
import TransparencyPage, { TRANSPARENCY_TEXTS } from './transparency-page';

// The api cannot run inside jest: only the api-client's call (the public page's, the same) is replaced.
jest.mock('@antiquarium/api-client', () => ({ ...jest.requireActual('@antiquarium/api-client'), transparencyReport: jest.fn() }));
const figures = jest.mocked(transparencyReport);

const report: TransparencyReport = {
  generatedAt: '2026-11-25T12:00:00.000Z',
  months: [
    {
      month: '2026-11',
      notices: { total: 2, byReason: { spam: 2 } },
      decisions: { total: 3, byAction: { keep: 1, remove: 2 }, byGround: { spam: 2, 'rule-6': 1 } },
      medianHoursToDecision: 7,
      appeals: { total: 2, upheld: 1, reversed: 0, open: 1 },
      suspensions: 0,
    },
  ],
};

beforeEach(() => figures.mockReset());

test("the desk shows the public page's tables: months by name, actions as Kept, Restricted and Removed", async () => {
  figures.mockResolvedValue(report);
  renderAt('/moderation/transparency', <TransparencyPage />);
  await screen.findByRole('table', { name: FIGURE_TEXTS.decisions });
  expect(screen.getByRole('heading', { level: 1, name: TRANSPARENCY_TEXTS.title })).toBeInTheDocument();
  expect(rows(FIGURE_TEXTS.decisions)).toEqual([
    ['Month', 'Total', 'Kept', 'Restricted', 'Removed', FIGURE_TEXTS.median],
    ['November 2026', '3', '1', '0', '2', '7'],
  ]);
  expect(rows(FIGURE_TEXTS.grounds)).toEqual([
    ['Month', 'Spam', 'Terms, rule 6'],
    ['November 2026', '2', '1'],
  ]);
  expect(rows(FIGURE_TEXTS.appeals)[1]).toEqual(['November 2026', '2', '1', '0', '1', '0']);
  expect(figures).toHaveBeenCalledTimes(1);
});

test('no months yet: the desk says so and shows no table', async () => {
  figures.mockResolvedValue({ generatedAt: report.generatedAt, months: [] });
  renderAt('/moderation/transparency', <TransparencyPage />);
  expect(await screen.findByText(TRANSPARENCY_TEXTS.empty)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});
