// A member's choice about the site's mail (issue 45, docs/decisions/0020-mail-outbox.md). Mandatory
// notices (decisions about their artifacts, the outcome of notices they sent, appeals, replies they
// asked for) are always sent; optional mail is sent unless they opted out, here or from the
// one-click unsubscribe link of such a mail. Validation: `@antiquarium/contracts/validation`.

/** The body of `PUT /me/mail-preferences` and the answer of both its routes. */
export interface MailPreferences {
  /** False once the member's address opted out of optional mail. */
  optionalMail: boolean;
}
