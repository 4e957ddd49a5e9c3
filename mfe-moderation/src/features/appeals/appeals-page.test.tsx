import type { AppealCase } from '@antiquarium/contracts';
import { renderAt } from '@antiquarium/testing';
import { screen, within } from '@testing-library/react';
import { appealsPage } from '../../shared/moderation-api';
import AppealsPage, { APPEALS_TEXTS } from './appeals-page';

// The api cannot run inside jest: only this remote's api calls are replaced.
jest.mock('../../shared/moderation-api', () => ({
  ...jest.requireActual('../../shared/moderation-api'),
  appealsPage: jest.fn(),
}));
const appeals = jest.mocked(appealsPage);

const ARTIFACT = '0123456789abcdef01234567';
const appeal: AppealCase = {
  id: 'cccccccccccccccccccccccc',
  decisionId: 'dddddddddddddddddddddddd',
  artifactId: ARTIFACT,
  appellant: 'contributor',
  text: 'It is a cast replica; nothing is for sale.',
  createdAt: '2026-11-03T10:00:00Z',
  status: 'open',
  messages: [{ from: 'moderator', text: 'Could you send the maker’s mark?', at: '2026-11-03T11:00:00Z' }],
  decision: null,
  artifact: { id: ARTIFACT, name: 'Bronze amphora', image: 'https://images.example.org/amphora.webp?access=grant', moderation: 'restricted', deleted: false },
  appealed: {
    id: 'dddddddddddddddddddddddd',
    action: 'restrict',
    ground: 'rule-2',
    groundText: 'Terms, rule 2: No trade.',
    facts: 'The description prices the object.',
    decidedAt: '2026-11-02T09:15:00Z',
    reversedAt: null,
    moderatorUid: 'uid-of-mona',
    moderatorName: 'Mona Moderator',
  },
  mayNotRule: null,
};
const page = (items: AppealCase[]) => ({ items, total: items.length, page: 1, pageSize: 10, nextPage: null });

test('an appeal shows its artifact, the decision appealed and who took it, the appellant’s text and the thread', async () => {
  appeals.mockResolvedValue(page([appeal]));
  renderAt('/moderation/appeals', <AppealsPage />);
  const item = await screen.findByRole('article', { name: 'Appeal by the contributor: Bronze amphora' });
  expect(within(item).getByRole('img', { name: 'Image of Bronze amphora' })).toHaveAttribute('src', appeal.artifact.image);
  expect(within(item).getByRole('link', { name: `${APPEALS_TEXTS.openArtifact}: Bronze amphora` })).toHaveAttribute('href', `/artifacts/${ARTIFACT}`);
  expect(within(item).getByText('Current state: restricted')).toBeInTheDocument();
  const facts = (term: string) => within(item).getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(within(item).getByRole('heading', { level: 3, name: APPEALS_TEXTS.appealed })).toBeInTheDocument();
  expect(facts('Action')).toHaveTextContent('Restrict');
  expect(facts('Ground')).toHaveTextContent('Terms, rule 2: No trade.');
  expect(facts('Facts')).toHaveTextContent('The description prices the object.');
  expect(facts('Decided by')).toHaveTextContent('Mona Moderator');
  expect(facts('Decided on')).toHaveTextContent('2 Nov 2026, 09:15 UTC');
  expect(within(item).getByText(appeal.text)).toBeInTheDocument();
  expect(within(item).getByText(/Could you send the maker’s mark\?/)).toBeInTheDocument();
  expect(within(item).getByRole('form', { name: 'Ruling on the appeal by the contributor about Bronze amphora, filed 3 Nov 2026, 10:00 UTC' })).toBeInTheDocument();
  expect(item).not.toHaveTextContent('uid-of-mona');
});

test('the moderator who decided is told at once that another must rule: no ruling form, the reply stays', async () => {
  appeals.mockResolvedValue(page([{ ...appeal, mayNotRule: 'A moderator other than the one who decided must review the appeal' }]));
  renderAt('/moderation/appeals', <AppealsPage />);
  const item = await screen.findByRole('article', { name: 'Appeal by the contributor: Bronze amphora' });
  expect(within(item).getByText(APPEALS_TEXTS.notYours).closest('p')).toHaveTextContent(
    `${APPEALS_TEXTS.notYours} A moderator other than the one who decided must review the appeal.`,
  );
  expect(within(item).queryByRole('radio')).not.toBeInTheDocument();
  expect(within(item).queryByRole('button', { name: APPEALS_TEXTS.submitRuling })).not.toBeInTheDocument();
  expect(within(item).getByLabelText(APPEALS_TEXTS.reply)).toBeInTheDocument();
});

test('two appeals by the same kind of appellant about the same artifact have ruling forms of different names (unique landmarks)', async () => {
  appeals.mockResolvedValue(page([appeal, { ...appeal, id: 'eeeeeeeeeeeeeeeeeeeeeeee', createdAt: '2026-11-05T08:00:00Z' }]));
  renderAt('/moderation/appeals', <AppealsPage />);
  await screen.findAllByRole('article');
  const names = screen.getAllByRole('form').map((form) => form.getAttribute('aria-label'));
  expect(names).toHaveLength(2);
  expect(new Set(names).size).toBe(2);
  // The desk's own navigation is the only one named "Moderation"; the status tabs are a list, no landmark.
  expect(screen.getAllByRole('navigation')).toHaveLength(1);
});

test('a decided appeal whose decision was reversed says when; a deleted artifact is named as the decision named it, with no link', async () => {
  appeals.mockResolvedValue(
    page([
      {
        ...appeal,
        status: 'reversed',
        decision: { outcome: 'reversed', reasons: 'A replica.', decidedAt: '2026-11-04T10:00:00Z' },
        artifact: { id: ARTIFACT, name: 'An artifact deleted with its contributor’s account', image: null, moderation: null, deleted: true },
        appealed: { ...appeal.appealed, reversedAt: '2026-11-04T10:00:00Z', moderatorName: null },
      },
    ]),
  );
  renderAt('/moderation/appeals', <AppealsPage />, { url: '/moderation/appeals?status=decided' });
  const item = await screen.findByRole('article', { name: /^Appeal by the contributor: An artifact deleted/ });
  expect(within(item).getByText('Reversed on', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4 Nov 2026, 10:00 UTC');
  expect(within(item).getByText(APPEALS_TEXTS.gone)).toBeInTheDocument();
  expect(within(item).queryByRole('link', { name: /Open the artifact/ })).not.toBeInTheDocument();
  expect(within(item).queryByRole('img')).not.toBeInTheDocument();
  expect(within(item).getByText('Decided by', { selector: 'dt' }).nextElementSibling).toHaveTextContent('An account with no name (uid-of-mona)');
  expect(screen.queryByText(APPEALS_TEXTS.notYours)).not.toBeInTheDocument();
});
