import { ApiRequestError, followReport, getArtifact } from '@antiquarium/api-client';
import { useAuthStore } from '@antiquarium/auth-store';
import { artifact } from '@antiquarium/testing';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { ArtifactListCard } from '../all-artifacts/artifact-list-card';
import { FeaturedCard } from '../../shared/featured-card';
import ReportPage from './report-page';
import ReportStatusPage from './report-status-page';
import { REPORT_TEXTS } from './report-texts';

jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  followReport: jest.fn(),
  getArtifact: jest.fn(),
}));
const follow = jest.mocked(followReport);
const get = jest.mocked(getArtifact);

const ID = '0123456789abcdef01234567';

function renderAt(path: string, route: string, element: React.ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: route, element }], { initialEntries: [path] })} />);
}

beforeEach(() => {
  follow.mockReset();
  get.mockReset();
  useAuthStore.setState({ user: null, loading: false });
});

test('each card links to the report page for its artifact, named after it', () => {
  const item = artifact({ _id: ID, name: 'Clay tablet' });
  render(
    <MemoryRouter>
      <FeaturedCard artifact={item} />
      <ArtifactListCard artifact={{ ...item, _id: 'abcdefabcdefabcdefabcdef', name: 'Bronze mirror' }} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Report Clay tablet' })).toHaveAttribute('href', `/report?artifact=${ID}`);
  expect(screen.getByRole('link', { name: 'Report Bronze mirror' })).toHaveAttribute('href', '/report?artifact=abcdefabcdefabcdefabcdef');
});

test('the report page names the artifact from the link and offers a visitor the email field', async () => {
  get.mockResolvedValue(artifact({ _id: ID, name: 'Clay tablet' }));
  renderAt(`/report?artifact=${ID}`, '/report', <ReportPage />);
  expect(await screen.findByText('Clay tablet')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith(ID, expect.anything());
  expect(screen.getByRole('textbox', { name: REPORT_TEXTS.emailLabel })).toBeInTheDocument();
});

test('the report page without an artifact says so and offers no form', async () => {
  renderAt('/report', '/report', <ReportPage />);
  expect(screen.getByText(REPORT_TEXTS.noArtifact)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: REPORT_TEXTS.submit })).not.toBeInTheDocument();
});

test('an artifact the api does not know is named as not found', async () => {
  get.mockRejectedValue(new ApiRequestError('Artifact not found', 404));
  renderAt(`/report?artifact=${ID}`, '/report', <ReportPage />);
  expect(await screen.findByText(REPORT_TEXTS.artifactNotFound)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: REPORT_TEXTS.submit })).not.toBeInTheDocument();
});

test('the follow page shows a decided notice with its outcome and ground', async () => {
  follow.mockResolvedValue({
    id: 'r1',
    artifactId: ID,
    artifactName: null,
    reason: 'illegal-trade',
    details: 'Looted',
    receivedAt: '2026-11-25T10:00:00.000Z',
    status: 'decided',
    outcome: { action: 'restrict', ground: 'rule-2', decidedAt: '2026-11-26T09:30:00.000Z', reversed: false, reversedAt: null },
  });
  renderAt('/reports/r1?receipt=abc', '/reports/:id', <ReportStatusPage />);
  expect(await screen.findByText(REPORT_TEXTS.decided)).toBeInTheDocument();
  expect(follow).toHaveBeenCalledWith('r1', 'abc', expect.anything());
  expect(screen.getByText('Looted or trafficked (illegal trade)')).toBeInTheDocument();
  expect(screen.getByText(/^Restricted/)).toBeInTheDocument();
  expect(screen.getByText(/^Terms, rule 2:/)).toBeInTheDocument();
  expect(screen.getByText('26 November 2026 at 09:30 UTC')).toBeInTheDocument();
});

test('the follow page names the artifact, and says when its decision was reversed', async () => {
  follow.mockResolvedValue({
    id: 'r1',
    artifactId: ID,
    artifactName: 'Bronze amphora',
    reason: 'spam',
    details: '',
    receivedAt: '2026-11-25T10:00:00.000Z',
    status: 'decided',
    outcome: { action: 'remove', ground: 'spam', decidedAt: '2026-11-26T09:30:00.000Z', reversed: true, reversedAt: '2026-12-02T14:00:00.000Z' },
  });
  renderAt('/reports/r1?receipt=abc', '/reports/:id', <ReportStatusPage />);
  const artifactName = await screen.findByText('Bronze amphora');
  expect(artifactName.previousElementSibling).toHaveTextContent(REPORT_TEXTS.artifact);
  expect(screen.queryByText(ID)).not.toBeInTheDocument();
  expect(screen.getByText(/^Removed/)).toHaveTextContent(REPORT_TEXTS.reversedOn('2 December 2026 at 14:00 UTC'));
});

test('the follow page with a wrong receipt says no report matches', async () => {
  follow.mockRejectedValue(new ApiRequestError('Report not found', 404));
  renderAt('/reports/r1?receipt=wrong', '/reports/:id', <ReportStatusPage />);
  expect(await screen.findByText(REPORT_TEXTS.statusNotFound)).toBeInTheDocument();
});
