import { memberCollections } from '@antiquarium/api-client';
import type { CollectionSummary } from '@antiquarium/contracts';
import { renderAt } from '@antiquarium/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MemberCollectionsPage from './member-collections-page';

// The api cannot run inside jest: only the api-client's call is replaced.
jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  memberCollections: jest.fn(),
}));
const collections = jest.mocked(memberCollections);

function summary(page: number): CollectionSummary {
  return { id: `c${page}`, ownerUid: 'u1', ownerName: 'Ada', title: `Collection of page ${page}`, description: '', visibility: 'public', itemCount: 1, coverImage: null, createdAt: '', updatedAt: '' };
}

test('after Previous or Next the focus goes to the list’s heading once the new page is shown', async () => {
  collections.mockImplementation(async (_uid, { page = 1 } = {}) => ({ items: [summary(page)], total: 25, page, pageSize: 24, nextPage: page < 2 ? 2 : null }));
  renderAt('/members/:uid/collections', <MemberCollectionsPage />, { url: '/members/u1/collections' });
  await screen.findByText('Page 1 of 2');
  await userEvent.click(screen.getByRole('link', { name: 'Next' }));
  await screen.findByRole('link', { name: 'Collection of page 2' });
  await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Collections by Ada' })).toHaveFocus());
});
