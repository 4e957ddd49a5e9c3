import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MemberDataRegistry } from '../members/member-data';
import { ContributorsRepository } from './contributors.repository';

/**
 * A member's entry in Top Contributors (the name shown, their totals): in their export, and
 * removed with their account (after their artifacts, which settle it, are gone or credited to
 * "Former member").
 */
@Injectable()
export class ContributorsMemberData implements OnModuleInit {
  constructor(
    private readonly registry: MemberDataRegistry,
    private readonly contributors: ContributorsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      section: 'contributor',
      eraseOrder: 30,
      export: (uid) => this.contributors.entryOf(uid),
      erase: (uid) => this.contributors.remove(uid),
    });
  }
}
