// The moderators' calls (docs/decisions/0012-moderation.md), through the site's one api client (its
// token, its errors). They live in this remote, not in libs/api-client: the client is a shared module
// the first pages load whole, and no visitor needs these.
import { readPage, send, type Page } from '@antiquarium/api-client';
import {
  type AppealCase,
  type AppealDecisionInput,
  type AppealView,
  type AuditEntry,
  type ContactMessage,
  type ContactStatus,
  type DecisionInput,
  type DecisionView,
  type MisuseCase,
  type QueueEntry,
} from '@antiquarium/contracts';

/** One page of a moderators' list, as the api client's readPage reads it. */
export type { Page };

/** The moderators' lists are short pages: each entry carries a lot to read. */
export const PAGE_SIZE = 10;

async function list<T>(path: string, page: number, signal: AbortSignal, extra: Record<string, string> = {}): Promise<Page<T>> {
  const response = await send(path, { signal, searchParams: { ...extra, page: String(page), limit: String(PAGE_SIZE) } });
  return readPage(await response.json<T[]>(), response.headers, { page, pageSize: PAGE_SIZE });
}

/** GET /moderation/reports?status=open: open notices grouped by artifact, oldest first. */
export const queuePage = (page: number, signal: AbortSignal) => list<QueueEntry>('moderation/reports', page, signal, { status: 'open' });

export type AppealsStatus = 'open' | 'decided';

/** GET /moderation/appeals?status=open|decided: each with its artifact, the decision appealed, and whether the reader may rule. */
export const appealsPage = (status: AppealsStatus, page: number, signal: AbortSignal) => list<AppealCase>('moderation/appeals', page, signal, { status });

/** GET /moderation/cases: members warned or suspended for misuse, with their history. */
export const casesPage = (page: number, signal: AbortSignal) => list<MisuseCase>('moderation/cases', page, signal);

/** GET /moderation/audit: every moderation action, newest first. */
export const auditPage = (page: number, signal: AbortSignal) => list<AuditEntry>('moderation/audit', page, signal);

/** POST /moderation/decisions. */
export async function recordDecision(input: DecisionInput): Promise<DecisionView> {
  return (await send('moderation/decisions', { method: 'post', json: input })).json<DecisionView>();
}

/** POST /moderation/appeals/:id/decision (403 for the moderator who took the decision). */
export async function decideAppeal(id: string, input: AppealDecisionInput): Promise<AppealView> {
  return (await send(`moderation/appeals/${encodeURIComponent(id)}/decision`, { method: 'post', json: input })).json<AppealView>();
}

/** POST /appeals/:id/messages: a moderator's reply in the appeal's thread. */
export async function replyToAppeal(id: string, text: string): Promise<AppealView> {
  return (await send(`appeals/${encodeURIComponent(id)}/messages`, { method: 'post', json: { text } })).json<AppealView>();
}

/** GET /moderation/contact?status=open|handled: the contact page's messages, newest first. */
export const inboxPage = (status: ContactStatus, page: number, signal: AbortSignal) =>
  list<ContactMessage>('moderation/contact', page, signal, { status });

/** POST /moderation/contact/:id/handled (the same answer again for one already handled). */
export async function markContactHandled(id: string): Promise<ContactMessage> {
  return (await send(`moderation/contact/${encodeURIComponent(id)}/handled`, { method: 'post' })).json<ContactMessage>();
}
