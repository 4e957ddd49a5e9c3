import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/auth.module';
import { IdentityAccounts } from './identity-accounts';
import { MEMBER_DELETION_MODEL, memberDeletionSchema } from './member-deletion.schema';
import { MemberDataModule } from './member-data.module';
import { MemberDeletionsRepository } from './member-deletions.repository';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';

/** GET /me/export and DELETE /me over the sections every module registers (member-data.ts). */
@Module({
  imports: [MongooseModule.forFeature([{ name: MEMBER_DELETION_MODEL, schema: memberDeletionSchema }]), MemberDataModule, AuthModule],
  controllers: [MembersController],
  providers: [IdentityAccounts, MemberDeletionsRepository, MembersService],
})
export class MembersModule {}
