import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import { allowLeaving, LEAVE_TEXTS, LeaveGuard, mayDiscard } from './leave-guard';

/** A form whose text counts as unsaved until Save; Save and leave moves on in the same click. */
function NoteForm({ label = 'Note' }: { label?: string }) {
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const navigate = useNavigate();
  return (
    <form>
      <label>
        {label}
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <LeaveGuard when={text !== saved} />
      <button type="button" onClick={() => setSaved(text)}>
        Save {label}
      </button>
      <button
        type="button"
        onClick={() => {
          setSaved(text);
          allowLeaving();
          navigate('/elsewhere');
        }}
      >
        Save and leave {label}
      </button>
    </form>
  );
}

function renderForms(page: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <>
            {page}
            <Link to="/elsewhere">Elsewhere</Link>
            <Link to="/form#part">To a part of this page</Link>
          </>
        ),
      },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/start', '/form'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The question, once open (antd writes its title twice: for the dialog's name and on screen). */
async function findQuestion() {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(LEAVE_TEXTS.title);
  return dialog;
}

afterEach(() => {
  act(() => Modal.destroyAll());
});

test('a page with nothing typed is left at once', async () => {
  const router = renderForms(<NoteForm />);
  await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(router.state.location.pathname).toBe('/elsewhere');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('with a typed note, a link asks first: Stay keeps the page and the text, Leave goes', async () => {
  const router = renderForms(<NoteForm />);
  await userEvent.type(screen.getByLabelText('Note'), 'A draft');
  await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));

  expect(await findQuestion()).toHaveTextContent(LEAVE_TEXTS.text);
  // Focus starts on Stay: one Enter never throws the changes away.
  await waitFor(() => expect(screen.getByRole('button', { name: LEAVE_TEXTS.stay })).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(router.state.blockers.size === 0 || [...router.state.blockers.values()].every((blocker) => blocker.state === 'unblocked')).toBe(true));
  expect(router.state.location.pathname).toBe('/form');
  expect(screen.getByLabelText('Note')).toHaveValue('A draft');

  await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  await userEvent.click(await screen.findByRole('button', { name: LEAVE_TEXTS.leave }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
});

test('Back asks too; an anchor of the same page does not', async () => {
  const router = renderForms(<NoteForm />);
  await userEvent.type(screen.getByLabelText('Note'), 'A draft');
  await act(() => router.navigate(-1));
  await findQuestion();
  await userEvent.click(screen.getByRole('button', { name: LEAVE_TEXTS.stay }));
  expect(router.state.location.pathname).toBe('/form');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(screen.getByRole('link', { name: 'To a part of this page' }));
  expect(router.state.location.hash).toBe('#part');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('after a save nothing is asked, also when the save moves on in the same click', async () => {
  const router = renderForms(<NoteForm />);
  await userEvent.type(screen.getByLabelText('Note'), 'Kept');
  await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
  await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  expect(router.state.location.pathname).toBe('/elsewhere');

  await act(() => router.navigate('/form'));
  await userEvent.type(screen.getByLabelText('Note'), 'Sent');
  await userEvent.click(screen.getByRole('button', { name: 'Save and leave Note' }));
  expect(router.state.location.pathname).toBe('/elsewhere');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('several forms on one page share one blocker: any of them with changes asks', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const router = renderForms(
    <>
      <NoteForm label="First" />
      <NoteForm label="Second" />
    </>,
  );
  await userEvent.type(screen.getByLabelText('Second'), 'Only here');
  await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
  await findQuestion();
  await userEvent.click(screen.getByRole('button', { name: LEAVE_TEXTS.leave }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('one blocker'));
  warn.mockRestore();
});

test('closing or reloading the tab asks while something is unsaved, and only then', async () => {
  renderForms(<NoteForm />);
  const unload = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect(unload()).toBe(false);
  await userEvent.type(screen.getByLabelText('Note'), 'A draft');
  expect(unload()).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
  expect(unload()).toBe(false);
});

test('a Cancel or Escape that would throw changes away asks the same question (focus on Stay), and nothing when there are none', async () => {
  await expect(mayDiscard(false)).resolves.toBe(true);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  const stay = mayDiscard(true);
  const question = await findQuestion();
  expect(question).toHaveTextContent(LEAVE_TEXTS.text);
  await waitFor(() => expect(within(question).getByRole('button', { name: LEAVE_TEXTS.stay })).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  await expect(stay).resolves.toBe(false);

  const leave = mayDiscard(true);
  await userEvent.click(await screen.findByRole('button', { name: LEAVE_TEXTS.leave }));
  await expect(leave).resolves.toBe(true);
});
