import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { ContributorsRepository } from './contributors.repository';
import { ANONYMOUS_KEY, FORMER_MEMBER_KEY, nameKey } from './name-key';

/**
 * Members cannot pose as each other: the name shown on artifacts and in Top Contributors is unique
 * up to what a reader can tell apart (name-key.ts). The first member shown under a name keeps it; a
 * later member whose display name reads the same cannot write under it (409) until they change it.
 * A member's own renames are free. Two members who take look-alike names in the same instant can
 * both pass this check (there is no unique index: members without a name share theirs); the
 * ranking still tells them apart by their artifacts, and an operator can rename one.
 */
@Injectable()
export class ContributorNames {
  constructor(private readonly contributors: ContributorsRepository) {}

  /** Refuses a write under `name` (the member's display name; undefined: they have none). */
  async assertMayUse(uid: string, name: string | undefined): Promise<void> {
    if (name === undefined) return;
    const key = nameKey(name);
    if (key === '') throw new BadRequestException('Your display name needs a letter or a digit: change it in your profile');
    if (key === ANONYMOUS_KEY || key === FORMER_MEMBER_KEY || (await this.contributors.nameKeyHeldByOther(key, uid))) {
      throw new ConflictException(`The display name “${name}” reads like another member’s: choose another in your profile to contribute`);
    }
  }

  /**
   * The name the member is shown under in Top Contributors, which their artifacts carry too; undefined
   * when they have no entry (no artifact, or a crash before their first settled: the start-up
   * reconciliation makes it).
   */
  async shownNameOf(uid: string): Promise<string | undefined> {
    return (await this.contributors.entryOf(uid))?.name;
  }
}
