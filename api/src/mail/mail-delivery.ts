import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailPreferencesRepository } from './mail-preferences.repository';
import { SmtpTransport } from './mail-transport';
import { MailWorker } from './mail-worker';

/**
 * The process's mail worker, with SMTP_URL: started once the application is up, stopped before the
 * database connection closes. Without SMTP_URL (allowed outside production) mail is written to the
 * outbox and not sent, which the start-up says once; an instance with a mail server sends it.
 */
@Injectable()
export class MailDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly worker: MailWorker | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig, outbox: MailOutboxRepository, preferences: MailPreferencesRepository) {
    this.worker = config.smtpUrl ? new MailWorker(outbox, preferences, new SmtpTransport(config.smtpUrl, config.mailFrom)) : undefined;
  }

  onApplicationBootstrap(): void {
    if (this.worker) this.worker.start();
    else this.logger.warn('SMTP_URL is not set: mail is written to the outbox (mail_outbox) and not sent by this instance');
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.stop();
  }

  /** A mail was written: the worker looks at once (no-op without a mail server). */
  kick(): void {
    this.worker?.kick();
  }
}
