// The api's mail classes for the mail tests: the suite's swc transform leaves decorators out, so they
// are loaded as the api runs them, from api/dist (built before the suite), and typed by their sources.
import path from 'node:path';
import type mongoose from 'mongoose';
import type { AppConfig } from '../../src/config/env';
import type { MailAttemptDoc, MailOutboxDoc, MailPreferenceDoc } from '../../src/mail/mail.schema';

type Schemas = typeof import('../../src/mail/mail.schema');
type Repositories = typeof import('../../src/mail/mail-outbox.repository');
type Preferences = typeof import('../../src/mail/mail-preferences.repository');

const DIST = path.resolve(__dirname, '../../dist/mail');

/** One compiled module of api/src/mail, typed by its source (`typeof import('../src/mail/<file>')`). */
export const compiled = <T>(file: string): Promise<T> => import(path.join(DIST, `${file}.js`)) as Promise<T>;

/** The api's mail repositories over a connection of the test's own (the models typed as the api injects them). */
export async function repositories(connection: mongoose.Connection) {
  const schemas = await compiled<Schemas>('mail.schema');
  const outbox = new (await compiled<Repositories>('mail-outbox.repository')).MailOutboxRepository(
    connection.model(schemas.MAIL_OUTBOX_MODEL, schemas.mailOutboxSchema) as unknown as mongoose.Model<MailOutboxDoc>,
    connection.model(schemas.MAIL_ATTEMPT_MODEL, schemas.mailAttemptSchema) as unknown as mongoose.Model<MailAttemptDoc>,
  );
  const preferences = new (await compiled<Preferences>('mail-preferences.repository')).MailPreferencesRepository(
    connection.model(schemas.MAIL_PREFERENCE_MODEL, schemas.mailPreferenceSchema) as unknown as mongoose.Model<MailPreferenceDoc>,
  );
  return { outbox, preferences };
}

type Outboxes = typeof import('../../src/mail/mail-outbox');
type Deliveries = typeof import('../../src/mail/mail-delivery');
type Links = typeof import('../../src/mail/unsubscribe-links');

/**
 * The api's own Outbox class writing into the main api's outbox (no optional mail exists in the api
 * yet, so the tests write one as the api would), and its unsubscribe links. No SMTP_URL: this
 * process only writes; the main api's worker sends, or suppresses.
 */
export async function outboxWriter(connection: mongoose.Connection, config: Pick<AppConfig, 'siteOrigin' | 'publicApiUrl' | 'releaseDeployToken'>) {
  const { outbox: repository, preferences } = await repositories(connection);
  const settings = { ...config, smtpUrl: undefined, mailUnsubscribeSecret: undefined } as AppConfig;
  const delivery = new (await compiled<Deliveries>('mail-delivery')).MailDelivery(settings, repository, preferences);
  const links = new (await compiled<Links>('unsubscribe-links')).UnsubscribeLinks(settings);
  const writer = new (await compiled<Outboxes>('mail-outbox')).MailOutbox(settings, repository, delivery, links);
  return { writer, links };
}
