import { useAuthStore } from '@antiquarium/auth-store';
import { alertDialog, confirmDialog, toast } from '@antiquarium/ui';
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

  const onClick = async () => {
    setBusy(true);
    try {
      const confirmed = await confirmDialog({
        title: LOGOUT_TEXTS.confirmTitle,
        text: LOGOUT_TEXTS.confirmText,
        confirmLabel: LOGOUT_TEXTS.confirmButton,
      });
      if (!confirmed) return;
      await logOut();
      void alertDialog({ kind: 'success', title: LOGOUT_TEXTS.doneTitle, text: LOGOUT_TEXTS.doneText });
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
