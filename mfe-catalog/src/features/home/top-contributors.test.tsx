import { topContributors } from '@antiquarium/api-client';
import { render, screen, within } from '@testing-library/react';
import { TopContributors } from './top-contributors';

jest.mock('@antiquarium/api-client', () => ({
  ...jest.requireActual('@antiquarium/api-client'),
  topContributors: jest.fn(),
}));
const top = jest.mocked(topContributors);

test('asks the server for the top 3 and shows them in its order, with counts', async () => {
  top.mockResolvedValue([
    { name: 'Eleanor Hartley', artifacts: 21, likes: 539 },
    { name: 'Tomás Ibarra', artifacts: 1, likes: 1 },
    { name: 'kenji@example.com', artifacts: 12, likes: 0 },
  ]);
  render(<TopContributors />);
  expect(screen.getByText('Loading top contributors…')).toBeInTheDocument();
  const items = await screen.findAllByRole('listitem');
  expect(top).toHaveBeenCalledWith(3, expect.anything());
  expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
    'Eleanor Hartley',
    'Tomás Ibarra',
    'kenji@example.com',
  ]);
  expect(within(items[0] as HTMLElement).getByText('21 artifacts')).toBeInTheDocument();
  expect(within(items[0] as HTMLElement).getByText('539 likes')).toBeInTheDocument();
  expect(within(items[1] as HTMLElement).getByText('1 artifact')).toBeInTheDocument();
  expect(within(items[1] as HTMLElement).getByText('1 like')).toBeInTheDocument();
  expect(within(items[2] as HTMLElement).getByText('0 likes')).toBeInTheDocument();
});

test('never shows more than three, and says so when there is nobody yet', async () => {
  top.mockResolvedValue([
    { name: 'A', artifacts: 1, likes: 9 },
    { name: 'B', artifacts: 1, likes: 8 },
    { name: 'C', artifacts: 1, likes: 7 },
    { name: 'D', artifacts: 1, likes: 6 },
  ]);
  const { unmount } = render(<TopContributors />);
  expect(await screen.findAllByRole('listitem')).toHaveLength(3);
  unmount();

  top.mockResolvedValue([]);
  render(<TopContributors />);
  expect(await screen.findByText('No contributors yet. Share an artifact to lead the list!')).toBeInTheDocument();
});
