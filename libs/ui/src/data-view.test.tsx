import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataView, type Loadable } from './data-view';

function view(result: Loadable<string[]>, role?: 'alert') {
  return render(
    <DataView result={result} loading="Loading the list…" failed="The list could not be loaded." retry="Try again" className="aq-box" role={role}>
      {(items) => <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>}
    </DataView>,
  );
}

test('while loading it shows the labelled spinner and nothing else', () => {
  view({ status: 'loading', retry: jest.fn() });
  expect(screen.getByRole('status')).toHaveTextContent('Loading the list…');
  expect(screen.queryByRole('list')).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
});

test('a failure shows its sentence in the given box, and the button asks again', async () => {
  const retry = jest.fn();
  const { container } = view({ status: 'error', error: new Error('offline'), retry });
  const box = container.firstElementChild;
  expect(box).toHaveClass('aq-box');
  expect(box).not.toHaveAttribute('role');
  expect(box?.querySelector('p')).toHaveTextContent('The list could not be loaded.');
  const button = screen.getByRole('button', { name: 'Try again' });
  expect(button).toHaveAttribute('type', 'button');
  expect(button).toHaveClass('aq-button');
  await userEvent.click(button);
  expect(retry).toHaveBeenCalledTimes(1);
});

test('a failure can be announced as an alert', () => {
  view({ status: 'error', error: new Error('offline'), retry: jest.fn() }, 'alert');
  expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
});

test('when ready it renders the content from the data, with no spinner', () => {
  view({ status: 'ready', data: ['Amphora', 'Lamp'], retry: jest.fn() });
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Amphora', 'Lamp']);
  expect(screen.queryByRole('status')).toBeNull();
});
