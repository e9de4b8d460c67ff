import { useCallback, useEffect, useRef } from 'react';

/** Seconds without input after which the student counts as away. */
export const IDLE_AFTER_MS = 60_000;

/**
 * Real time on task for the current question: a second counts only while the tab is visible and the
 * student has typed, clicked, scrolled or moved the pointer in the last minute. `take()` returns the
 * seconds gathered since the last call.
 */
export function useActiveTime(questionKey: string | undefined) {
  const seconds = useRef(0);
  const lastActivity = useRef(Date.now());

  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    const events = ['keydown', 'pointerdown', 'pointermove', 'scroll', 'input'] as const;
    for (const e of events) window.addEventListener(e, mark, { passive: true });
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && Date.now() - lastActivity.current < IDLE_AFTER_MS) seconds.current += 1;
    }, 1000);
    return () => {
      for (const e of events) window.removeEventListener(e, mark);
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    seconds.current = 0;
    lastActivity.current = Date.now();
  }, [questionKey]);

  return useCallback(() => {
    const taken = Math.min(seconds.current, 3600);
    seconds.current = 0;
    return taken;
  }, []);
}
