import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemotePage, type PageLoader } from './remote-page';

function Page() {
  return <h1>Remote home</h1>;
}

test('a failing remote shows a friendly message, and Retry loads it again', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let calls = 0;
  // The first load fails like an unreachable manifest; the second succeeds.
  const load: PageLoader = async () => {
    calls += 1;
    if (calls === 1) throw new Error('Failed to fetch mf-manifest.json');
    return { default: Page };
  };
  render(<RemotePage id="test/RetryHome" load={load} />);

  expect(await screen.findByRole('heading', { name: 'This part of Antiquarium could not be loaded' })).toBeInTheDocument();
  expect(screen.queryByText('Remote home')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  expect(calls).toBe(2);
});

test('shows a spinner while the remote loads, and loads each page once', async () => {
  let release: (() => void) | undefined;
  let calls = 0;
  const load: PageLoader = () => {
    calls += 1;
    return new Promise((resolve) => {
      release = () => resolve({ default: Page });
    });
  };
  const { unmount } = render(<RemotePage id="test/SlowHome" load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading page…');
  release?.();
  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  unmount();

  render(<RemotePage id="test/SlowHome" load={load} />);
  expect(await screen.findByRole('heading', { name: 'Remote home' })).toBeInTheDocument();
  expect(calls).toBe(1);
});
