import { escapeHtml, mailDate, renderMail, SITE_NAME } from './mail-template';

const origin = 'https://antiquarium.example';
const unsubscribeUrl = 'https://api.antiquarium.example/mail/unsubscribe?token=u1.abc.def';
const base = {
  subject: 'Re: your message to Antiquarium',
  paragraphs: ['Hello Ada,', 'It is ours.\nYou may reuse it.'],
  quote: { heading: 'You wrote:', text: 'Is the photo yours?\nMay I reuse it?' },
  link: { path: '/contact', label: 'Write to us again' },
};

test('a mandatory mail: the same content in a text and an HTML part, the site’s name and a link back, no unsubscribe', () => {
  const mail = renderMail({ ...base, mandatory: true }, { siteOrigin: origin });
  expect(mail.subject).toBe(base.subject);
  expect(mail.text).toBe(
    [
      'Hello Ada,',
      'It is ours.\nYou may reuse it.',
      'You wrote:\n> Is the photo yours?\n> May I reuse it?',
      'Write to us again: https://antiquarium.example/contact',
      `-- \n${SITE_NAME}\nhttps://antiquarium.example/`,
    ].join('\n\n'),
  );
  expect(mail.html).toContain('<p>It is ours.<br>\nYou may reuse it.</p>');
  expect(mail.html).toContain('<blockquote style="margin: 0 0 1em; padding-left: 1em; border-left: 3px solid #ccc;">Is the photo yours?<br>\nMay I reuse it?</blockquote>');
  expect(mail.html).toContain('<a href="https://antiquarium.example/contact">Write to us again</a>');
  expect(mail.html).toContain(`<a href="https://antiquarium.example/">${SITE_NAME}</a>`);
  expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(mail.headers).toEqual({});
  expect(`${mail.text}${mail.html}`).not.toMatch(/unsubscribe/i);
});

test('an optional mail carries its unsubscribe link in both parts and the one-click headers (RFC 8058)', () => {
  const mail = renderMail({ ...base, mandatory: false }, { siteOrigin: origin, unsubscribeUrl });
  expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  expect(mail.text).toContain(`To receive no more of these emails: ${unsubscribeUrl}`);
  expect(mail.html).toContain(`<a href="${escapeHtml(unsubscribeUrl)}">Receive no more of these emails</a>`);
  expect(() => renderMail({ ...base, mandatory: false }, { siteOrigin: origin })).toThrow(/unsubscribe link/);
});

test('every text of the request is escaped in the HTML part, and stays as written in the text part', () => {
  const hostile = '<script>alert("x")</script> & <a href=\'https://evil.example\'>click</a>';
  const mail = renderMail(
    { subject: hostile, paragraphs: [hostile], quote: { heading: hostile, text: hostile }, link: { path: '/artifacts/1?a=1&b="2"', label: hostile }, mandatory: true },
    { siteOrigin: origin },
  );
  expect(mail.html).not.toMatch(/<script|<a href='https:\/\/evil/);
  expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=&#39;https://evil.example&#39;&gt;click&lt;/a&gt;');
  expect(mail.html).toContain('<title>&lt;script&gt;');
  expect(mail.html).toContain('<a href="https://antiquarium.example/artifacts/1?a=1&amp;b=&quot;2&quot;">');
  expect(mail.text).toContain(hostile);
});

test('a link back is a path on the site, never another host', () => {
  for (const path of ['https://evil.example/', '//evil.example/x', 'contact', '', 'javascript:alert(1)']) {
    expect(() => renderMail({ ...base, link: { path, label: 'x' }, mandatory: true }, { siteOrigin: origin })).toThrow(/a path on the site/);
  }
  const plain = renderMail({ subject: 's', paragraphs: ['p'], mandatory: true }, { siteOrigin: origin });
  expect(plain.text).toBe(`p\n\n-- \n${SITE_NAME}\nhttps://antiquarium.example/`);
});

test('dates are said as the moderators’ screens say them, in UTC', () => {
  expect(mailDate(new Date('2026-11-20T09:30:00Z'))).toBe('20 Nov 2026, 09:30 UTC');
});
