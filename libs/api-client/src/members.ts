import type { DeleteAccountInput, DeleteAccountResponse, MailPreferences } from '@antiquarium/contracts';
import type { CallOptions } from './artifacts';
import { send } from './client';

/** GET /me/export: everything the site holds about the signed-in member, as a JSON file. */
export async function exportMyData(): Promise<{ blob: Blob; filename: string }> {
  const response = await send('me/export', { retry: 0, timeout: 60_000 });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'antiquarium-data.json';
  return { blob: await response.blob(), filename };
}

/** DELETE /me: deletes the signed-in member's account, their artifacts deleted or anonymized. */
export async function deleteMyAccount(input: DeleteAccountInput): Promise<DeleteAccountResponse> {
  const response = await send('me', { method: 'delete', json: input, timeout: 60_000 });
  return response.json<DeleteAccountResponse>();
}

/** GET /me/mail-preferences: whether the signed-in member's address gets optional mail. */
export async function mailPreferences(options: CallOptions = {}): Promise<MailPreferences> {
  return (await send('me/mail-preferences', { signal: options.signal })).json<MailPreferences>();
}

/** PUT /me/mail-preferences: records the member's choice; answers it as stored. */
export async function setMailPreferences(preferences: MailPreferences): Promise<MailPreferences> {
  return (await send('me/mail-preferences', { method: 'put', json: preferences })).json<MailPreferences>();
}
