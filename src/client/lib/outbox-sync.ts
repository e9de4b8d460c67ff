import type { Answer, StoredFeedback } from '../../shared/practice';
import { apiRequest, isApiError } from './api-request';
import { clearDraft, readDraft, writeDraft } from './drafts';
import { readOutbox, updateEntry, type OutboxEntry } from './outbox';

/** What the server said for a question the outbox delivered: the screens take it in (use-autosave, exam page). */
export interface Delivered {
  questionId: string;
  /** Absent when the server refused it for good (the draft stays on this device). */
  answer?: Answer;
  feedback?: StoredFeedback;
}

export type Send = <T>(method: 'POST', url: string, body: unknown) => Promise<T>;

const deliveredListeners = new Set<(delivered: Delivered) => void>();

export function onDelivered(listener: (delivered: Delivered) => void): () => void {
  deliveredListeners.add(listener);
  return () => deliveredListeners.delete(listener);
}

/** The network (or the server, for a moment) is not there: stop, and try again later. */
function isUnreachable(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500 || error.status === 429 || error.status === 401;
}

/** The server holds this text at this revision: the draft, if it still holds more, is now based on it. */
function adopt(questionId: string, text: string, revision: number): void {
  clearDraft(questionId, text);
  const draft = readDraft(questionId);
  if (draft) writeDraft(questionId, draft.text, Math.max(revision, draft.revision ?? 0));
}

let running: Promise<boolean> | null = null;

/**
 * Sends what the outbox holds, in order, one request at a time, with the save API's revision rules: a draft is
 * saved on the revision its draft is based on, a submission on the one it was submitted on (or the one the save
 * before it brought back); a save refused as based on an older revision (409) is dropped from the outbox and its
 * draft kept, so opening the question offers both versions (nothing is overwritten, nothing lost). A submission is
 * saved as submitted, then marked, then its feedback kept, each step once. Drafts of questions a screen is saving
 * itself (`owned`) are left to it. Stops at the first failure of the network; true when nothing is left.
 * One run at a time: a second call while one runs gets the same run.
 */
export function syncOutbox(options: { owned?: (questionId: string) => boolean; send?: Send } = {}): Promise<boolean> {
  running ??= runOutbox(options).finally(() => {
    running = null;
  });
  return running;
}

async function runOutbox({ owned = () => false, send = apiRequest as Send }: { owned?: (questionId: string) => boolean; send?: Send }) {
  /** The revision each question's save in this run brought back. */
  const revisions = new Map<string, number>();
  const skipped = new Set<string>();
  for (;;) {
    const entry: OutboxEntry | undefined = readOutbox().find((e) => !skipped.has(`${e.kind}:${e.questionId}`));
    if (!entry) return readOutbox().length === 0;
    const { questionId } = entry;
    try {
      if (entry.kind === 'draft') {
        const draft = readDraft(questionId);
        if (owned(questionId) && draft) {
          skipped.add(`draft:${questionId}`);
          continue;
        }
        if (draft) {
          const answer = await send<Answer>('POST', '/api/answers/save', {
            questionId,
            text: draft.text,
            submitted: false,
            timeSpentSeconds: 0,
            revision: revisions.get(questionId) ?? draft.revision,
          });
          revisions.set(questionId, answer.revision);
          adopt(questionId, answer.text, answer.revision);
          emit({ questionId, answer });
        }
        updateEntry(entry, null);
        continue;
      }
      let answer: Answer | undefined;
      let current = entry;
      if (current.stage === 'save') {
        answer = await send<Answer>('POST', '/api/answers/save', {
          questionId,
          text: current.text,
          submitted: true,
          timeSpentSeconds: current.seconds,
          revision: revisions.get(questionId) ?? current.revision,
        });
        revisions.set(questionId, answer.revision);
        adopt(questionId, answer.text, answer.revision);
        current = { ...current, stage: 'evaluate' };
        updateEntry(entry, current);
      }
      let feedback: StoredFeedback | undefined;
      if (current.stage === 'evaluate') {
        feedback = await send<StoredFeedback>('POST', '/api/answers/evaluate', { questionId, answer: current.text });
        const next = { ...current, stage: 'confirm' as const };
        updateEntry(current, next);
        current = next;
      }
      feedback = await send<StoredFeedback>('POST', '/api/feedback/save', { questionId, feedback });
      updateEntry(current, null);
      emit({ questionId, answer, feedback });
    } catch (error) {
      if (isUnreachable(error)) return false;
      // Refused for good (another device's newer text, the assignment's rules, a question gone): the draft
      // stays on this device and the question shows why when it is opened.
      const refused = entry.kind === 'submit' ? entry : null;
      if (refused && refused.stage === 'save') {
        const draft = readDraft(questionId);
        if (!draft) writeDraft(questionId, refused.text, refused.revision);
      }
      updateEntry(entry, null);
      emit({ questionId });
    }
  }
}

function emit(delivered: Delivered): void {
  for (const listener of deliveredListeners) listener(delivered);
}
