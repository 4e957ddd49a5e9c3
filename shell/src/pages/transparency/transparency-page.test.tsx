import { transparencyReport } from '@antiquarium/api-client';
import { MISUSE_THRESHOLDS, MISUSE_WINDOW_DAYS, SUSPENSION_DAYS, type TransparencyReport } from '@antiquarium/contracts';
import { tableCells } from '@antiquarium/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../app/routes';
import { TRANSPARENCY_TEXTS as T } from './transparency-page';

// The api cannot run inside jest: only the api-client's call is replaced.
jest.mock('@antiquarium/api-client', () => ({ ...jest.requireActual('@antiquarium/api-client'), transparencyReport: jest.fn() }));
const figures = jest.mocked(transparencyReport);

const report: TransparencyReport = {
  generatedAt: '2026-11-25T12:00:00.000Z',
  months: [
    {
      month: '2026-11',
      notices: { total: 3, byReason: { 'illegal-trade': 2, spam: 1 } },
      decisions: { total: 2, byAction: { restrict: 1, keep: 1 }, byGround: { 'rule-2': 1, spam: 1 } },
      medianHoursToDecision: 4.5,
      appeals: { total: 1, upheld: 0, reversed: 1, open: 0 },
      suspensions: 1,
    },
    {
      month: '2026-10',
      notices: { total: 1, byReason: { privacy: 1 } },
      decisions: { total: 0, byAction: {}, byGround: {} },
      medianHoursToDecision: null,
      appeals: { total: 0, upheld: 0, reversed: 0, open: 0 },
      suspensions: 0,
    },
  ],
};

beforeEach(() => figures.mockReset());

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

test('the figures per month as tables: notices by reason, decisions by action and ground with the median time, appeals and suspensions', async () => {
  figures.mockResolvedValue(report);
  renderAt('/transparency');
  expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
  await screen.findByRole('table', { name: T.notices });
  const notices = tableCells(T.notices);
  expect(notices[0]).toEqual(['Month', 'Total', 'Looted or trafficked (illegal trade)', 'Human remains', 'Copyright (this is my work)', 'Privacy', 'Hate or harassment', 'Spam', 'Wrong information', 'Something else']);
  expect(notices[1]).toEqual(['November 2026', '3', '2', '0', '0', '0', '0', '1', '0', '0']);
  expect(notices[2]).toEqual(['October 2026', '1', '0', '0', '0', '1', '0', '0', '0', '0']);
  expect(tableCells(T.decisions)).toEqual([
    ['Month', 'Total', 'Kept', 'Restricted', 'Removed', T.median],
    ['November 2026', '2', '1', '1', '0', '4.5'],
    ['October 2026', '0', '0', '0', '0', '–'],
  ]);
  expect(tableCells(T.grounds)).toEqual([
    ['Month', 'Spam', 'Terms, rule 2'],
    ['November 2026', '1', '1'],
    ['October 2026', '0', '0'],
  ]);
  expect(tableCells(T.appeals)[1]).toEqual(['November 2026', '1', '0', '1', '0', '1']);
  expect(screen.getByText('Counted on 25 November 2026 at 12:00 UTC.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: T.terms })).toHaveAttribute('href', '/terms');
});

test('the misuse measures, with the thresholds and periods the api counts with', async () => {
  figures.mockResolvedValue(report);
  renderAt('/transparency');
  const misuse = await screen.findByText(T.misuse);
  const { unfoundedNotices, removedArtifacts } = MISUSE_THRESHOLDS;
  expect(misuse).toHaveTextContent(
    `Misuse of the site: Within ${MISUSE_WINDOW_DAYS} days, ${unfoundedNotices.warnAt} decisions finding a member's reports manifestly unfounded, or ${removedArtifacts.warnAt} of their artifacts removed, bring a warning with its reasons; a member already warned who reaches ${unfoundedNotices.suspendAt} such decisions, or ${removedArtifacts.suspendAt} removals, is suspended for ${SUSPENSION_DAYS} days. A decision counts once however many reports it settles, and one reversed on appeal no longer counts.`,
  );
});

test('no figures yet, and a failed load that can be tried again', async () => {
  figures.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ generatedAt: report.generatedAt, months: [] });
  renderAt('/transparency');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(T.loadFailed);
  await userEvent.click(within(alert).getByRole('button', { name: T.retry }));
  expect(await screen.findByText(T.empty)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('the footer links to the transparency page', async () => {
  figures.mockResolvedValue(report);
  renderAt('/about');
  const footer = await screen.findByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: 'Transparency' })).toHaveAttribute('href', '/transparency');
});
