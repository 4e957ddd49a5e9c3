import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepTabInside } from './focus-trap';

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
