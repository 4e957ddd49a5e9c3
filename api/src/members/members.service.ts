import { BadRequestException, Inject, Injectable, Logger, NotFoundException, type OnApplicationBootstrap } from '@nestjs/common';
import { MEMBER_EXPORT_FORMAT, type DeleteAccountInput, type DeleteAccountResponse } from '@antiquarium/contracts';
import type { AuthUser } from '../auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { IdentityAccounts } from './identity-accounts';
import { MemberDataRegistry, type MemberAddress } from './member-data';
import { MemberDeletionsRepository, type MemberDeletion } from './member-deletions.repository';

/** Where the export is written: a response, or anything that takes text and says when to wait. */
export interface ExportSink {
  /** False when the consumer is behind: wait for `drained` before writing more. */
  write(chunk: string): boolean;
  drained(): Promise<void>;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Members' rights over their data (docs/decisions/0013-members-data-rights.md): the export of
 * everything held about them, and the deletion of their account, carried out through the sections
 * every module registers (member-data.ts).
 */
@Injectable()
export class MembersService implements OnApplicationBootstrap {
  private readonly logger = new Logger('MemberDeletions');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identity: IdentityAccounts,
    private readonly registry: MemberDataRegistry,
    private readonly deletions: MemberDeletionsRepository,
  ) {}

  /**
   * Writes the export as one JSON object, section after section; sections given as iterables are
   * written item by item, waiting whenever the consumer is behind, so memory stays bounded whatever
   * the member holds. 404 (before anything is written) when the sign-in account is gone.
   */
  async export(user: AuthUser, sink: ExportSink, begin: () => void): Promise<void> {
    const account = await this.identity.find(user.uid);
    if (!account) throw new NotFoundException('This account no longer exists');
    begin();
    const put = async (chunk: string) => {
      if (!sink.write(chunk)) await sink.drained();
    };
    await put(`{"format":${JSON.stringify(MEMBER_EXPORT_FORMAT)},"exportedAt":${JSON.stringify(new Date().toISOString())},"account":${JSON.stringify(account)}`);
    for (const section of this.registry.all()) {
      await put(`,${JSON.stringify(section.section)}:`);
      const value = await section.export(user.uid, { email: account.email });
      if (!isAsyncIterable(value)) {
        await put(JSON.stringify(value ?? null));
        continue;
      }
      await put('[');
      let first = true;
      for await (const item of value) {
        await put(`${first ? '' : ','}${JSON.stringify(item)}`);
        first = false;
      }
      await put(']');
    }
    await put('}\n');
  }

  /**
   * Deletes the member's account. The deletion is recorded first, then every section erases what
   * it holds (idempotently), then the sign-in account goes, then the record: a deletion cut off
   * anywhere is completed by the member's retry (while their account exists) or at start-up.
   */
  async deleteAccount(user: AuthUser, input: DeleteAccountInput): Promise<DeleteAccountResponse> {
    const account = await this.identity.find(user.uid);
    const email = account?.email ?? user.email;
    if (!email) throw new BadRequestException('This account has no email address to confirm its deletion with');
    if (!sameEmail(input.confirmEmail, email)) throw new BadRequestException('confirmEmail: Type the email address of your account to confirm');
    const deletion = await this.deletions.record(user.uid, input.contributions);
    await this.complete(deletion, { email });
    return { deleted: true, contributions: deletion.contributions };
  }

  /**
   * `member`: the account's address when the caller read it. Else it is read here: every pass that
   * runs while the account exists has it (a pass after the account is gone was preceded by one that did).
   */
  async complete(deletion: MemberDeletion, member?: MemberAddress): Promise<void> {
    const address = member ?? { email: (await this.identity.find(deletion.uid))?.email ?? null };
    const erase = async () => {
      for (const section of this.registry.inEraseOrder()) await section.erase(deletion.uid, deletion.contributions, address);
    };
    await erase();
    await this.identity.remove(deletion.uid);
    // Once more after the account is gone: a write that raced the first pass leaves nothing behind.
    await erase();
    await this.deletions.done(deletion.uid);
  }

  /** Completes deletions a stopped process left unfinished (with the start-up reconciliation). */
  async completePending(): Promise<number> {
    let completed = 0;
    for (const deletion of await this.deletions.pending()) {
      await this.complete(deletion);
      completed += 1;
    }
    return completed;
  }

  onApplicationBootstrap(): void {
    if (!this.config.reconcileOnStart) return;
    void this.completePending().then(
      (completed) => this.logger.log(`unfinished deletions completed: ${completed}`),
      (error: unknown) => this.logger.warn(`unfinished deletions skipped: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}
