import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepTabAmong, keepTabInside, tabbableIn } from './focus-trap';

function Dialog() {
  return (
    <>
      <button type="button">Before</button>
      <div role="dialog" aria-label="Test" onKeyDown={keepTabInside}>
        <div tabIndex={0} aria-hidden="true" />
        <input aria-label="First" />
        <button type="button" disabled>
          Off
        </button>
        <button type="button">Last</button>
      </div>
      <button type="button">After</button>
    </>
  );
}

test('Tab from the last control goes to the first, Shift+Tab from the first to the last; in between Tab moves on', async () => {
  const user = userEvent.setup();
  render(<Dialog />);
  screen.getByRole('textbox', { name: 'First' }).focus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('textbox', { name: 'First' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
});

test('keepTabAmong goes round the stops in their own order, not the document’s; a focus outside them goes to the first', async () => {
  const user = userEvent.setup();
  render(
    <>
      <button type="button">Outside</button>
      <nav aria-label="Panel">
        <a href="/one">One</a>
        <a href="/two">Two</a>
      </nav>
      <button type="button">Toggle</button>
    </>,
  );
  const toggle = screen.getByRole('button', { name: 'Toggle' });
  const onKey = (event: KeyboardEvent) => keepTabAmong(event, [toggle, ...tabbableIn(screen.getByRole('navigation'))]);
  document.addEventListener('keydown', onKey);
  try {
    toggle.focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Two' })).toHaveFocus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Two' })).toHaveFocus();
    screen.getByRole('button', { name: 'Outside' }).focus();
    await user.tab();
    expect(toggle).toHaveFocus();
  } finally {
    document.removeEventListener('keydown', onKey);
  }
});
