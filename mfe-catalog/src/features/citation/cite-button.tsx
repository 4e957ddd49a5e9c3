import type { Artifact } from '@antiquarium/contracts';
import { toast } from '@antiquarium/ui';
import { useRef, useState, type ComponentType } from 'react';
import type { CiteDialogProps } from './cite-dialog';
import { CITE_TEXTS } from './citation-texts';

/** "Cite this" on the details page: the dialog's code (citation-js, antd) is loaded on the first click only. */
export function CiteButton({ artifact }: { artifact: Pick<Artifact, '_id' | 'name'> }) {
  const [Dialog, setDialog] = useState<ComponentType<CiteDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onOpen = async () => {
    if (!Dialog) {
      setLoading(true);
      try {
        const { CiteDialog } = await import('./cite-dialog');
        setDialog(() => CiteDialog);
      } catch {
        void toast('error', CITE_TEXTS.loadFailed);
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  };

  return (
    <>
      <button ref={buttonRef} type="button" className="aq-button" aria-haspopup="dialog" aria-busy={loading} onClick={() => void onOpen()}>
        {CITE_TEXTS.open}
      </button>
      {Dialog ? (
        <Dialog open={open} artifact={artifact} onClose={() => setOpen(false)} afterClose={() => buttonRef.current?.focus()} />
      ) : null}
    </>
  );
}
