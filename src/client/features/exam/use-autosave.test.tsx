// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../../shared/practice';
import { SESSION_STORAGE_KEY } from '../../../shared/auth';
import { readDraft } from '../../lib/drafts';
import { useAutosave } from './use-autosave';

const QUESTION = 'q-1';

function answer(text: string, updatedAt = new Date().toISOString(), questionId = QUESTION): Answer {
  return { id: 'a', questionId, userId: 'u', text, submitted: false, timeSpentSeconds: 0, revision: 1, createdAt: updatedAt, updatedAt };
}

type SaveCall = { questionId: string; text: string; submitted: boolean; timeSpentSeconds?: number };
let calls: SaveCall[] = [];
let inits: RequestInit[] = [];
let online = true;
/** While set, saves hang until `failHanging()`: a save still in flight when the student moves on. */
let hang = false;
let hanging: (() => void)[] = [];
let activeSeconds: Record<string, number> = {};

function failHanging() {
  for (const fail of hanging) fail();
  hanging = [];
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  calls = [];
  inits = [];
  online = true;
  hang = false;
  hanging = [];
  activeSeconds = { [QUESTION]: 7 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (hang) return new Promise<Response>((_resolve, reject) => hanging.push(() => reject(new TypeError('Failed to fetch'))));
      if (!online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body)) as SaveCall;
      calls.push(body);
      inits.push(init);
      return new Response(JSON.stringify(answer(body.text, undefined, body.questionId)), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function takeActiveSeconds(questionId: string) {
  const seconds = activeSeconds[questionId] ?? 0;
  activeSeconds[questionId] = 0;
  return seconds;
}

type Props = { questionId: string; serverAnswer: Answer | null };

function setup(serverAnswer: Answer | null, questionId = QUESTION) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook((props: Props) => useAutosave({ ...props, ready: true, takeActiveSeconds }), {
    wrapper,
    initialProps: { questionId, serverAnswer },
  });
}

const callsFor = (questionId: string) => calls.filter((c) => c.questionId === questionId);

describe('useAutosave', () => {
  it('loads the server answer, keeps each keystroke on the device and saves 800 + 1000 ms after typing stops', async () => {
    const { result } = setup(answer('from server', '2020-01-01T00:00:00Z'));
    expect(result.current.text).toBe('from server');
    act(() => result.current.setText('new text'));
    expect(readDraft(QUESTION)?.text).toBe('new text');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1700);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(calls).toEqual([{ questionId: QUESTION, text: 'new text', submitted: false, timeSpentSeconds: 7 }]);
    expect(result.current.state).toBe('saved');
    expect(readDraft(QUESTION)).toBeNull();
  });

  it('keeps the draft through a network error and retries until the server has it', async () => {
    const { result } = setup(null);
    online = false;
    act(() => result.current.setText('do not lose me'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(result.current.state).toBe('offline');
    expect(readDraft(QUESTION)?.text).toBe('do not lose me');
    online = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(calls.at(-1)?.text).toBe('do not lose me');
    expect(result.current.state).toBe('saved');
  });

  it('prefers a newer draft on this device over the server copy, and saves it', async () => {
    localStorage.setItem(`markwell:draft:${QUESTION}`, JSON.stringify({ text: 'typed offline', at: Date.now() }));
    const { result } = setup(answer('older server text', '2020-01-01T00:00:00Z'));
    expect(result.current.text).toBe('typed offline');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(calls.at(-1)?.text).toBe('typed offline');
  });
});

describe('useAutosave when the student moves on', () => {
  it('retries a save still in flight for the question left behind with that question’s own draft, never the next one’s text', async () => {
    const { result, rerender } = setup(null);
    act(() => result.current.setText('answer one'));
    hang = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    // The save of Q1 is in flight when Next loads Q2 with its own text.
    rerender({ questionId: 'q-2', serverAnswer: answer('q2 text', '2020-01-01T00:00:00Z', 'q-2') });
    expect(result.current.text).toBe('q2 text');
    act(() => result.current.setText('q2 typed'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    // The network gives up on every save in flight; the retries must not mix the questions up.
    hang = false;
    await act(async () => {
      failHanging();
      await vi.advanceTimersByTimeAsync(0);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(callsFor(QUESTION).map((c) => c.text)).toEqual(['answer one']);
    expect(callsFor(QUESTION)[0].timeSpentSeconds).toBe(7); // the failed save's seconds are not lost
    expect(callsFor('q-2').map((c) => c.text)).toEqual(['q2 typed']);
    expect(readDraft(QUESTION)).toBeNull();
    expect(readDraft('q-2')).toBeNull();
    expect(result.current.text).toBe('q2 typed');
    expect(result.current.state).toBe('saved');
  });

  it('saves the unsaved text of the question being left at once, under that question', async () => {
    const { result, rerender } = setup(answer('old', '2020-01-01T00:00:00Z'));
    act(() => result.current.setText('half typed'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    rerender({ questionId: 'q-2', serverAnswer: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(callsFor(QUESTION)).toEqual([{ questionId: QUESTION, text: 'half typed', submitted: false, timeSpentSeconds: 7 }]);
    act(() => result.current.setText('second question'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(callsFor(QUESTION)).toHaveLength(1);
    expect(callsFor('q-2').map((c) => c.text)).toEqual(['second question']);
  });

  it('sends the time spent reading when leaving, with the same text, and never creates an empty answer', async () => {
    activeSeconds = { [QUESTION]: 42, 'q-2': 5 };
    const { rerender, unmount } = setup(answer('existing', '2020-01-01T00:00:00Z'));
    rerender({ questionId: 'q-2', serverAnswer: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toEqual([{ questionId: QUESTION, text: 'existing', submitted: false, timeSpentSeconds: 42 }]);

    // Q2 has no answer and nothing was typed: its seconds do not make an empty answer.
    rerender({ questionId: 'q-3', serverAnswer: answer('third', '2020-01-01T00:00:00Z', 'q-3') });
    activeSeconds['q-3'] = 9;
    unmount(); // the back arrow
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(callsFor('q-2')).toEqual([]);
    expect(callsFor('q-3')).toEqual([{ questionId: 'q-3', text: 'third', submitted: false, timeSpentSeconds: 9 }]);
  });

  it('does not send anything when leaving with nothing new', async () => {
    activeSeconds = {};
    const { rerender } = setup(answer('existing', '2020-01-01T00:00:00Z'));
    rerender({ questionId: 'q-2', serverAnswer: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(calls).toEqual([]);
  });

  it('when the tab is hidden or closed, sends the unsaved text and time with keepalive and the bearer header', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'tok-123');
    const { result } = setup(answer('before', '2020-01-01T00:00:00Z'));
    act(() => result.current.setText('typed just before closing'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toEqual([{ questionId: QUESTION, text: 'typed just before closing', submitted: false, timeSpentSeconds: 7 }]);
    expect(inits[0]).toMatchObject({ keepalive: true, headers: { Authorization: 'Bearer tok-123' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(calls).toHaveLength(1); // the cancelled autosave does not repeat it

    activeSeconds[QUESTION] = 3;
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    visibility.mockRestore();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls[1]).toEqual({ questionId: QUESTION, text: 'typed just before closing', submitted: false, timeSpentSeconds: 3 });
    expect(inits[1]).toMatchObject({ keepalive: true });
  });
});
