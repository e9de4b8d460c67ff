import { useCallback, useEffect, useRef, useState } from 'react';
import { recordElapsed } from './api/record-elapsed';

/** How often the timer is sent to the server while the exam is open. */
export const TIMER_SYNC_MS = 15_000;

/** The exam's timer: whether it runs, and its elapsed seconds read at the moment asked. */
export interface ExamTimer {
  running: boolean;
  read: () => number;
}

/**
 * The exam timer (§2, §4: starts when the questions load, ticks every second), continuing from the elapsed
 * time the server holds for the paper, so a reload or another device carries on where it was. The value is
 * sent every 15 s, when the tab is hidden and when the screen closes. Without a paper it counts from zero.
 *
 * The screen that holds it does not render again each second: only the clock that shows it does (components/exam-clock.tsx), so a
 * phone does not redraw the whole exam screen, question and feedback included, every second.
 */
export function useExamTimer({
  paperId,
  ready,
  serverSeconds,
}: {
  paperId?: string;
  ready: boolean;
  serverSeconds: number | undefined;
}): ExamTimer {
  const [start, setStart] = useState<{ at: number; base: number } | null>(null);
  const waitingForServer = Boolean(paperId) && serverSeconds === undefined;

  useEffect(() => {
    if (ready && !waitingForServer && start === null) setStart({ at: Date.now(), base: serverSeconds ?? 0 });
  }, [ready, waitingForServer, serverSeconds, start]);

  const read = useCallback(
    () => (start === null ? (serverSeconds ?? 0) : start.base + Math.max(0, Math.floor((Date.now() - start.at) / 1000))),
    [start, serverSeconds],
  );
  const latest = useRef(read);
  latest.current = read;

  useEffect(() => {
    if (!paperId || start === null) return;
    const send = () => recordElapsed(paperId, latest.current());
    const interval = window.setInterval(send, TIMER_SYNC_MS);
    const onHide = () => {
      if (document.visibilityState === 'hidden') send();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', send);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', send);
      send();
    };
  }, [paperId, start]);

  return { running: start !== null, read };
}

/** The timer's seconds, rendered again each second while it runs: for the clock alone. */
export function useElapsedSeconds(timer: ExamTimer): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!timer.running) return;
    const interval = window.setInterval(() => setTick((t) => t + 1), 1000);
    return () => window.clearInterval(interval);
  }, [timer.running]);
  return timer.read();
}
