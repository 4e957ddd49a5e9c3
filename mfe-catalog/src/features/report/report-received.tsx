import type { ReportReceipt } from '@antiquarium/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_TEXTS } from './report-texts';

interface ReportReceivedProps {
  receipt: ReportReceipt;
  /** The public follow page of this notice. */
  followTo: string;
  /** The dialog's Close button. */
  onClose?: () => void;
}

/** What the form becomes once the notice was received: its reference and receipt, with the focus on its heading. */
export function ReportReceived({ receipt, followTo, onClose }: ReportReceivedProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [receipt]);

  return (
    <div className="cat-report__received">
      <h2 ref={headingRef} tabIndex={-1}>
        {REPORT_TEXTS.received}
      </h2>
      <p>{REPORT_TEXTS.receivedText}</p>
      <dl className="cat-report__receipt">
        <div>
          <dt>{REPORT_TEXTS.reference}</dt>
          <dd>{receipt.id}</dd>
        </div>
        <div>
          <dt>{REPORT_TEXTS.receipt}</dt>
          <dd>{receipt.receipt}</dd>
        </div>
      </dl>
      <div className="cat-report__buttons">
        <Link className="aq-button aq-button--primary" to={followTo}>
          {REPORT_TEXTS.follow}
        </Link>
        {onClose ? (
          <button type="button" className="aq-button" onClick={onClose}>
            {REPORT_TEXTS.close}
          </button>
        ) : null}
      </div>
    </div>
  );
}
