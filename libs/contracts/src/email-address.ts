// The one rule of an email address that a visitor gives (the contact form, a notice's notifier): the
// shape the HTML form's type=email accepts (WHATWG), less what would change a mailto: link made of
// it (issue 45): `?`, `&`, `#` and `%` (a query, a fragment and escapes: cc, bcc, body), `,` and `;`
// (more recipients), spaces and control characters, quotes and brackets. The local part is dot-separated words, the
// domain two or more labels of ASCII letters, digits and inner hyphens (an international domain in
// its xn-- form, as browsers send it), the last one not all digits.

const LOCAL_WORD = "[A-Za-z0-9!$'*+/=^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL_ADDRESS = new RegExp(`^${LOCAL_WORD}(?:\\.${LOCAL_WORD})*@(?:${LABEL}\\.)+(?=[A-Za-z0-9-]*[A-Za-z])${LABEL}$`);

/** Whether the text (already trimmed) is one plain address, safe to make a mailto: link of. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
}
