import { ForbiddenException } from '@nestjs/common';

/**
 * Says whether a member may write (add, change, like, report), for the write guard: the moderation
 * module provides it (moderation/suspensions.ts) and the guard asks it on every write. An abstract
 * class, so that the guard depends on no module of its own.
 */
export abstract class WriteSuspensions {
  /** Throws SuspendedMember while the member is suspended. */
  abstract assertMayWrite(uid: string): Promise<void>;
}

export class SuspendedMember extends ForbiddenException {
  constructor(until: Date) {
    super(`Your account is suspended until ${until.toISOString()} for repeated misuse: you can still read, export and delete your data`);
  }
}
