import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthModule } from '../auth/auth.module';
import { MemberDataModule } from '../members/member-data.module';
import { MAIL_ATTEMPT_MODEL, MAIL_OUTBOX_MODEL, MAIL_PREFERENCE_MODEL, mailAttemptSchema, mailOutboxSchema, mailPreferenceSchema } from './mail.schema';
import { MailDelivery } from './mail-delivery';
import { MailMemberData } from './mail-member-data';
import { MailOutbox } from './mail-outbox';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailPreferencesController } from './mail-preferences.controller';
import { MailPreferencesRepository } from './mail-preferences.repository';
import { MemberMailPreferences } from './member-mail-preferences';
import { Outbox } from './outbox';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeLinks } from './unsubscribe-links';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * Mail that reaches people (issue 45, docs/decisions/0020-mail-outbox.md): the transactional outbox,
 * its worker (SMTP through nodemailer, retries with backoff), the templates, the one-click
 * unsubscribe, the member's own preference (`/me/mail-preferences`), and a member's mails and
 * preference in their export and erasure. Global for the port it provides (Outbox, outbox.ts): any
 * module sends mail by injecting it, without importing this one.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: MAIL_OUTBOX_MODEL, schema: mailOutboxSchema },
      { name: MAIL_ATTEMPT_MODEL, schema: mailAttemptSchema },
      { name: MAIL_PREFERENCE_MODEL, schema: mailPreferenceSchema },
    ]),
    AuthModule,
    MemberDataModule,
  ],
  controllers: [UnsubscribeController, MailPreferencesController],
  providers: [MailOutboxRepository, MailPreferencesRepository, MailDelivery, MailMemberData, MemberMailPreferences, UnsubscribeLinks, UnsubscribeService, MailOutbox, { provide: Outbox, useExisting: MailOutbox }],
  exports: [Outbox],
})
export class MailModule {}
