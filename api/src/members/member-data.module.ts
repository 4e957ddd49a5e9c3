import { Module } from '@nestjs/common';
import { MemberDataRegistry } from './member-data';

/**
 * The registry through which modules contribute to a member's export and react to the deletion of
 * their account: import this module and call `MemberDataRegistry.register` in `onModuleInit`
 * (member-data.ts). It has no imports, so any module can import it without a cycle.
 */
@Module({
  providers: [MemberDataRegistry],
  exports: [MemberDataRegistry],
})
export class MemberDataModule {}
