import { Injectable } from '@nestjs/common';
import type { ContributionsChoice } from '@antiquarium/contracts';

/**
 * What a member deleting their account chose for what they contributed: `delete` removes it,
 * `anonymize` keeps it under the neutral "Former member" credit with no link to them.
 */
export type { ContributionsChoice };

/**
 * One module's part of a member's data (GDPR Art. 15, 17, 20; docs/decisions/0013-members-data-rights.md).
 * Every module that stores something about a member registers one at start-up
 * (`onModuleInit() { registry.register({...}) }`):
 * - `export(uid, member)` returns that module's section of `GET /me/export`: a JSON-serialisable
 *   value, or an AsyncIterable of items (written as a JSON array one item at a time, so a member with
 *   many records never has them all in memory: page through them or iterate a cursor);
 * - `erase(uid, mode, member)` runs when the account is deleted: remove or neutralise what the
 *   module holds about `uid`. It must be idempotent (a deletion that died half-way is run again from
 *   the start, by a retry or the start-up reconciliation) and keep only what the law needs.
 * `member` is what the identity service holds now for what a module keeps by address rather than
 * by uid (a mail preference).
 */
export interface MemberDataSection {
  /** The key of the section in the export (`notices`, `appeals`, ...); unique. */
  readonly section: string;
  /** Lower runs earlier on erase (default 100; likes 10, artifacts 20, contributors 30); the account itself goes after every section. */
  readonly eraseOrder?: number;
  export(uid: string, member: MemberAddress): Promise<unknown> | AsyncIterable<unknown>;
  erase(uid: string, mode: ContributionsChoice, member: MemberAddress): Promise<void>;
}

/** The member's address, for what a module keeps by address. */
export interface MemberAddress {
  /**
   * The sign-in account's address now (not a token's, which may be older); null for an account
   * without one, and for an erase that resumes after the account is gone (every pass before it had it).
   */
  email: string | null;
}

/** The sections registered by every module, in registration order. One instance per process. */
@Injectable()
export class MemberDataRegistry {
  private readonly sections = new Map<string, MemberDataSection>();

  register(section: MemberDataSection): void {
    if (this.sections.has(section.section)) throw new Error(`Member data section "${section.section}" is registered twice`);
    this.sections.set(section.section, section);
  }

  /** The sections for the export, in registration order. */
  all(): MemberDataSection[] {
    return [...this.sections.values()];
  }

  /** The sections in the order their data is erased. */
  inEraseOrder(): MemberDataSection[] {
    return this.all().sort((a, b) => (a.eraseOrder ?? 100) - (b.eraseOrder ?? 100));
  }
}
