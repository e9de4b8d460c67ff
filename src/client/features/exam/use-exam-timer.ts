import { useEffect, useRef, useState } from 'react';
import { recordElapsed } from './api/record-elapsed';

/** How often the timer is sent to the server while the exam is open. */
export const TIMER_SYNC_MS = 15_000;

/**
 * The exam timer (§2, §4: starts when the questions load, ticks every second), continuing from the elapsed
 * time the server holds for the paper, so a reload or another device carries on where it was. The value is
 * sent every 15 s, when the tab is hidden and when the screen closes. Without a paper it counts from zero.
 */
export function useExamTimer({ paperId, ready, serverSeconds }: { paperId?: string; ready: boolean; serverSeconds: number | undefined }) {
  const [start, setStart] = useState<{ at: number; base: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const waitingForServer = Boolean(paperId) && serverSeconds === undefined;

  useEffect(() => {
    if (ready && !waitingForServer && start === null) setStart({ at: Date.now(), base: serverSeconds ?? 0 });
  }, [ready, waitingForServer, serverSeconds, start]);

  useEffect(() => {
    if (start === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [start]);

  const elapsed = start === null ? (serverSeconds ?? 0) : start.base + Math.max(0, Math.floor((now - start.at) / 1000));
  const latest = useRef(elapsed);
  latest.current = elapsed;

  useEffect(() => {
    if (!paperId || start === null) return;
    const send = () => recordElapsed(paperId, latest.current);
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

  return elapsed;
}
