import type { AppealInput, AppealView, MisuseCase, ReportView, StatementOfReasons, TransparencyReport } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { send } from './client';

/** GET /me/notices: the statements of reasons the signed-in member received, newest first. */
export async function myNotices(options: CallOptions = {}): Promise<StatementOfReasons[]> {
  return (await send('me/notices', { signal: options.signal })).json<StatementOfReasons[]>();
}

/** GET /me/reports: the notices the signed-in member sent, with their outcome (first page, newest first). */
export async function myReports(options: CallOptions = {}): Promise<ReportView[]> {
  return (await send('me/reports', { searchParams: { limit: 50 }, signal: options.signal })).json<ReportView[]>();
}

/** GET /me/standing: the member's warnings and suspensions (empty when in good standing). */
export async function myStanding(options: CallOptions = {}): Promise<MisuseCase[]> {
  return (await send('me/standing', { signal: options.signal })).json<MisuseCase[]>();
}

/** POST /appeals: appeals a decision (DSA Art. 20); answers the appeal with its thread. */
export async function sendAppeal(input: AppealInput): Promise<AppealView> {
  return (await send('appeals', { method: 'post', json: input })).json<AppealView>();
}

/** GET /appeals/:id: an appeal and its thread, for its appellant. */
export async function getAppeal(id: string, options: CallOptions = {}): Promise<AppealView> {
  return (await send(`appeals/${encodeURIComponent(id)}`, { signal: options.signal })).json<AppealView>();
}

/** POST /appeals/:id/messages: adds the appellant's message to the thread; answers the appeal. */
export async function sendAppealMessage(id: string, text: string): Promise<AppealView> {
  return (await send(`appeals/${encodeURIComponent(id)}/messages`, { method: 'post', json: { text } })).json<AppealView>();
}

/** GET /transparency: the public figures per month (DSA Art. 24). */
export async function transparencyReport(options: CallOptions = {}): Promise<TransparencyReport> {
  return (await send('transparency', { signal: options.signal })).json<TransparencyReport>();
}
