/** Answer drafts kept on this device until the server has them, so no text is ever lost. */
const PREFIX = 'markwell:draft:';

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

/** On logout: nothing of one student's work stays for the next person at this browser. */
export function clearAllDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
