import type { AccountDeletionRequest, AccountDeletionResult } from '@preloved/contract';
import { clearSessionAtom, store } from '../state/store';
import { api } from './client';

// GDPR calls of /user/privacy (issue 46): the person's data as a file, and the deletion of their account.
// The page shows their errors itself (the refusal's reason in words), so the catalogue's toast is skipped.
const own = { handlesErrors: true };

/** GET customers/privacy/export: the JSON file and the name the store gave it. */
export async function downloadMyData(): Promise<{ file: Blob; name: string }> {
  const response = await api().get('customers/privacy/export', { context: own });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'preloved-my-data.json';
  return { file: await response.blob(), name };
}

/** POST customers/privacy/delete with the password as step-up proof; once deleted, this browser is signed out (the store ended every session). */
export async function deleteMyAccount(json: AccountDeletionRequest): Promise<AccountDeletionResult> {
  const result = await api().post('customers/privacy/delete', { json, context: own }).json<AccountDeletionResult>();
  store.set(clearSessionAtom);
  return result;
}
