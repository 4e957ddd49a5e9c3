import type { MailRequest } from './outbox';

/** The name every mail is signed with. */
export const SITE_NAME = 'Antiquarium';

/** A mail as the outbox stores it and the worker sends it. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Where the rendered links point: the site (links back) and, for optional mail, this recipient's unsubscribe link. */
export interface MailLinks {
  siteOrigin: string;
  /** Absent for a mandatory mail: it has no unsubscribe link or headers. */
  unsubscribeUrl?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] as string);
}

/** A moment as mails say it: `20 Nov 2026, 09:30 UTC` (as the moderators' screens do). */
export function mailDate(date: Date): string {
  return `${date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/** Escaped, line breaks kept. */
const htmlLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>\n');

/** A path on the site (one leading slash, not `//host`), made absolute on its origin. */
function siteUrl(siteOrigin: string, path: string): string {
  if (!/^\/(?!\/)/.test(path)) throw new Error(`a mail's link must be a path on the site, not ${JSON.stringify(path)}`);
  return `${siteOrigin}${path}`;
}

/**
 * Renders a mail: a text and an HTML part with the same content (paragraphs, the quoted text, the
 * link back, the site's name and address), and for an optional mail the unsubscribe link in both
 * and the one-click headers (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058). Every text
 * from the request is escaped in the HTML part.
 */
export function renderMail(request: Pick<MailRequest, 'subject' | 'paragraphs' | 'quote' | 'link' | 'mandatory'>, links: MailLinks): RenderedMail {
  if (!request.mandatory && !links.unsubscribeUrl) throw new Error('an optional mail needs its unsubscribe link');
  const link = request.link ? { url: siteUrl(links.siteOrigin, request.link.path), label: request.link.label } : undefined;
  const unsubscribe = request.mandatory ? undefined : links.unsubscribeUrl;

  const text = [
    ...request.paragraphs,
    ...(request.quote ? [`${request.quote.heading}\n${request.quote.text.split(/\r?\n/).map((line) => `> ${line}`).join('\n')}`] : []),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    // The signature separator ("-- ", with its space) lets mail clients fold what follows.
    `-- \n${SITE_NAME}\n${links.siteOrigin}/${unsubscribe ? `\n\nTo receive no more of these emails: ${unsubscribe}` : ''}`,
  ].join('\n\n');

  const html = [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(request.subject)}</title></head>`,
    '<body style="font-family: Georgia, serif; line-height: 1.5; color: #222;">',
    ...request.paragraphs.map((paragraph) => `<p>${htmlLines(paragraph)}</p>`),
    ...(request.quote
      ? [`<p>${htmlLines(request.quote.heading)}</p>`, `<blockquote style="margin: 0 0 1em; padding-left: 1em; border-left: 3px solid #ccc;">${htmlLines(request.quote.text)}</blockquote>`]
      : []),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    '<hr>',
    `<p><a href="${escapeHtml(links.siteOrigin)}/">${SITE_NAME}</a></p>`,
    ...(unsubscribe ? [`<p style="font-size: 0.85em;"><a href="${escapeHtml(unsubscribe)}">Receive no more of these emails</a></p>`] : []),
    '</body>',
    '</html>',
  ].join('\n');

  const headers: Record<string, string> = unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
  return { subject: request.subject, text, html, headers };
}
