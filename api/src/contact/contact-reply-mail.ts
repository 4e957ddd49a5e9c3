import type { MailRequest } from '../mail/outbox';
import { mailDate } from '../mail/mail-template';

/**
 * The mail that carries a moderator's reply to the sender of a contact message: mandatory (an answer
 * they asked for, sent whatever their mail preference), with their message quoted below and the
 * contact page as the way to write again (the sender address reads no mail).
 */
export function contactReplyMail(message: { name: string; email: string; message: string; receivedAt: Date; senderUid?: string | null }, reply: string): MailRequest {
  return {
    to: message.email,
    ...(message.senderUid ? { recipientUid: message.senderUid } : {}),
    kind: 'contact-reply',
    mandatory: true,
    subject: 'Re: your message to Antiquarium',
    paragraphs: [`Hello ${message.name},`, reply, 'This address does not read replies: to write to us again, use the contact page.'],
    quote: { heading: `You wrote on ${mailDate(message.receivedAt)}:`, text: message.message },
    link: { path: '/contact', label: 'Write to us again' },
  };
}
