import { myNotices } from '@antiquarium/api-client';
import type { StatementOfReasons } from '@antiquarium/contracts';
import { artifact, ownArtifact, renderAt } from '@antiquarium/testing';
import { screen, waitFor } from '@testing-library/react';
import { MODERATION_NOTICE_TEXTS as T, ModerationNotice } from './moderation-notice';

// The api cannot run inside jest: only the api-client's call is replaced.
jest.mock('@antiquarium/api-client', () => ({ ...jest.requireActual('@antiquarium/api-client'), myNotices: jest.fn() }));
const notices = jest.mocked(myNotices);

const statement = (overrides: Partial<StatementOfReasons>) => ({ artifactId: 'a1', action: 'restrict', reversedAt: null, ...overrides }) as StatementOfReasons;

beforeEach(() => notices.mockReset());

test('the contributor of a restricted artifact is told, with a link to the statement in force', async () => {
  notices.mockResolvedValue([
    statement({ decisionId: 'other', artifactId: 'a2' }),
    statement({ decisionId: 'old', reversedAt: '2026-01-01T00:00:00.000Z' }),
    statement({ decisionId: 'd1' }),
  ]);
  renderAt('/artifacts/:id', <ModerationNotice artifact={ownArtifact({ _id: 'a1', moderation: 'restricted' })} />, { url: '/artifacts/a1' });
  expect(screen.getByRole('note')).toHaveTextContent(T.contributor.restricted);
  const link = screen.getByRole('link', { name: T.link });
  expect(link).toHaveAttribute('href', '/my-notices');
  // Once the statements are read, it leads to the one in force.
  await waitFor(() => expect(link).toHaveAttribute('href', '/my-notices#notice-d1'));
});

test('a removed artifact says so; a moderator sees the state without the contributor’s link', () => {
  renderAt('/artifacts/:id', <ModerationNotice artifact={artifact({ _id: 'a1', moderation: 'removed' })} />, { url: '/artifacts/a1' });
  expect(screen.getByRole('note')).toHaveTextContent(T.moderator.removed);
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  expect(notices).not.toHaveBeenCalled();
});

test('nothing for a public artifact', () => {
  renderAt('/artifacts/:id', <ModerationNotice artifact={ownArtifact({ _id: 'a1' })} />, { url: '/artifacts/a1' });
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
