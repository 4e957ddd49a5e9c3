/**
 * The credit of what a member chose to leave behind when they deleted their account: shown as its
 * adder's name, with no link to them.
 */
export { FORMER_MEMBER_NAME } from '@antiquarium/contracts';

/**
 * The owner id of an artifact kept under the "Former member" credit. Identity-service uids are at
 * most 128 characters (Firebase), so this 129-character id never matches a real member: nobody can
 * edit, delete or be credited for such an artifact, and it counts for no contributor.
 */
export const FORMER_MEMBER_UID = `former-member:${'-'.repeat(115)}`;
