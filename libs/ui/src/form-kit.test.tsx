import { act, render, renderHook, screen } from '@testing-library/react';
import { Field, FieldError, describedBy, useSubmission, type FieldProps } from './form-kit';

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

/** A Field around a text input, labelled Name, with the given hint, error and options. */
function nameField(props: Partial<Omit<FieldProps, 'children'>> = {}) {
  return (
    <Field id="name" label="Name" hintClassName="x-hint" {...props}>
      {(control) => <input {...control} className="aq-input" />}
    </Field>
  );
}

test('Field labels its control by the id it gives it, in an aq-field wrapper', () => {
  const { container, rerender } = render(nameField());
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).toHaveAttribute('id', 'name');
  expect(container.querySelector('label')).toHaveAttribute('for', 'name');
  expect(container.firstElementChild).toHaveAttribute('class', 'aq-field');
  rerender(nameField({ className: 'acc-field' }));
  expect(container.firstElementChild).toHaveAttribute('class', 'aq-field acc-field');
});

test('Field without hint or error ties nothing to its control', () => {
  const { container } = render(nameField());
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).not.toHaveAttribute('aria-describedby');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(container.firstElementChild?.children).toHaveLength(2);
  expect(container.querySelector('p')).toBeNull();
});

test('Field reads its hint with the control, under it', () => {
  const { container } = render(nameField({ hint: 'As on your passport.' }));
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).toHaveAttribute('aria-describedby', 'name-hint');
  expect(input).toHaveAccessibleDescription('As on your passport.');
  expect(input).not.toHaveAttribute('aria-invalid');
  const hint = container.querySelector('#name-hint');
  expect(hint?.tagName).toBe('P');
  expect(hint).toHaveAttribute('class', 'x-hint');
  expect(input.nextElementSibling).toBe(hint);
});

test('Field marks its control invalid and reads the error with it', () => {
  const { container } = render(nameField({ error: 'Give a name.' }));
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).toHaveAttribute('aria-describedby', 'name-error');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('Give a name.');
  expect(container.querySelector('#name-error')).toHaveClass('aq-field__error');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('Field with hint and error names both, hint first, and shows them in that order', () => {
  const { container } = render(nameField({ hint: 'As on your passport.', error: 'Give a name.' }));
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).toHaveAttribute('aria-describedby', 'name-hint name-error');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect([...(container.firstElementChild?.children ?? [])].map((element) => element.tagName + (element.id ? `#${element.id}` : ''))).toEqual([
    'LABEL',
    'INPUT#name',
    'P#name-hint',
    'P#name-error',
  ]);
});

test('Field puts its hint between the label and the control when asked, still read with it', () => {
  const { container } = render(nameField({ hint: 'As on your passport.', error: 'Give a name.', hintAbove: true }));
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).toHaveAttribute('aria-describedby', 'name-hint name-error');
  expect(input).toHaveAccessibleDescription('As on your passport. Give a name.');
  expect(container.querySelector('#name-hint')).toHaveAttribute('class', 'x-hint');
  expect([...(container.firstElementChild?.children ?? [])].map((element) => element.tagName + (element.id ? `#${element.id}` : ''))).toEqual([
    'LABEL',
    'P#name-hint',
    'INPUT#name',
    'P#name-error',
  ]);
});

test('Field announces its error (role alert) only when asked', () => {
  const { rerender } = render(nameField({ error: 'Give a name.', alert: true }));
  expect(screen.getByRole('alert')).toHaveAttribute('id', 'name-error');
  expect(screen.getByRole('alert')).toHaveTextContent('Give a name.');
  rerender(nameField({ error: 'Give a name.' }));
  expect(screen.queryByRole('alert')).toBeNull();
  rerender(nameField({ error: null, alert: true }));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
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
