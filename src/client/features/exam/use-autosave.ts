import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ANSWER_DEBOUNCE_MS, AUTOSAVE_DELAY_MS, type Answer } from '../../../shared/practice';
import { clearDraft, readDraft, writeDraft } from '../../lib/drafts';
import { saveAnswer } from './api/save-answer';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'offline';

const MAX_RETRY_MS = 30_000;

/**
 * The answer box's text and its autosave: every keystroke is kept on this device at once; 800 ms after
 * typing stops, and 1000 ms later, the draft is saved with submitted false. A failed save keeps the local
 * draft and retries with back-off, so a network error never loses text.
 */
export function useAutosave(opts: {
  questionId: string | undefined;
  serverAnswer: Answer | null | undefined;
  ready: boolean;
  takeActiveSeconds: () => number;
}) {
  const { questionId, serverAnswer, ready, takeActiveSeconds } = opts;
  const queryClient = useQueryClient();
  const [text, setTextState] = useState('');
  const [state, setState] = useState<SaveState>('idle');
  const latest = useRef('');
  const savedText = useRef<string | null>(null);
  const timers = useRef<number[]>([]);
  const retryDelay = useRef(2000);
  const loadedFor = useRef<string | undefined>(undefined);

  const clearTimers = () => {
    for (const t of timers.current) window.clearTimeout(t);
    timers.current = [];
  };

  const persist = useCallback(
    async (qid: string) => {
      const value = latest.current;
      if (value === savedText.current) {
        setState('saved');
        return;
      }
      setState('saving');
      try {
        const saved = await saveAnswer({ questionId: qid, text: value, submitted: false, timeSpentSeconds: takeActiveSeconds() });
        savedText.current = saved.text;
        queryClient.setQueryData(['/api/questions', qid, 'answer'], saved);
        void queryClient.invalidateQueries({ queryKey: ['/api/user/answers'] });
        clearDraft(qid, saved.text);
        retryDelay.current = 2000;
        setState(latest.current === saved.text ? 'saved' : 'pending');
      } catch {
        setState('offline');
        const delay = retryDelay.current;
        retryDelay.current = Math.min(delay * 2, MAX_RETRY_MS);
        timers.current.push(window.setTimeout(() => void persist(qid), delay));
      }
    },
    [queryClient, takeActiveSeconds],
  );

  // Load: the server's answer, unless this device holds a newer draft (then save that).
  useEffect(() => {
    if (!questionId || !ready || loadedFor.current === questionId) return;
    loadedFor.current = questionId;
    clearTimers();
    const local = readDraft(questionId);
    const serverText = serverAnswer?.text ?? '';
    const serverAt = serverAnswer ? Date.parse(serverAnswer.updatedAt) : 0;
    savedText.current = serverAnswer ? serverText : null;
    if (local && local.text !== serverText && local.at > serverAt) {
      latest.current = local.text;
      setTextState(local.text);
      setState('pending');
      timers.current.push(window.setTimeout(() => void persist(questionId), AUTOSAVE_DELAY_MS));
    } else {
      latest.current = serverText;
      setTextState(serverText);
      setState(serverAnswer ? 'saved' : 'idle');
    }
  }, [questionId, ready, serverAnswer, persist]);

  useEffect(() => clearTimers, []);

  const setText = useCallback(
    (value: string) => {
      if (!questionId) return;
      latest.current = value;
      setTextState(value);
      writeDraft(questionId, value);
      setState('pending');
      clearTimers();
      timers.current.push(
        window.setTimeout(() => {
          timers.current.push(window.setTimeout(() => void persist(questionId), AUTOSAVE_DELAY_MS));
        }, ANSWER_DEBOUNCE_MS),
      );
    },
    [questionId, persist],
  );

  /** Before a submission: no autosave may race it. */
  const cancelPending = useCallback(() => clearTimers(), []);

  /** After a submission saved this text. */
  const markSaved = useCallback((value: string) => {
    savedText.current = value;
    if (questionId) clearDraft(questionId, value);
    setState('saved');
  }, [questionId]);

  /** Save now (leaving the question): whatever is unsaved, with the time spent. */
  const flush = useCallback(() => {
    clearTimers();
    if (questionId && latest.current !== savedText.current) void persist(questionId);
  }, [questionId, persist]);

  return { text, setText, state, cancelPending, markSaved, flush };
}
