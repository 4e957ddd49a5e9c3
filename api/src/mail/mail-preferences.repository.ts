import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { MAIL_PREFERENCE_MODEL, type MailPreferenceDoc } from './mail.schema';
import { preferenceAddress } from './unsubscribe-token';

/** The only code that reads or writes mail_preferences (keyed by the address in lower case). */
@Injectable()
export class MailPreferencesRepository {
  constructor(@InjectModel(MAIL_PREFERENCE_MODEL) private readonly preferences: Model<MailPreferenceDoc>) {}

  async optedOut(address: string): Promise<boolean> {
    return (await this.choiceOf(address))?.optedOut === true;
  }

  /** The address's recorded choice and when it was made; null when it never chose. */
  async choiceOf(address: string): Promise<MailPreferenceDoc | null> {
    return this.preferences.findById(preferenceAddress(address)).lean<MailPreferenceDoc>().exec();
  }

  /** A plain upsert by `_id`: setting it twice, or from two instances, leaves one whole choice. */
  async setOptedOut(address: string, optedOut: boolean, at: Date): Promise<void> {
    await this.preferences.updateOne({ _id: preferenceAddress(address) }, { $set: { optedOut, at } }, { upsert: true }).exec();
  }

  /** Forgets the address's choice (its member deleted their account); again: nothing more. */
  async forget(address: string): Promise<void> {
    await this.preferences.deleteOne({ _id: preferenceAddress(address) }).exec();
  }
}
