import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type Answer, type AnswerConflict } from '../../../shared/practice';
import { ANSWER_DEBOUNCE_MS, AUTOSAVE_DELAY_MS } from '../../../shared/practice-text';
import { isApiError } from '../../lib/api-request';
import { clearDraft, readDraft, writeDraft } from '../../lib/drafts';
import { claimQuestion, draftDelivered, hasQueuedSubmission, noteDraftWaiting } from '../../lib/outbox';
import { onDelivered } from '../../lib/outbox-sync';
import { readSessionToken } from '../../lib/session-token';
import { answerConflictOf, saveAnswer, type SaveAnswerInput } from './api/save-answer';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'conflict';

/** The server holds other text than the one in the box was based on: the student keeps one or combines. */
export interface OpenConflict {
  questionId: string;
  /** The server's text, saved from another tab or device. */
  theirs: string;
  /** Its revision: the choice is saved on top of it. */
  revision: number;
  submitted: boolean;
}

/** How many texts this tab sent per question it remembers, to tell its own saves from another tab's. */
const SENT_MEMORY = 20;

const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;
/** Browsers refuse keepalive bodies over 64 KiB; a longer answer goes the ordinary way (its draft stays here). */
const KEEPALIVE_MAX_BYTES = 60_000;

/** A save that may outlive the page (tab hidden or closed): a keepalive fetch with the session's bearer header. */
async function saveAnswerOnExit(input: SaveAnswerInput): Promise<Answer> {
  const body = JSON.stringify(input);
  if (new Blob([body]).size > KEEPALIVE_MAX_BYTES) return saveAnswer(input);
  const token = readSessionToken();
  const res = await fetch('/api/answers/save', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body,
    credentials: 'include',
    keepalive: true,
  });
  if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
  return (await res.json()) as Answer;
}

interface PendingSave {
  questionId: string;
  text: string;
  timer: number;
}

interface Retry {
  timer: number;
  /** The retry itself: run at once when the network comes back. */
  run: () => void;
  /** Active seconds the failed saves still owe the server. */
  seconds: number;
}

/**
 * The answer box's text and its autosave: every keystroke is kept on this device at once; 800 ms after
 * typing stops, and 1000 ms later, the draft is saved with submitted false. Every save names its question,
 * its text and the server revision that text is based on; saves of one question go one at a time, in order.
 * A failed save keeps the local draft and retries that question's draft with back-off, so a network error
 * never loses text nor lands it on another question. A save the server refuses as based on an older revision
 * (409: another tab or device saved since) is not retried: both versions are offered (`conflict`) and the
 * student keeps one or combines them (`resolveConflict`); until then that question's saves wait. Leaving a
 * question (another question, the back arrow, closing the tab) saves what is unsaved there and the active
 * time spent on it.
 */
export function useAutosave(opts: {
  questionId: string | undefined;
  serverAnswer: Answer | null | undefined;
  ready: boolean;
  takeActiveSeconds: (questionId: string) => number;
}) {
  const { questionId, serverAnswer, ready } = opts;
  const queryClient = useQueryClient();
  const [text, setTextState] = useState('');
  const [state, setState] = useState<SaveState>('idle');
  const [conflict, setConflict] = useState<OpenConflict | null>(null);
  /** The question whose text is in the box, and that text. */
  const loadedFor = useRef<string | undefined>(undefined);
  const latest = useRef('');
  /** What the server holds, per question (null: no answer yet). */
  const savedText = useRef(new Map<string, string | null>());
  /** The server revision each question's text here is based on (0: no answer yet). */
  const bases = useRef(new Map<string, number>());
  /** The conflict open for the question in the box (a ref too: callbacks read it without re-rendering). */
  const openConflict = useRef<OpenConflict | null>(null);
  /** Texts this tab sent, per question: a 409 holding one of them is this tab's own earlier save. */
  const sent = useRef(new Map<string, string[]>());
  /** The save of each question under way: the next one starts after it, with the revision it brought back. */
  const chains = useRef(new Map<string, Promise<void>>());
  const pending = useRef<PendingSave | null>(null);
  const retries = useRef(new Map<string, Retry>());
  const mounted = useRef(false);
  const takeSeconds = useRef(opts.takeActiveSeconds);
  useEffect(() => {
    takeSeconds.current = opts.takeActiveSeconds;
  });

  /** The status line belongs to the question in the box; saves for one left behind stay quiet. */
  const showState = useCallback((qid: string, next: SaveState) => {
    if (loadedFor.current === qid) setState(openConflict.current?.questionId === qid ? 'conflict' : next);
  }, []);

  const setOpenConflict = useCallback((next: OpenConflict | null) => {
    openConflict.current = next;
    setConflict(next);
  }, []);

  /** The server holds `text` at `revision`, and this question's text here is based on it. */
  const adoptServer = useCallback((qid: string, serverText: string, revision: number) => {
    bases.current.set(qid, Math.max(revision, bases.current.get(qid) ?? 0));
    savedText.current.set(qid, serverText);
    clearDraft(qid, serverText);
    const draft = readDraft(qid);
    if (draft) writeDraft(qid, draft.text, bases.current.get(qid));
  }, []);

  /** This question's latest text on this device: the box if it is there, else its draft. */
  const currentText = useCallback(
    (qid: string, fallback: string) => (loadedFor.current === qid ? latest.current : (readDraft(qid)?.text ?? fallback)),
    [],
  );

  // `persist` is called back from `send` (retries) and `onConflict` (this tab's own save crossed another).
  const persistRef = useRef<(qid: string, value: string, seconds: number, retryDelay?: number) => Promise<void>>(async () => {});

  /** One save: `timeOnlyAt` sends the server's own text at its revision, only to hand over the seconds. */
  type SendOptions = { retryDelay: number; onExit: boolean; timeOnlyAt?: number };

  /** A save was refused: the server holds other text, saved since this text's revision. */
  const onConflict = useCallback(
    (qid: string, conflictAnswer: AnswerConflict) => {
      const known = savedText.current.get(qid);
      const current = currentText(qid, known ?? '');
      savedText.current.set(qid, conflictAnswer.text);
      if (conflictAnswer.text === current) {
        // The same text either way: nothing to merge.
        adoptServer(qid, conflictAnswer.text, conflictAnswer.revision);
        showState(qid, latest.current === conflictAnswer.text ? 'saved' : 'pending');
        return;
      }
      const ownEarlierSave = !conflictAnswer.submitted && (sent.current.get(qid) ?? []).includes(conflictAnswer.text);
      if (ownEarlierSave || current === known) {
        // This tab's own earlier save, or nothing typed here since: no one's text is lost by going on.
        if (!ownEarlierSave) clearDraft(qid, current); // a copy of the old text must not come back on top of the new
        adoptServer(qid, conflictAnswer.text, conflictAnswer.revision);
        if (ownEarlierSave) {
          void persistRef.current(qid, current, 0);
        } else if (loadedFor.current === qid) {
          latest.current = conflictAnswer.text;
          setTextState(conflictAnswer.text);
          showState(qid, 'saved');
        }
        return;
      }
      // Both texts matter. The draft keeps its old revision, so a reload offers the choice again.
      if (loadedFor.current === qid) {
        setOpenConflict({
          questionId: qid,
          theirs: conflictAnswer.text,
          revision: conflictAnswer.revision,
          submitted: conflictAnswer.submitted,
        });
        setState('conflict');
      }
    },
    [adoptServer, currentText, setOpenConflict, showState],
  );

  const send = useCallback(
    async (qid: string, value: string, ownSeconds: number, { retryDelay, onExit, timeOnlyAt }: SendOptions) => {
      showState(qid, 'saving');
      const revision = timeOnlyAt ?? bases.current.get(qid);
      // A retry still waiting for this question is taken over: this save carries the latest text and its seconds.
      const waiting = retries.current.get(qid);
      if (waiting) {
        window.clearTimeout(waiting.timer);
        retries.current.delete(qid);
      }
      const seconds = Math.min(ownSeconds + (waiting?.seconds ?? 0), 3600);
      try {
        // A submission of this question made offline goes first (lib/outbox.ts): this save waits behind it.
        if (hasQueuedSubmission(qid)) throw new TypeError('A submission of this answer is waiting to be sent.');
        const input: SaveAnswerInput = { questionId: qid, text: value, submitted: false, timeSpentSeconds: seconds, revision };
        if (timeOnlyAt === undefined) sent.current.set(qid, [...(sent.current.get(qid) ?? []), value].slice(-SENT_MEMORY));
        const saved = await (onExit ? saveAnswerOnExit(input) : saveAnswer(input));
        if (timeOnlyAt !== undefined) return; // the text here is still based on its older revision, awaiting the choice
        adoptServer(qid, saved.text, saved.revision);
        if (!readDraft(qid)) draftDelivered(qid);
        queryClient.setQueryData(['/api/questions', qid, 'answer'], saved);
        void queryClient.invalidateQueries({ queryKey: ['/api/user/answers'] });
        showState(qid, latest.current === saved.text ? 'saved' : 'pending');
      } catch (error) {
        const refused = answerConflictOf(error);
        if (refused) {
          onConflict(qid, refused); // never retried: the server has spoken, and counted the seconds
          return;
        }
        // No network: the outbox says it waits (the offline banner) and sends it if this page cannot.
        if (!isApiError(error)) noteDraftWaiting(qid);
        showState(qid, 'offline');
        if (!mounted.current) return; // the draft stays on this device for the next visit
        const earlier = retries.current.get(qid);
        if (earlier) window.clearTimeout(earlier.timer);
        const owed = Math.min(seconds + (earlier?.seconds ?? 0), 3600);
        const run = () => {
          window.clearTimeout(timer);
          retries.current.delete(qid);
          // This question's own draft: the box may hold another question's text by now.
          const retryText = readDraft(qid)?.text ?? savedText.current.get(qid);
          if (retryText != null) void persistRef.current(qid, retryText, owed, Math.min(retryDelay * 2, MAX_RETRY_MS));
        };
        const timer = window.setTimeout(run, retryDelay);
        retries.current.set(qid, { timer, seconds: owed, run });
      }
    },
    [adoptServer, onConflict, queryClient, showState],
  );

  /** One save of a question at a time: each starts from the revision the one before brought back. */
  const persist = useCallback(
    (qid: string, value: string, seconds: number, retryDelay = FIRST_RETRY_MS, onExit = false, timeOnlyAt?: number): Promise<void> => {
      const run = (chains.current.get(qid) ?? Promise.resolve()).then(() => send(qid, value, seconds, { retryDelay, onExit, timeOnlyAt }));
      chains.current.set(qid, run);
      void run.finally(() => {
        if (chains.current.get(qid) === run) chains.current.delete(qid);
      });
      return run;
    },
    [send],
  );
  useEffect(() => {
    persistRef.current = persist;
  }, [persist]);

  /** Saves a question's text now if the server lacks it or time is owed; never creates an empty answer. */
  const saveNow = useCallback(
    (qid: string, value: string, onExit = false, leaving = false) => {
      const open = openConflict.current;
      if (open?.questionId === qid) {
        // The text waits for the student's choice (the draft is kept); on leaving, the seconds go with the
        // server's own text at its revision, which changes no text.
        const seconds = leaving ? takeSeconds.current(qid) : 0;
        if (seconds > 0) void persist(qid, open.theirs, seconds, FIRST_RETRY_MS, onExit, open.revision);
        return;
      }
      const onServer = savedText.current.get(qid);
      if (onServer == null && !value.trim()) {
        clearDraft(qid, value);
        showState(qid, 'idle');
        return;
      }
      const seconds = takeSeconds.current(qid);
      if (value === onServer && seconds === 0) {
        showState(qid, latest.current === value ? 'saved' : 'pending');
        return;
      }
      void persist(qid, value, seconds, FIRST_RETRY_MS, onExit);
    },
    [persist, showState],
  );

  const cancelSave = useCallback(() => {
    if (pending.current) window.clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);

  const scheduleSave = useCallback(
    (qid: string, value: string, delay: number) => {
      cancelSave();
      const timer = window.setTimeout(() => {
        pending.current = null;
        saveNow(qid, value);
      }, delay);
      pending.current = { questionId: qid, text: value, timer };
    },
    [cancelSave, saveNow],
  );

  /** Leaving a question: what is typed there and the time spent on it go to the server now. */
  const leave = useCallback(
    (qid: string, onExit = false) => {
      const typed = pending.current?.questionId === qid ? pending.current.text : undefined;
      if (typed !== undefined) cancelSave();
      const value = typed ?? (loadedFor.current === qid ? latest.current : undefined);
      if (value !== undefined) saveNow(qid, value, onExit, true);
    },
    [cancelSave, saveNow],
  );

  // The network is back: every save waiting to be retried goes now, not at the end of its back-off.
  useEffect(() => {
    const onOnline = () => {
      for (const retry of [...retries.current.values()]) retry.run();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  // The outbox delivered a question's draft or offline submission (lib/outbox-sync.ts): its text here is now
  // based on the revision the server gave it, and this tab knows the text as its own.
  useEffect(
    () =>
      onDelivered(({ questionId: qid, answer: delivered, feedback }) => {
        if (delivered) {
          sent.current.set(qid, [...(sent.current.get(qid) ?? []), delivered.text].slice(-SENT_MEMORY));
          adoptServer(qid, delivered.text, delivered.revision);
          queryClient.setQueryData(['/api/questions', qid, 'answer'], delivered);
          showState(qid, latest.current === delivered.text ? 'saved' : 'pending');
        }
        if (feedback) queryClient.setQueryData(['/api/questions', qid, 'feedback'], feedback);
        for (const queryKey of [['/api/questions', qid], ['/api/user/answers']]) void queryClient.invalidateQueries({ queryKey });
      }),
    [adoptServer, queryClient, showState],
  );

  // The question in the box saves its own drafts; the outbox's sync leaves them to it.
  useEffect(() => (questionId ? claimQuestion(questionId) : undefined), [questionId]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const retry of retries.current.values()) window.clearTimeout(retry.timer);
      retries.current.clear();
    };
  }, []);

  // Another question or unmount: leave this one, then the box waits for the next question's answer.
  useEffect(() => {
    if (!questionId) return;
    return () => {
      leave(questionId);
      if (loadedFor.current !== questionId) return;
      loadedFor.current = undefined;
      latest.current = '';
      setTextState('');
      setState('idle');
      // An open choice closes with the question; its draft keeps the old revision, so it opens again on return.
      setOpenConflict(null);
    };
  }, [questionId, leave, setOpenConflict]);

  // The tab is hidden or closed: the page may never run again, so save with keepalive.
  useEffect(() => {
    const exit = () => {
      if (loadedFor.current) leave(loadedFor.current, true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') exit();
    };
    window.addEventListener('pagehide', exit);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', exit);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [leave]);

  // Load: the server's answer, unless this device holds a draft based on it, or newer (then save that). A draft
  // based on an older revision than the server's opens the choice instead: neither text silently wins.
  // Later, a newer server copy (a submission, a refetch) is taken in when nothing here would be lost.
  useEffect(() => {
    if (!questionId || !ready) return;
    const serverText = serverAnswer?.text ?? '';
    const serverRevision = serverAnswer?.revision ?? 0;
    if (loadedFor.current === questionId) {
      if (!serverAnswer || serverRevision <= (bases.current.get(questionId) ?? 0)) return;
      if (openConflict.current && openConflict.current.revision >= serverRevision) return;
      onConflict(questionId, { message: '', text: serverText, revision: serverRevision, submitted: serverAnswer.submitted });
      return;
    }
    loadedFor.current = questionId;
    const local = readDraft(questionId);
    const serverAt = serverAnswer ? Date.parse(serverAnswer.updatedAt) : 0;
    savedText.current.set(questionId, serverAnswer ? serverText : null);
    bases.current.set(questionId, serverRevision);
    const showServer = () => {
      latest.current = serverText;
      setTextState(serverText);
      setState(serverAnswer ? 'saved' : 'idle');
    };
    if (!local || local.text === serverText) {
      showServer();
      return;
    }
    const draftIsCurrent = local.revision === undefined ? local.at > serverAt : local.revision >= serverRevision;
    latest.current = local.text;
    if (draftIsCurrent) {
      setTextState(local.text);
      setState('pending');
      scheduleSave(questionId, local.text, AUTOSAVE_DELAY_MS);
    } else if (local.revision !== undefined) {
      bases.current.set(questionId, local.revision);
      setTextState(local.text);
      setOpenConflict({ questionId, theirs: serverText, revision: serverRevision, submitted: Boolean(serverAnswer?.submitted) });
      setState('conflict');
    } else {
      showServer(); // a draft from before revisions, older than the server copy
    }
  }, [questionId, ready, serverAnswer, scheduleSave, onConflict, setOpenConflict]);

  const setText = useCallback(
    (value: string) => {
      if (!questionId) return;
      latest.current = value;
      setTextState(value);
      writeDraft(questionId, value, bases.current.get(questionId));
      if (openConflict.current?.questionId === questionId) return; // saved once the student has chosen
      setState('pending');
      scheduleSave(questionId, value, ANSWER_DEBOUNCE_MS + AUTOSAVE_DELAY_MS);
    },
    [questionId, scheduleSave],
  );

  /**
   * The student's choice in a conflict: 'mine' keeps the text in the box, 'theirs' takes the server's, 'both'
   * puts the two together in the box to edit. The result is saved on top of the server's revision.
   */
  const resolveConflict = useCallback(
    (choice: 'mine' | 'theirs' | 'both') => {
      const open = openConflict.current;
      if (!questionId || !open || open.questionId !== questionId) return;
      const mine = latest.current;
      const value = choice === 'mine' ? mine : choice === 'theirs' ? open.theirs : `${mine.trimEnd()}\n\n${open.theirs.trimStart()}`;
      bases.current.set(questionId, open.revision);
      savedText.current.set(questionId, open.theirs);
      setOpenConflict(null);
      latest.current = value;
      setTextState(value);
      if (value === open.theirs) {
        clearDraft(questionId, readDraft(questionId)?.text ?? '');
        setState('saved');
        return;
      }
      writeDraft(questionId, value, open.revision);
      setState('pending');
      scheduleSave(questionId, value, choice === 'both' ? ANSWER_DEBOUNCE_MS + AUTOSAVE_DELAY_MS : 0);
    },
    [questionId, scheduleSave, setOpenConflict],
  );

  /** Before a submission: no autosave may race it. Returns the active seconds a cancelled retry still owed. */
  const cancelPending = useCallback(() => {
    cancelSave();
    const retry = questionId ? retries.current.get(questionId) : undefined;
    if (!questionId || !retry) return 0;
    window.clearTimeout(retry.timer);
    retries.current.delete(questionId);
    return retry.seconds;
  }, [questionId, cancelSave]);

  /** The revision a submission is based on, once the saves under way for this question have landed. */
  const settledRevision = useCallback(async (): Promise<number | undefined> => {
    if (!questionId) return undefined;
    await chains.current.get(questionId);
    return bases.current.get(questionId);
  }, [questionId]);

  /** A submission was refused (409): the same choice as for an autosave. */
  const showConflict = useCallback(
    (refused: AnswerConflict) => {
      if (questionId) onConflict(questionId, refused);
    },
    [questionId, onConflict],
  );

  /** After a submission saved this text. */
  const markSaved = useCallback(
    (value: string) => {
      if (!questionId) return;
      savedText.current.set(questionId, value);
      clearDraft(questionId, value);
      setState('saved');
    },
    [questionId],
  );

  return { text, setText, state, conflict, resolveConflict, cancelPending, settledRevision, showConflict, markSaved };
}
