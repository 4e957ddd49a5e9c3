import { Button, Modal } from 'antd';
import { useRef, type ReactNode } from 'react';

export interface DestructiveDialogProps {
  open: boolean;
  title: string;
  /** The action runs: its button spins and shows `busyText`, and the dialog cannot be closed. */
  busy: boolean;
  cancelText: string;
  confirmText: string;
  busyText: string;
  onCancel: () => void;
  onConfirm: () => void;
  size?: 'large' | 'middle';
  children: ReactNode;
}

/**
 * Imported as `@antiquarium/ui/destructive-dialog`, not from the package's door: the door is a
 * shared singleton that is not tree-shaken, and antd must stay out of every first visit (decision
 * 0004); this way each remote bundles it with its own antd, under its own theme.
 *
 * A confirmation of what cannot be undone, with more to say or choose than confirmDialog holds: it
 * opens with the focus on Cancel (one Enter never destroys), its action is styled as dangerous, and
 * while the action runs it stays open.
 */
export function DestructiveDialog({ open, title, busy, cancelText, confirmText, busyText, onCancel, onConfirm, size = 'middle', children }: DestructiveDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (visible) cancelRef.current?.focus();
      }}
      mask={{ closable: !busy }}
      closable={!busy}
      destroyOnHidden
      footer={[
        <Button key="cancel" size={size} ref={cancelRef} onClick={onCancel} disabled={busy}>
          {cancelText}
        </Button>,
        <Button key="confirm" size={size} type="primary" danger loading={busy} onClick={onConfirm}>
          {busy ? busyText : confirmText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
