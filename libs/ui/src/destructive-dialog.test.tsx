import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DestructiveDialog } from './destructive-dialog';

const texts = { title: 'Delete this collection?', cancelText: 'Cancel', confirmText: 'Delete collection', busyText: 'Deleting…' };

test('opens with the focus on Cancel, its action styled as dangerous; Enter there confirms nothing', async () => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <DestructiveDialog open busy={false} onCancel={onCancel} onConfirm={onConfirm} {...texts}>
      <p>It will be deleted for good.</p>
    </DestructiveDialog>,
  );
  const dialog = await screen.findByRole('dialog', { name: texts.title });
  expect(dialog).toHaveTextContent('It will be deleted for good.');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  expect(screen.getByRole('button', { name: 'Delete collection' })).toHaveClass('ant-btn-dangerous');
  await userEvent.keyboard('{Enter}');
  expect(onConfirm).not.toHaveBeenCalled();
  expect(onCancel).toHaveBeenCalledTimes(1);
  await userEvent.click(screen.getByRole('button', { name: 'Delete collection' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
});

test('while the action runs it says so and cannot be cancelled', async () => {
  const onCancel = jest.fn();
  render(
    <DestructiveDialog open busy onCancel={onCancel} onConfirm={jest.fn()} {...texts}>
      <p>It will be deleted for good.</p>
    </DestructiveDialog>,
  );
  await screen.findByRole('dialog', { name: texts.title });
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  expect(screen.getByRole('button', { name: /Deleting…/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
});
