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

/** The key of each error toast still shown, by its text: the same error again replaces it. */
const shownErrors = new Map<string, string>();
let toastCount = 0;

/**
 * A short message in the corner below the content (antd's notification, themed, placed and timed in
 * antd-kit.tsx), announced as an alert. An error stays until dismissed; the same error again (a
 * second wrong password) replaces it, announced anew, instead of stacking a copy. `text` is its
 * title; `detail`, when given, a line under it ('Logged out!' / 'You have logged out successfully.').
 */
export async function toast(kind: ToastKind, text: string, detail?: string): Promise<void> {
  const { notification } = await loadKit();
  const content = { type: kind, title: text, description: detail, role: 'alert' as const };
  if (kind !== 'error') {
    notification.open(content);
    return;
  }
  const previous = shownErrors.get(text);
  if (previous) notification.destroy(previous);
  toastCount += 1;
  const key = `aq-error-${toastCount}`;
  shownErrors.set(text, key);
  notification.open({
    ...content,
    key,
    duration: false,
    onClose: () => {
      if (shownErrors.get(text) === key) shownErrors.delete(text);
    },
  });
}

/** Nothing has the focus, or a dialog (the one closing) still holds it: nobody chose where it is. */
function focusIsLost(): boolean {
  const now = document.activeElement;
  return now === null || now === document.body || now.closest('.ant-modal-root, [role="dialog"]') !== null;
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
  // What opened the dialog (a button), taken before antd moves the focus into it.
  const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  const { Modal } = await loadKit();
  return new Promise<boolean>((resolve) => {
    Modal.confirm({
      // The focus goes back to what opened the dialog (issue 32), when it is still on the page and
      // the person has not put it elsewhere while the dialog faded out (a field clicked or tabbed to).
      focusTriggerAfterClose: false,
      afterClose: () => {
        if (opener?.isConnected && focusIsLost()) opener.focus();
      },
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

/** A dialog with one button (e.g. 'Artifact Updated successfully!'); resolves when it is closed. */
export async function alertDialog({ kind, title, text, okLabel = 'OK' }: AlertOptions): Promise<void> {
  const { Modal } = await loadKit();
  return new Promise<void>((resolve) => {
    Modal[kind]({ title, content: text, okText: okLabel, onOk: () => resolve(), afterClose: () => resolve() });
  });
}
