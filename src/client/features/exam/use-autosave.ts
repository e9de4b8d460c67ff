import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ANSWER_DEBOUNCE_MS, AUTOSAVE_DELAY_MS, type Answer } from '../../../shared/practice';
import { clearDraft, readDraft, writeDraft } from '../../lib/drafts';
import { readSessionToken } from '../../lib/session-token';
import { saveAnswer, type SaveAnswerInput } from './api/save-answer';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline';

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
  /** Active seconds the failed saves still owe the server. */
  seconds: number;
}

/**
 * The answer box's text and its autosave: every keystroke is kept on this device at once; 800 ms after
 * typing stops, and 1000 ms later, the draft is saved with submitted false. Every save names its question
 * and text: a failed save keeps the local draft and retries that question's draft with back-off, so a
 * network error never loses text nor lands it on another question. Leaving a question (another question,
 * the back arrow, closing the tab) saves what is unsaved there and the active time spent on it.
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
  /** The question whose text is in the box, and that text. */
  const loadedFor = useRef<string | undefined>(undefined);
  const latest = useRef('');
  /** What the server holds, per question (null: no answer yet). */
  const savedText = useRef(new Map<string, string | null>());
  const pending = useRef<PendingSave | null>(null);
  const retries = useRef(new Map<string, Retry>());
  const mounted = useRef(false);
  const takeSeconds = useRef(opts.takeActiveSeconds);
  useEffect(() => {
    takeSeconds.current = opts.takeActiveSeconds;
  });

  /** The status line belongs to the question in the box; saves for one left behind stay quiet. */
  const showState = useCallback((qid: string, next: SaveState) => {
    if (loadedFor.current === qid) setState(next);
  }, []);

  const persist = useCallback(
    async (qid: string, value: string, seconds: number, retryDelay = FIRST_RETRY_MS, onExit = false) => {
      showState(qid, 'saving');
      try {
        const input = { questionId: qid, text: value, submitted: false, timeSpentSeconds: seconds };
        const saved = await (onExit ? saveAnswerOnExit(input) : saveAnswer(input));
        savedText.current.set(qid, saved.text);
        queryClient.setQueryData(['/api/questions', qid, 'answer'], saved);
        void queryClient.invalidateQueries({ queryKey: ['/api/user/answers'] });
        clearDraft(qid, saved.text);
        showState(qid, latest.current === saved.text ? 'saved' : 'pending');
      } catch {
        showState(qid, 'offline');
        if (!mounted.current) return; // the draft stays on this device for the next visit
        const earlier = retries.current.get(qid);
        if (earlier) window.clearTimeout(earlier.timer);
        const owed = Math.min(seconds + (earlier?.seconds ?? 0), 3600);
        const timer = window.setTimeout(() => {
          retries.current.delete(qid);
          // This question's own draft: the box may hold another question's text by now.
          const retryText = readDraft(qid)?.text ?? savedText.current.get(qid);
          if (retryText != null) void persist(qid, retryText, owed, Math.min(retryDelay * 2, MAX_RETRY_MS));
        }, retryDelay);
        retries.current.set(qid, { timer, seconds: owed });
      }
    },
    [queryClient, showState],
  );

  /** Saves a question's text now if the server lacks it or time is owed; never creates an empty answer. */
  const saveNow = useCallback(
    (qid: string, value: string, onExit = false) => {
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
      if (value !== undefined) saveNow(qid, value, onExit);
    },
    [cancelSave, saveNow],
  );

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
    };
  }, [questionId, leave]);

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

  // Load: the server's answer, unless this device holds a newer draft (then save that).
  useEffect(() => {
    if (!questionId || !ready || loadedFor.current === questionId) return;
    loadedFor.current = questionId;
    const local = readDraft(questionId);
    const serverText = serverAnswer?.text ?? '';
    const serverAt = serverAnswer ? Date.parse(serverAnswer.updatedAt) : 0;
    savedText.current.set(questionId, serverAnswer ? serverText : null);
    if (local && local.text !== serverText && local.at > serverAt) {
      latest.current = local.text;
      setTextState(local.text);
      setState('pending');
      scheduleSave(questionId, local.text, AUTOSAVE_DELAY_MS);
    } else {
      latest.current = serverText;
      setTextState(serverText);
      setState(serverAnswer ? 'saved' : 'idle');
    }
  }, [questionId, ready, serverAnswer, scheduleSave]);

  const setText = useCallback(
    (value: string) => {
      if (!questionId) return;
      latest.current = value;
      setTextState(value);
      writeDraft(questionId, value);
      setState('pending');
      scheduleSave(questionId, value, ANSWER_DEBOUNCE_MS + AUTOSAVE_DELAY_MS);
    },
    [questionId, scheduleSave],
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

  return { text, setText, state, cancelPending, markSaved };
}
