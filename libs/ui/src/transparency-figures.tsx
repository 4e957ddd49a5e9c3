// The transparency figures as tables, a topic a table and a month a row: the public page
// (/transparency, the shell) and the moderators' desk (/moderation/transparency) show the same ones.
import {
  DECISION_ACTIONS,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  TERMS_RULES,
  TERMS_RULE_IDS,
  type DecisionAction,
  type TransparencyMonth,
} from '@antiquarium/contracts';
import type { ReactNode } from 'react';

export const FIGURE_TEXTS = {
  month: 'Month',
  total: 'Total',
  notices: 'Notices by reason',
  decisions: 'Decisions by action',
  grounds: 'Decisions by ground',
  appeals: 'Appeals and suspensions',
  actions: { keep: 'Kept', restrict: 'Restricted', remove: 'Removed' } satisfies Record<DecisionAction, string>,
  median: 'Median hours from first notice to decision',
  appealsTotal: 'Appeals',
  upheld: 'Upheld',
  reversed: 'Reversed',
  open: 'Open',
  suspensions: 'Suspensions',
  none: '–',
} as const;

/** '2026-11' as 'November 2026'. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (index ?? 1) - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A ground as the public reads it: a reason's label or the terms' rule number. */
export function groundLabel(ground: string): string {
  const rule = TERMS_RULES.find((item) => item.id === ground);
  if (rule) return `Terms, rule ${rule.number}`;
  return REPORT_REASONS.find((reason) => reason === ground) ? REPORT_REASON_LABELS[ground as keyof typeof REPORT_REASON_LABELS] : ground;
}

interface FigureTableProps {
  id: string;
  title: string;
  months: TransparencyMonth[];
  columns: { label: string; value: (month: TransparencyMonth) => ReactNode }[];
}

/** One topic, a month a row. Wide tables scroll inside their own focusable region, never the page. */
function FigureTable({ id, title, months, columns }: FigureTableProps) {
  return (
    <div className="aq-figures">
      <h2 id={id}>{title}</h2>
      <div className="aq-figures__scroll" role="region" aria-labelledby={id} tabIndex={0}>
        <table>
          <caption className="aq-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{FIGURE_TEXTS.month}</th>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                {columns.map((column) => (
                  <td key={column.label}>{column.value(month)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Every topic's table for the months given (the report's, newest first). */
export function TransparencyFigures({ months }: { months: TransparencyMonth[] }) {
  const T = FIGURE_TEXTS;
  // The reasons in the report form's order, then the terms' rules by number.
  const present = new Set(months.flatMap((month) => Object.keys(month.decisions.byGround)));
  const known: string[] = [...REPORT_REASONS, ...TERMS_RULE_IDS];
  const grounds = [...known.filter((ground) => present.has(ground)), ...[...present].filter((ground) => !known.includes(ground))];
  return (
    <>
      <FigureTable
        id="aq-figures-notices"
        title={T.notices}
        months={months}
        columns={[
          { label: T.total, value: (month) => month.notices.total },
          ...REPORT_REASONS.map((reason) => ({ label: REPORT_REASON_LABELS[reason], value: (month: TransparencyMonth) => month.notices.byReason[reason] ?? 0 })),
        ]}
      />
      <FigureTable
        id="aq-figures-decisions"
        title={T.decisions}
        months={months}
        columns={[
          { label: T.total, value: (month) => month.decisions.total },
          ...DECISION_ACTIONS.map((action) => ({ label: T.actions[action], value: (month: TransparencyMonth) => month.decisions.byAction[action] ?? 0 })),
          { label: T.median, value: (month) => month.medianHoursToDecision ?? T.none },
        ]}
      />
      {grounds.length > 0 && (
        <FigureTable
          id="aq-figures-grounds"
          title={T.grounds}
          months={months}
          columns={grounds.map((ground) => ({ label: groundLabel(ground), value: (month: TransparencyMonth) => month.decisions.byGround[ground] ?? 0 }))}
        />
      )}
      <FigureTable
        id="aq-figures-appeals"
        title={T.appeals}
        months={months}
        columns={[
          { label: T.appealsTotal, value: (month) => month.appeals.total },
          { label: T.upheld, value: (month) => month.appeals.upheld },
          { label: T.reversed, value: (month) => month.appeals.reversed },
          { label: T.open, value: (month) => month.appeals.open },
          { label: T.suspensions, value: (month) => month.suspensions },
        ]}
      />
    </>
  );
}
