// The api's mail classes for the mail tests: the suite's swc transform leaves decorators out, so they
// are loaded as the api runs them, from api/dist (built before the suite), and typed by their sources.
import path from 'node:path';
import type mongoose from 'mongoose';
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
