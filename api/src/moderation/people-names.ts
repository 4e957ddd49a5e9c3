import { Injectable, UnauthorizedException } from '@nestjs/common';
import { TokenVerifier } from '../auth/token-verifier';
import { TtlCache } from '@antiquarium/contracts/ttl-cache';
import { FORMER_MEMBER_NAME, FORMER_MEMBER_UID } from '../members/former-member';

/** How long a name read from the identity service is reused: a rename shows within it. */
export const NAME_TTL_MS = 5 * 60_000;
const MAX_NAMES = 2000;

/**
 * The display names of the people the moderators' screens name (who decided, who acted in the
 * audit log), read from the identity service as they are now, not as they were: the records keep
 * uids only, so a rename is followed and an erased member is never named. A name that cannot be
 * read (the service down, the account gone, no name set) is null: the screen falls back to the uid.
 * The stand-in for deleted members is named as their artifacts' credit is.
 */
/** An audit entry's target as moderators read it: `member:` and the stand-in for deleted members, by its name. */
export function shownTarget(target: string): string {
  return target === `member:${FORMER_MEMBER_UID}` ? `member:${FORMER_MEMBER_NAME}` : target;
}

@Injectable()
export class PeopleNames {
  private readonly names = new TtlCache<string | null>(NAME_TTL_MS, MAX_NAMES);

  constructor(private readonly verifier: TokenVerifier) {}

  /** The names of `uids` (each looked up once, in parallel: a page names a few people). */
  async of(uids: Iterable<string>): Promise<Map<string, string | null>> {
    const distinct = [...new Set(uids)];
    const names = await Promise.all(distinct.map((uid) => this.nameOf(uid)));
    return new Map(distinct.map((uid, index) => [uid, names[index] ?? null]));
  }

  private async nameOf(uid: string): Promise<string | null> {
    // Stand-ins for erased people (docs/decisions/0013, 0048) are nobody to ask about.
    if (uid === FORMER_MEMBER_UID) return FORMER_MEMBER_NAME;
    if (uid.startsWith('erased:')) return null;
    try {
      return await this.names.get(uid, async () => {
        try {
          return (await this.verifier.account(uid)).name ?? null;
        } catch (error) {
          // The account is gone: that is an answer worth keeping. An outage is not (tried again next time).
          if (error instanceof UnauthorizedException) return null;
          throw error;
        }
      });
    } catch {
      return null;
    }
  }
}
