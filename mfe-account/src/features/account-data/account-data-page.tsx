import { AntdTheme } from '@antiquarium/ui/antd-theme';
import { errorMessage, exportMyData } from '@antiquarium/api-client';
import { toast } from '@antiquarium/ui';
import { Button } from 'antd';
import { useState } from 'react';
import '../../shared/account.css';
import './account-data.css';
import { ACCOUNT_DATA_TEXTS } from './account-data-texts';
import { DeleteAccountSection } from './delete-account-section';
import { MailPreferencesSection } from './mail-preferences-section';

/** Saves a file the browser received, without a new tab. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Exposed as 'account/AccountData' (a login-required route in the shell): export, mail preference, and deletion of the account. */
export default function AccountDataPage() {
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportMyData();
      saveFile(blob, filename);
      void toast('success', ACCOUNT_DATA_TEXTS.exported);
    } catch (failure) {
      void toast('error', errorMessage(failure, ACCOUNT_DATA_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  return (
    <AntdTheme>
      <section className="aq-container acc-page acc-data" aria-labelledby="acc-data-title">
        <div className="acc-page__head">
          <h1 id="acc-data-title">{ACCOUNT_DATA_TEXTS.title}</h1>
          <p>{ACCOUNT_DATA_TEXTS.intro}</p>
        </div>

        <section className="acc-data__part" aria-labelledby="acc-data-export">
          <h2 id="acc-data-export">{ACCOUNT_DATA_TEXTS.exportTitle}</h2>
          <p>{ACCOUNT_DATA_TEXTS.exportText}</p>
          <Button type="primary" className="acc-data__button" onClick={() => void onExport()} loading={exporting} aria-busy={exporting}>
            {exporting ? ACCOUNT_DATA_TEXTS.exporting : ACCOUNT_DATA_TEXTS.exportButton}
          </Button>
        </section>

        <MailPreferencesSection />

        <DeleteAccountSection />
      </section>
    </AntdTheme>
  );
}
