import type { DeleteAccountInput, DeleteAccountResponse } from '@antiquarium/contracts';
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
