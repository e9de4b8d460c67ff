import { useCallback, useEffect, useRef } from 'react';

/** Seconds without input after which the student counts as away. */
export const IDLE_AFTER_MS = 60_000;

/**
 * Real time on task, question by question: a second counts for the question on screen only while the tab
 * is visible and the student has typed, clicked, scrolled or moved the pointer in the last minute.
 * `take(questionId)` returns the seconds gathered for that question since the last call. Seconds are kept
 * per question so that a save for the question being left still gets its own time after the next loads.
 */
export function useActiveTime(questionKey: string | undefined) {
  const seconds = useRef(new Map<string, number>());
  const current = useRef(questionKey);
  const lastActivity = useRef(Date.now());

  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    const events = ['keydown', 'pointerdown', 'pointermove', 'scroll', 'input'] as const;
    for (const e of events) window.addEventListener(e, mark, { passive: true });
    const timer = window.setInterval(() => {
      const key = current.current;
      if (!key || document.visibilityState !== 'visible' || Date.now() - lastActivity.current >= IDLE_AFTER_MS) return;
      seconds.current.set(key, (seconds.current.get(key) ?? 0) + 1);
    }, 1000);
    return () => {
      for (const e of events) window.removeEventListener(e, mark);
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    current.current = questionKey;
    lastActivity.current = Date.now();
  }, [questionKey]);

  return useCallback((questionId: string) => {
    const taken = Math.min(seconds.current.get(questionId) ?? 0, 3600);
    seconds.current.delete(questionId);
    return taken;
  }, []);
}
