import { DRAFT_PREFIX } from './clear-drafts';

/**
 * What this device still owes the server, in the order it happened (README 'Offline and installing'):
 * - `draft`: a question whose answer could not be saved for want of a network; its text is the question's draft
 *   (lib/drafts.ts), which always holds the latest, so the entry only says that it waits;
 * - `submit`: a submission made offline, with the text submitted and the revision it is based on; it is saved as
 *   submitted, marked and its feedback kept once, when the network returns (lib/outbox-sync.ts). `stage` says how
 *   far it got, so a submission cut off half-way is never saved or marked twice.
 * Kept in localStorage under the drafts' prefix, so logging out clears it with the drafts (clear-drafts.ts).
 */
export type OutboxEntry =
  | { kind: 'draft'; questionId: string }
  | { kind: 'submit'; questionId: string; text: string; revision?: number; seconds: number; stage: 'save' | 'evaluate' | 'confirm' };

export const OUTBOX_KEY = `${DRAFT_PREFIX}~outbox`;

const listeners = new Set<() => void>();
let cached: { raw: string | null; entries: OutboxEntry[] } | null = null;

export function readOutbox(): OutboxEntry[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(OUTBOX_KEY);
  } catch {
    return [];
  }
  if (cached && cached.raw === raw) return cached.entries;
  let entries: OutboxEntry[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) entries = parsed.filter(isEntry);
  } catch {
    entries = [];
  }
  cached = { raw, entries };
  return entries;
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as { kind?: string; questionId?: unknown; text?: unknown; seconds?: unknown } | null;
  if (!entry || typeof entry.questionId !== 'string') return false;
  if (entry.kind === 'draft') return true;
  return entry.kind === 'submit' && typeof entry.text === 'string' && typeof entry.seconds === 'number';
}

function writeOutbox(entries: OutboxEntry[]): void {
  try {
    if (entries.length === 0) localStorage.removeItem(OUTBOX_KEY);
    else localStorage.setItem(OUTBOX_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: the drafts (and the page's own retries) are then all there is.
  }
  for (const listener of listeners) listener();
}

/** Called on every change of the outbox in this tab (and on `storage` events from others, by the banner). */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A save of this question failed for want of a network: it waits (once, after any submission of it queued before). */
export function noteDraftWaiting(questionId: string): void {
  const entries = readOutbox();
  if (entries.some((e) => e.kind === 'draft' && e.questionId === questionId)) return;
  writeOutbox([...entries, { kind: 'draft', questionId }]);
}

/** The server has this question's latest draft: it no longer waits. */
export function draftDelivered(questionId: string): void {
  const entries = readOutbox();
  if (!entries.some((e) => e.kind === 'draft' && e.questionId === questionId)) return;
  writeOutbox(entries.filter((e) => !(e.kind === 'draft' && e.questionId === questionId)));
}

/**
 * A submission made with no network: queued after everything before it. A draft of the same question waiting
 * before it is folded in (the submission saves the text itself); a submission of the same text already
 * waiting takes the new seconds instead of a second entry, so it is marked once.
 */
export function queueSubmission(input: {
  questionId: string;
  text: string;
  revision?: number;
  seconds: number;
  /** How far it got online before the network went (default: not saved yet). */
  stage?: 'save' | 'evaluate' | 'confirm';
}): void {
  const entries = readOutbox().filter((e) => !(e.kind === 'draft' && e.questionId === input.questionId));
  const same = entries.find((e) => e.kind === 'submit' && e.questionId === input.questionId && e.text === input.text && e.stage === 'save');
  if (same && same.kind === 'submit') {
    writeOutbox(entries.map((e) => (e === same ? { ...same, seconds: Math.min(same.seconds + input.seconds, 3600) } : e)));
    return;
  }
  writeOutbox([...entries, { kind: 'submit', ...input, stage: input.stage ?? 'save' }]);
}

/** A submission of this question is waiting: the page's own saves of it wait behind it (so none is refused as older). */
export function hasQueuedSubmission(questionId: string): boolean {
  return readOutbox().some((e) => e.kind === 'submit' && e.questionId === questionId);
}

/** Replaces (a changed copy of) or removes the entry at the front that `match` finds. */
export function updateEntry(match: OutboxEntry, next: OutboxEntry | null): void {
  const entries = readOutbox();
  const at = entries.findIndex((e) => e.kind === match.kind && e.questionId === match.questionId);
  if (at < 0) return;
  const copy = [...entries];
  if (next) copy[at] = next;
  else copy.splice(at, 1);
  writeOutbox(copy);
}

/** What the banner says is waiting: answers (one per question) and, of them, submissions. */
export function waitingCounts(entries: readonly OutboxEntry[]): { answers: number; submissions: number } {
  return {
    answers: new Set(entries.map((e) => e.questionId)).size,
    submissions: entries.filter((e) => e.kind === 'submit').length,
  };
}

/** The banner's words: 'Offline — 3 answers waiting to be saved (1 to be submitted and marked)'. */
export function waitingMessage(counts: { answers: number; submissions: number }, online: boolean): string {
  const answers = `${counts.answers} ${counts.answers === 1 ? 'answer' : 'answers'}`;
  const submissions = counts.submissions > 0 ? ` (${counts.submissions} to be submitted and marked)` : '';
  if (!online) {
    return counts.answers > 0
      ? `Offline — ${answers} waiting to be saved${submissions}`
      : 'Offline — what you write is kept on this device until the network returns';
  }
  return `Back online — saving ${answers}${submissions}...`;
}

const owned = new Map<string, number>();

/** An answer box saves this question's drafts itself while it is open (use-autosave): the sync leaves them to it. */
export function claimQuestion(questionId: string): () => void {
  owned.set(questionId, (owned.get(questionId) ?? 0) + 1);
  return () => {
    const left = (owned.get(questionId) ?? 1) - 1;
    if (left > 0) owned.set(questionId, left);
    else owned.delete(questionId);
  };
}

export function isClaimed(questionId: string): boolean {
  return owned.has(questionId);
}
