import { AntdTheme } from '@antiquarium/ui/antd-theme';
import { keepTabInside, mayDiscard } from '@antiquarium/ui';
import { Modal } from 'antd';
import { useCallback, useRef } from 'react';
import { ReportForm } from './report-form';
import { REPORT_TEXTS } from './report-texts';

export interface ReportDialogProps {
  open: boolean;
  artifactId: string;
  withEmail: boolean;
  onClose: () => void;
  /** After the dialog is gone: the focus goes back to what opened it. */
  afterClose: () => void;
}

/**
 * The report form in a dialog (the details page's Report button loads this file on click): antd's
 * Modal keeps the focus inside while open (and Tab wraps around: keepTabInside); Escape and Cancel close it,
 * after asking (the leave guard's question) when the form holds what was chosen or typed (issue 43).
 */
export function ReportDialog({ open, artifactId, withEmail, onClose, afterClose }: ReportDialogProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const unsaved = useRef(false);
  const onUnsavedChange = useCallback((value: boolean) => {
    unsaved.current = value;
  }, []);
  const cancel = () =>
    void mayDiscard(unsaved.current).then((discard) => {
      if (discard) onClose();
    });
  return (
    <AntdTheme>
      <Modal
        open={open}
        title={REPORT_TEXTS.dialogTitle}
        onCancel={cancel}
        afterClose={afterClose}
        afterOpenChange={(visible) => {
          if (visible) bodyRef.current?.querySelector<HTMLInputElement>('input')?.focus();
        }}
        closable={false}
        footer={null}
        destroyOnHidden
        width={600}
        modalRender={(dialog) => <div onKeyDown={keepTabInside}>{dialog}</div>}
      >
        <div ref={bodyRef}>
          <ReportForm artifactId={artifactId} withEmail={withEmail} onCancel={cancel} onClose={onClose} onUnsavedChange={onUnsavedChange} />
        </div>
      </Modal>
    </AntdTheme>
  );
}
