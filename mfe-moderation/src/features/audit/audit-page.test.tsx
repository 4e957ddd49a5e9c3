import type { AuditEntry } from '@antiquarium/contracts';
import { renderAt } from '@antiquarium/testing';
import { screen } from '@testing-library/react';
import { auditPage } from '../../shared/moderation-api';
import AuditPage from './audit-page';

// The api cannot run inside jest: only this remote's api calls are replaced.
jest.mock('../../shared/moderation-api', () => ({
  ...jest.requireActual('../../shared/moderation-api'),
  auditPage: jest.fn(),
}));
const audit = jest.mocked(auditPage);

const entry = (id: string, actorUid: string, actorName: string | null): AuditEntry => ({ id, at: '2026-11-25T17:05:00Z', actorUid, actorName, action: 'decision:restrict', target: 'artifact:a1', why: 'rule-2: priced' });

test('each action names who took it by their display name, not their uid', async () => {
  audit.mockResolvedValue({ items: [entry('1', 'uid-mona', 'Mona Moderator'), entry('2', 'former-member', null), entry('3', 'uid-nameless', null)], total: 3, page: 1, pageSize: 10, nextPage: null });
  renderAt('/moderation/audit', <AuditPage />);
  const who = await screen.findAllByText('Who', { selector: 'dt' });
  expect(who.map((term) => term.nextElementSibling?.textContent)).toEqual(['Mona Moderator', 'A former member', 'An account with no name (uid-nameless)']);
  expect(screen.queryByText('uid-mona')).not.toBeInTheDocument();
});
