/**
 * The answer drafts' key prefix and clearing them at logout: apart from lib/drafts.ts, so the first download
 * (the session, which clears them) does not carry the exam's draft reading and writing.
 */
export const DRAFT_PREFIX = 'markwell:draft:';

/** On logout: nothing of one student's work stays for the next person at this browser. */
export function clearAllDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(DRAFT_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
