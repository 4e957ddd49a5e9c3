import { deleteCollection, errorMessage } from '@antiquarium/api-client';
import { allowLeaving, toast } from '@antiquarium/ui';
import { DestructiveDialog } from '@antiquarium/ui/destructive-dialog';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

export const DELETE_COLLECTION_TEXTS = {
  open: 'Delete collection',
  dialogTitle: 'Delete this collection?',
  dialogText: (title: string) => `“${title}” will be deleted for good. The artifacts in it stay on Antiquarium.`,
  cancel: 'Cancel',
  confirm: 'Delete collection',
  deleting: 'Deleting…',
  deleted: 'Collection deleted',
  failed: 'The collection could not be deleted.',
} as const;

/** The destructive action, behind a confirmation that opens with the focus on Cancel. */
export function DeleteCollection({ id, title }: { id: string; title: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (deleting) return;
    setOpen(false);
    setError(null);
  };

  const onDelete = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deleteCollection(id);
    } catch (failure) {
      setDeleting(false);
      setError(errorMessage(failure, DELETE_COLLECTION_TEXTS.failed));
      return;
    }
    setDeleting(false);
    setOpen(false);
    void toast('success', DELETE_COLLECTION_TEXTS.deleted);
    // Unsaved notes or details of a deleted collection have nothing left to be saved to.
    allowLeaving();
    navigate('/my-collections', { replace: true });
  };

  return (
    <>
      <Button danger size="large" onClick={() => setOpen(true)}>
        {DELETE_COLLECTION_TEXTS.open}
      </Button>
      <DestructiveDialog
        open={open}
        title={DELETE_COLLECTION_TEXTS.dialogTitle}
        busy={deleting}
        cancelText={DELETE_COLLECTION_TEXTS.cancel}
        confirmText={DELETE_COLLECTION_TEXTS.confirm}
        busyText={DELETE_COLLECTION_TEXTS.deleting}
        onCancel={close}
        onConfirm={() => void onDelete()}
        size="large"
      >
        <p>{DELETE_COLLECTION_TEXTS.dialogText(title)}</p>
        {error ? (
          <p role="alert" className="cat-collection__error">
            {error}
          </p>
        ) : null}
      </DestructiveDialog>
    </>
  );
}
