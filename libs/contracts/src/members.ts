// Members' rights over their data (GDPR Art. 15, 17, 20; docs/decisions/0013-members-data-rights.md).

/** What happens to a deleting member's artifacts: removed, or kept under the "Former member" credit. */
export const CONTRIBUTIONS_CHOICES = ['delete', 'anonymize'] as const;
export type ContributionsChoice = (typeof CONTRIBUTIONS_CHOICES)[number];

/** The body of `DELETE /me`: the choice, and the member's email typed again as confirmation. */
export interface DeleteAccountInput {
  contributions: ContributionsChoice;
  confirmEmail: string;
}

/** The answer of `DELETE /me`. */
export interface DeleteAccountResponse {
  deleted: true;
  contributions: ContributionsChoice;
}

/** The name under which artifacts of a member who deleted their account are kept. */
export const FORMER_MEMBER_NAME = 'Former member';

/** The format tag of `GET /me/export` (a member's data, machine-readable). */
export const MEMBER_EXPORT_FORMAT = 'antiquarium-member-export/1';
