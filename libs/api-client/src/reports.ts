import type { ReportInput, ReportReceipt, ReportView } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { send } from './client';

/** POST /reports: a notice about an artifact, from a visitor or a member (their token links it to them). */
export async function sendReport(input: ReportInput): Promise<ReportReceipt> {
  const response = await send('reports', { method: 'post', json: input });
  return response.json<ReportReceipt>();
}

/** GET /reports/:id?receipt=: a notice as its sender follows it, with the receipt they were given. */
export async function followReport(id: string, receipt: string, options: CallOptions = {}): Promise<ReportView> {
  const response = await send(`reports/${encodeURIComponent(id)}`, { searchParams: { receipt }, signal: options.signal });
  return response.json<ReportView>();
}
