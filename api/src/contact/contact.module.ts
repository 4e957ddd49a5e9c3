import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/auth.module';
import { MemberDataModule } from '../members/member-data.module';
import { ModerationRecordsModule } from '../moderation/moderation-records.module';
import { CONTACT_MESSAGE_MODEL, contactMessageSchema } from './contact-message.schema';
import { ContactRepliesRepository } from './contact-replies.repository';
import { CONTACT_REPLY_MODEL, contactReplySchema } from './contact-reply.schema';
import { ContactController, ContactInboxController } from './contact.controller';
import { ContactMemberData } from './contact-member-data';
import { ContactMessagesRepository } from './contact-messages.repository';
import { ContactService } from './contact.service';

/**
 * The contact page's messages (issue #32): stored when sent (`POST /contact`), shown to the team in
 * the moderators' inbox (`/moderation/contact`), answered from it by mail (issue 45). The audit
 * log comes from ModerationRecordsModule, the Outbox from the global MailModule.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CONTACT_MESSAGE_MODEL, schema: contactMessageSchema },
      { name: CONTACT_REPLY_MODEL, schema: contactReplySchema },
    ]),
    AuthModule,
    MemberDataModule,
    ModerationRecordsModule,
  ],
  controllers: [ContactController, ContactInboxController],
  providers: [ContactMessagesRepository, ContactRepliesRepository, ContactService, ContactMemberData],
})
export class ContactModule {}
