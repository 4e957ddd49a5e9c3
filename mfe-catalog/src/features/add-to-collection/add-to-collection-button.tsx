import { toast } from '@antiquarium/ui';
import { useRef, useState } from 'react';

export const ADD_TO_COLLECTION_BUTTON_TEXTS = {
  open: 'Add to collection',
  loadFailed: 'Your collections could not be opened. Check your connection and try again.',
} as const;

type DialogModule = typeof import('./add-to-collection-dialog');

/** "Add to collection" on the details page: the dialog's code is fetched on the first click. */
export function AddToCollectionButton({ artifactId }: { artifactId: string }) {
  const [dialogModule, setDialogModule] = useState<DialogModule | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const onClick = () => {
    if (dialogModule) return setOpen(true);
    setBusy(true);
    import('./add-to-collection-dialog')
      .then((loaded) => {
        setDialogModule(loaded);
        setOpen(true);
      })
      .catch(() => void toast('error', ADD_TO_COLLECTION_BUTTON_TEXTS.loadFailed))
      .finally(() => setBusy(false));
  };

  const Dialog = dialogModule?.AddToCollectionDialog;
  return (
    <>
      <button ref={opener} type="button" className="aq-button" aria-haspopup="dialog" aria-busy={busy} onClick={onClick}>
        {ADD_TO_COLLECTION_BUTTON_TEXTS.open}
      </button>
      {Dialog ? <Dialog open={open} artifactId={artifactId} onClose={() => setOpen(false)} returnFocus={() => opener.current?.focus()} /> : null}
    </>
  );
}
