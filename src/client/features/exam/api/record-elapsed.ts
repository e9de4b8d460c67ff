import { readSessionToken } from '../../../lib/session-token';

/**
 * POST /api/question-papers/{id}/elapsed: the exam timer, kept on the server (the larger value wins there).
 * A keepalive fetch, so the last value still arrives when the tab is closed; failures are ignored (the next
 * tick sends a larger value).
 */
export function recordElapsed(paperId: string, elapsedSeconds: number): void {
  const token = readSessionToken();
  void fetch(`/api/question-papers/${encodeURIComponent(paperId)}/elapsed`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ elapsedSeconds }),
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
}
