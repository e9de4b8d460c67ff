import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '../../../../shared/account-data';
import { apiRequest, throwIfNotOk } from '../../../lib/api-request';
import { clearAllDrafts } from '../../../lib/clear-drafts';
import { clearSessionToken, readSessionToken } from '../../../lib/session-token';

/** The file name the server gave (Content-Disposition), or a fallback of the same shape. */
function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? `markwell-data-${new Date().toISOString().slice(0, 10)}.json`;
}

/** GET /api/users/me/export: everything the account owns, as one JSON file saved by the browser (docs/data-export.md). */
export async function downloadMyData(): Promise<string> {
  const token = readSessionToken();
  const res = await fetch('/api/users/me/export', {
    method: 'GET',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  await throwIfNotOk(res);
  const filename = fileNameOf(res.headers.get('content-disposition'));
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** DELETE /api/users/me {password}: the account and everything it owns, for good. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeleteAccountRequest) => apiRequest<null>('DELETE', '/api/users/me', input) });
}

/** After the deletion: nothing of the account stays in this browser, and the landing page is loaded afresh, signed out. */
export function leaveSignedOut(): void {
  clearSessionToken();
  clearAllDrafts();
  window.location.assign('/');
}
