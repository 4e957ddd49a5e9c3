import { send } from '@antiquarium/api-client';
import type { ContactMessage, ContactReplyInput } from '@antiquarium/contracts';

/**
 * POST /moderation/contact/:id/replies: the reply is kept with the message and mailed to its sender
 * (through the api's outbox: the answer does not wait for the mail to leave). The message comes back
 * with its replies.
 */
export async function replyToContact(id: string, input: ContactReplyInput): Promise<ContactMessage> {
  return (await send(`moderation/contact/${encodeURIComponent(id)}/replies`, { method: 'post', json: input })).json<ContactMessage>();
}
