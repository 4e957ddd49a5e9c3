import { act, render, screen } from '@testing-library/react';
import { useProgressiveList } from './progressive';

function List({ items }: { items: readonly string[] }) {
  const { shown, complete } = useProgressiveList(items, 3);
  return (
    <>
      <ul>
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {complete ? <p>all shown</p> : null}
    </>
  );
}

const letters = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('shows the first items with the data and the rest in a later task', async () => {
  const page = letters('a', 8);
  render(<List items={page} />);
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a0', 'a1', 'a2']);
  expect(screen.queryByText('all shown')).toBeNull();
  await act(async () => {
    jest.runOnlyPendingTimers();
  });
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(page);
  expect(screen.getByText('all shown')).toBeInTheDocument();
});

test('new items start again from the first step; a short list is complete at once', async () => {
  const { rerender } = render(<List items={letters('a', 8)} />);
  await act(async () => {
    jest.runOnlyPendingTimers();
  });
  rerender(<List items={letters('b', 5)} />);
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['b0', 'b1', 'b2']);
  await act(async () => {
    jest.runOnlyPendingTimers();
  });
  expect(screen.getAllByRole('listitem')).toHaveLength(5);

  rerender(<List items={letters('c', 2)} />);
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
  expect(screen.getByText('all shown')).toBeInTheDocument();
});
