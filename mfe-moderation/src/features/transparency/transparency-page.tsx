import { transparencyReport, useApiData } from '@antiquarium/api-client';
import { TransparencyFigures } from '@antiquarium/ui';
import { useCallback } from 'react';
import { Desk, Loaded } from '../../shared/desk-layout';
import { formatWhen } from '../../shared/logic';

export const TRANSPARENCY_TEXTS = {
  title: 'Transparency',
  lead: 'The figures the site publishes each month: notices, decisions, time to decide, appeals and suspensions. Nobody is named.',
  loading: 'Loading the figures…',
  failed: 'The figures could not be loaded.',
  empty: 'No figures yet.',
} as const;

/**
 * Exposed as 'moderation/Transparency' (/moderation/transparency): GET /transparency, the same
 * tables as the public page (/transparency) within the desk.
 */
export default function TransparencyPage() {
  const load = useCallback((signal: AbortSignal) => transparencyReport({ signal }), []);
  const state = useApiData('moderation-transparency', load);
  return (
    <Desk title={TRANSPARENCY_TEXTS.title} lead={TRANSPARENCY_TEXTS.lead}>
      <Loaded state={state} loading={TRANSPARENCY_TEXTS.loading} failed={TRANSPARENCY_TEXTS.failed}>
        {(report) =>
          report.months.length === 0 ? (
            <p>{TRANSPARENCY_TEXTS.empty}</p>
          ) : (
            <>
              <p className="mod-hint">Computed {formatWhen(report.generatedAt)}.</p>
              <TransparencyFigures months={report.months} />
            </>
          )
        }
      </Loaded>
    </Desk>
  );
}
