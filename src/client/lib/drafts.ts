import { DRAFT_PREFIX as PREFIX } from './clear-drafts';

/** Answer drafts kept on this device until the server has them, so no text is ever lost (cleared at logout: clear-drafts.ts). */

export interface LocalDraft {
  text: string;
  /** When it was typed (ms since epoch). */
  at: number;
  /** The server's revision this text is based on (0: no answer yet); absent in drafts kept before revisions. */
  revision?: number;
}

export function readDraft(questionId: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(PREFIX + questionId);
    return raw ? (JSON.parse(raw) as LocalDraft) : null;
  } catch {
    return null;
  }
}

export function writeDraft(questionId: string, text: string, revision?: number): void {
  try {
    localStorage.setItem(PREFIX + questionId, JSON.stringify({ text, at: Date.now(), revision } satisfies LocalDraft));
  } catch {
    // Storage full or disabled: the server copy is then the only one.
  }
}

export function clearDraft(questionId: string, savedText: string): void {
  const draft = readDraft(questionId);
  if (draft && draft.text === savedText) localStorage.removeItem(PREFIX + questionId);
}
