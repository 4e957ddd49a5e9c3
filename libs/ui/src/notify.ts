export type ToastKind = 'success' | 'error' | 'info' | 'warning';

type AntdKit = ReturnType<typeof import('./antd-kit').setUpAntd>;

let kit: Promise<AntdKit> | undefined;

function loadKit(): Promise<AntdKit> {
  kit ??= import('./antd-kit').then((module) => module.setUpAntd());
  // A failed chunk load must not poison every later toast.
  kit.catch(() => {
    kit = undefined;
  });
  return kit;
}

/** A short message at the top of the page (antd's message, themed). */
export async function toast(kind: ToastKind, text: string): Promise<void> {
  const { message } = await loadKit();
  void message.open({ type: kind, content: text, duration: kind === 'error' ? 5 : 3 });
}

export interface ConfirmOptions {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirmation cannot be undone (a deletion): its button is drawn as dangerous. */
  destructive?: boolean;
}

/**
 * Resolves true when the user confirms, false when they cancel or dismiss the dialog. Focus starts on
 * Cancel in every confirmation of the site (issue 32): one Enter never confirms what was not read.
 */
export async function confirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
}: ConfirmOptions): Promise<boolean> {
  const { Modal } = await loadKit();
  return new Promise<boolean>((resolve) => {
    Modal.confirm({
      title,
      content: text,
      okText: confirmLabel,
      cancelText: cancelLabel,
      autoFocusButton: 'cancel',
      okButtonProps: { danger: destructive },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

export interface AlertOptions {
  kind: ToastKind;
  title: string;
  text: string;
  okLabel?: string;
}

/** A dialog with one button (e.g. 'Logged out!'); resolves when it is closed. */
export async function alertDialog({ kind, title, text, okLabel = 'OK' }: AlertOptions): Promise<void> {
  const { Modal } = await loadKit();
  return new Promise<void>((resolve) => {
    Modal[kind]({ title, content: text, okText: okLabel, onOk: () => resolve(), afterClose: () => resolve() });
  });
}
