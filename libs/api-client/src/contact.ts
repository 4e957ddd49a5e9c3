import type { ContactMessageInput, ContactReceipt } from '@antiquarium/contracts';
import { send } from './client';

/**
 * POST /contact: a message from the contact page, by a visitor or a member (their token links it to
 * them). Resolves only once the api stored it; a 400 is an ApiRequestError whose `fields` hold the
 * message of each failing field (`name`, `email`, `message`), a 429 one that says to slow down.
 */
export async function sendContactMessage(input: ContactMessageInput): Promise<ContactReceipt> {
  const response = await send('contact', { method: 'post', json: input });
  return response.json<ContactReceipt>();
}
