// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamClock } from './components/exam-clock';
import { TIMER_SYNC_MS, useExamTimer, type ExamTimer } from './use-exam-timer';

let sent: { url: string; body: { elapsedSeconds: number } }[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) as { elapsedSeconds: number } });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An exam screen in miniature: counts its own renders, shows the clock, reads the timer as Finish does. */
function Screen(props: { renders: { count: number }; read: { current: ExamTimer | null }; serverSeconds: number | undefined }) {
  props.renders.count += 1;
  const timer = useExamTimer({ paperId: 'p1', ready: true, serverSeconds: props.serverSeconds });
  props.read.current = timer;
  return (
    <p aria-label="Elapsed time">
      <ExamClock timer={timer} />
    </p>
  );
}

describe('the exam timer', () => {
  it('ticks every second on the clock alone: the screen that holds it does not render again each second', () => {
    const renders = { count: 0 };
    const read = { current: null as ExamTimer | null };
    render(<Screen renders={renders} read={read} serverSeconds={65} />);
    expect(screen.getByLabelText('Elapsed time').textContent).toBe('00:01:05');
    const afterStart = renders.count;
    act(() => vi.advanceTimersByTime(10_000));
    // The clock moved on ten seconds from the server's 65...
    expect(screen.getByLabelText('Elapsed time').textContent).toBe('00:01:15');
    // ...and the screen itself was not drawn again for it.
    expect(renders.count).toBe(afterStart);
    // Finish reads the time at the moment it is pressed.
    act(() => vi.advanceTimersByTime(2_500));
    expect(read.current!.read()).toBe(77);
  });

  it('waits for the time the server holds, then sends the elapsed time every 15 s and when the screen closes', () => {
    const renders = { count: 0 };
    const read = { current: null as ExamTimer | null };
    const { rerender, unmount } = render(<Screen renders={renders} read={read} serverSeconds={undefined} />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(read.current!.running).toBe(false);
    expect(screen.getByLabelText('Elapsed time').textContent).toBe('00:00:00');
    rerender(<Screen renders={renders} read={read} serverSeconds={30} />);
    expect(read.current!.running).toBe(true);
    act(() => vi.advanceTimersByTime(TIMER_SYNC_MS));
    expect(sent.map((s) => [s.url, s.body.elapsedSeconds])).toEqual([['/api/question-papers/p1/elapsed', 45]]);
    act(() => vi.advanceTimersByTime(4_000));
    unmount();
    expect(sent.at(-1)!.body.elapsedSeconds).toBe(49);
  });
});
