import { act, render, screen } from '@testing-library/react';
import { useProgressiveList } from './progressive';

function List({ items, shownAlready }: { items: readonly string[]; shownAlready?: readonly string[] }) {
  const { shown, complete } = useProgressiveList(items, 3, shownAlready);
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

describe('items the page already shows (a frame composed on the server)', () => {
  const shownItems = () => screen.getAllByRole('listitem').map((li) => li.textContent);

  test('are all shown at once, complete, with no later step', () => {
    const page = letters('a', 8);
    render(<List items={page} shownAlready={page} />);
    expect(shownItems()).toEqual(page);
    expect(screen.getByText('all shown')).toBeInTheDocument();
    expect(jest.getTimerCount()).toBe(0);
  });

  test('other items (another list, even with the same contents) start from the first step', async () => {
    const page = letters('a', 8);
    render(<List items={page} shownAlready={[...page]} />);
    expect(shownItems()).toEqual(['a0', 'a1', 'a2']);
    expect(screen.queryByText('all shown')).toBeNull();
    await act(async () => {
      jest.runOnlyPendingTimers();
    });
    expect(shownItems()).toEqual(page);
  });

  test('new items after them start again from the first step', async () => {
    const page = letters('a', 8);
    const { rerender } = render(<List items={page} shownAlready={page} />);
    expect(shownItems()).toHaveLength(8);
    const next = letters('b', 8);
    rerender(<List items={next} shownAlready={page} />);
    expect(shownItems()).toEqual(['b0', 'b1', 'b2']);
    await act(async () => {
      jest.runOnlyPendingTimers();
    });
    expect(shownItems()).toEqual(next);
  });
});
