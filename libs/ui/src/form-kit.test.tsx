import { act, render, renderHook, screen } from '@testing-library/react';
import { FieldError, describedBy, useSubmission } from './form-kit';

test('describedBy joins the truthy ids with spaces, or gives none', () => {
  expect(describedBy('a-hint', 'a-error')).toBe('a-hint a-error');
  expect(describedBy('a-hint', false, undefined, null, '')).toBe('a-hint');
  expect(describedBy(false, undefined)).toBeUndefined();
  expect(describedBy()).toBeUndefined();
});

test('FieldError shows the error text under the id the control names, and nothing without one', () => {
  const { container, rerender } = render(
    <>
      <input aria-label="Name" aria-describedby="name-error" />
      <FieldError id="name-error" error="Give a name." />
    </>,
  );
  const message = container.querySelector('#name-error');
  expect(message?.tagName).toBe('P');
  expect(message).toHaveClass('aq-field__error');
  expect(message).toHaveTextContent('Give a name.');
  expect(message).not.toHaveAttribute('role');
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Give a name.');
  rerender(<FieldError id="name-error" error="Write something." role="alert" />);
  expect(screen.getByRole('alert')).toHaveAttribute('id', 'name-error');
  expect(screen.getByRole('alert')).toHaveTextContent('Write something.');
  rerender(<FieldError id="name-error" error={undefined} />);
  expect(container.querySelector('#name-error')).toBeNull();
  rerender(<FieldError id="name-error" error="" />);
  expect(container).toBeEmptyDOMElement();
});

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

test('useSubmission is busy while its action runs and refuses a second one meanwhile', async () => {
  const { result } = renderHook(() => useSubmission());
  const first = deferred();
  const action = jest.fn(() => first.promise);
  const second = jest.fn(() => Promise.resolve());
  let firstRun!: Promise<boolean>;
  let secondRun!: Promise<boolean>;
  act(() => {
    firstRun = result.current.run(action);
    secondRun = result.current.run(second);
  });
  expect(result.current.busy).toBe(true);
  expect(result.current.running()).toBe(true);
  await expect(secondRun).resolves.toBe(false);
  expect(second).not.toHaveBeenCalled();
  await act(async () => {
    first.resolve();
    await expect(firstRun).resolves.toBe(true);
  });
  expect(action).toHaveBeenCalledTimes(1);
  expect(result.current.busy).toBe(false);
  expect(result.current.running()).toBe(false);
  expect(result.current.message).toBeNull();
  await act(async () => {
    await expect(result.current.run(second)).resolves.toBe(true);
  });
  expect(second).toHaveBeenCalledTimes(1);
});

test('a failed action shows what the caller makes of the error, and a new try clears it', async () => {
  const { result } = renderHook(() => useSubmission());
  const failure = new Error('down');
  const failed = jest.fn((error: unknown) => (error === failure ? 'The server is down.' : 'Other.'));
  await act(async () => {
    await expect(result.current.run(() => Promise.reject(failure), failed)).resolves.toBe(false);
  });
  expect(failed).toHaveBeenCalledWith(failure);
  expect(result.current.message).toBe('The server is down.');
  expect(result.current.busy).toBe(false);
  const later = deferred();
  let run!: Promise<boolean>;
  act(() => {
    run = result.current.run(() => later.promise);
  });
  expect(result.current.message).toBeNull();
  await act(async () => {
    later.resolve();
    await run;
  });
  await act(async () => {
    await result.current.run(() => Promise.reject(failure));
  });
  expect(result.current.message).toBeNull();
  expect(result.current.busy).toBe(false);
});
