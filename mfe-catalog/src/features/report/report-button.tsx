import { useAuthStore } from '@antiquarium/auth-store';
import { toast } from '@antiquarium/ui';
import { useRef, useState, type ComponentType } from 'react';
import type { ReportDialogProps } from './report-dialog';
import { REPORT_TEXTS } from './report-texts';

export const REPORT_BUTTON_TEXTS = {
  loadFailed: 'The report form could not be opened. Check your connection and try again.',
} as const;

/** "Report" on the details page: the dialog's code (and antd's) is loaded on the first click only. */
export function ReportButton({ artifactId }: { artifactId: string }) {
  // A visitor may leave an email; a member's report is linked to their account.
  const withEmail = !useAuthStore((state) => Boolean(state.user?.email));
  const [Dialog, setDialog] = useState<ComponentType<ReportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onOpen = async () => {
    if (Dialog) {
      setOpen(true);
      return;
    }
    setLoading(true);
    try {
      const { ReportDialog } = await import('./report-dialog');
      setDialog(() => ReportDialog);
      setOpen(true);
    } catch {
      void toast('error', REPORT_BUTTON_TEXTS.loadFailed);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="aq-button"
        aria-haspopup="dialog"
        aria-busy={loading}
        onClick={() => void onOpen()}
      >
        {REPORT_TEXTS.open}
      </button>
      {Dialog ? (
        <Dialog
          open={open}
          artifactId={artifactId}
          withEmail={withEmail}
          onClose={() => setOpen(false)}
          afterClose={() => buttonRef.current?.focus()}
        />
      ) : null}
    </>
  );
}
