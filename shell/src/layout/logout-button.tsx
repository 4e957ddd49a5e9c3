import { useAuthStore } from '@antiquarium/auth-store';
import { confirmDialog, toast } from '@antiquarium/ui';
import { useState } from 'react';

export const LOGOUT_TEXTS = {
  confirmTitle: 'Are you sure?',
  confirmText: 'You want to logout?',
  confirmButton: 'Yes, logout!',
  doneTitle: 'Logged out!',
  doneText: 'You have logged out successfully.',
} as const;

export function LogoutButton() {
  const logOut = useAuthStore((state) => state.logOut);
  const [busy, setBusy] = useState(false);

  // Focus starts on Cancel (confirmDialog): one Enter never logs out. The button stays enabled while
  // the dialog is open (its mask keeps it from a second click), so the focus can come back to it.
  const onClick = async () => {
    try {
      const confirmed = await confirmDialog({
        title: LOGOUT_TEXTS.confirmTitle,
        text: LOGOUT_TEXTS.confirmText,
        confirmLabel: LOGOUT_TEXTS.confirmButton,
      });
      if (!confirmed) return;
      setBusy(true);
      await logOut();
      // Said by a toast, not a dialog to dismiss: two clicks log out (issue 32).
      void toast('success', LOGOUT_TEXTS.doneTitle, LOGOUT_TEXTS.doneText);
    } catch (error) {
      void toast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="aq-button aq-topbar__logout" onClick={onClick} disabled={busy}>
      Logout
    </button>
  );
}
