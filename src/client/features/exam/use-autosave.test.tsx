// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../../shared/practice';
import { SESSION_STORAGE_KEY } from '../../../shared/auth-text';
import { readDraft } from '../../lib/drafts';
import { useAutosave } from './use-autosave';

const QUESTION = 'q-1';

function answer(text: string, updatedAt = new Date().toISOString(), questionId = QUESTION, revision = 1): Answer {
  return { id: 'a', questionId, userId: 'u', text, submitted: false, timeSpentSeconds: 0, revision, createdAt: updatedAt, updatedAt };
}

type SaveCall = { questionId: string; text: string; submitted: boolean; timeSpentSeconds?: number; revision?: number };
let calls: SaveCall[] = [];
let inits: RequestInit[] = [];
let online = true;
/** While set, saves hang until `failHanging()`: a save still in flight when the student moves on. */
let hang = false;
let hanging: (() => void)[] = [];
/** While set, saves wait (and are not yet seen by the server) until `release()`: a slow network. */
let hold = false;
let held: (() => void)[] = [];
let activeSeconds: Record<string, number> = {};
/** The fake server's answers: it applies a save only if based on the stored revision (or the text is the same). */
let stored: Map<string, { text: string; revision: number; submitted: boolean }>;

function failHanging() {
  for (const fail of hanging) fail();
  hanging = [];
}

function release() {
  for (const go of held) go();
  held = [];
}

/** Another tab saves: the server's copy moves on without this hook knowing. */
function savedElsewhere(text: string, questionId = QUESTION) {
  const before = stored.get(questionId);
  stored.set(questionId, { text, revision: (before?.revision ?? 0) + 1, submitted: before?.submitted ?? false });
}

function serverSave(body: SaveCall): Response {
  const before = stored.get(body.questionId);
  if (before && body.revision !== undefined && body.revision !== before.revision && body.text !== before.text) {
    return Response.json({ message: 'This answer was changed in another tab', ...before }, { status: 409 });
  }
  const revision = !before ? 1 : before.text !== body.text || body.submitted ? before.revision + 1 : before.revision;
  const next = { text: body.text, revision, submitted: Boolean(before?.submitted) || body.submitted };
  stored.set(body.questionId, next);
  return Response.json({ ...answer(body.text, undefined, body.questionId, revision), submitted: next.submitted });
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  calls = [];
  inits = [];
  online = true;
  hang = false;
  hanging = [];
  hold = false;
  held = [];
  stored = new Map();
  activeSeconds = { [QUESTION]: 7 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (hang) return new Promise<Response>((_resolve, reject) => hanging.push(() => reject(new TypeError('Failed to fetch'))));
      if (!online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body)) as SaveCall;
      calls.push(body);
      inits.push(init);
      if (hold) await new Promise<void>((go) => held.push(go));
      return serverSave(body);
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
  if (serverAnswer) stored.set(questionId, { text: serverAnswer.text, revision: serverAnswer.revision, submitted: serverAnswer.submitted });
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
    expect(calls).toEqual([{ questionId: QUESTION, text: 'new text', submitted: false, timeSpentSeconds: 7, revision: 1 }]);
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
    expect(callsFor(QUESTION)).toEqual([{ questionId: QUESTION, text: 'half typed', submitted: false, timeSpentSeconds: 7, revision: 1 }]);
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
    expect(calls).toEqual([{ questionId: QUESTION, text: 'existing', submitted: false, timeSpentSeconds: 42, revision: 1 }]);

    // Q2 has no answer and nothing was typed: its seconds do not make an empty answer.
    rerender({ questionId: 'q-3', serverAnswer: answer('third', '2020-01-01T00:00:00Z', 'q-3') });
    activeSeconds['q-3'] = 9;
    unmount(); // the back arrow
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(callsFor('q-2')).toEqual([]);
    expect(callsFor('q-3')).toEqual([{ questionId: 'q-3', text: 'third', submitted: false, timeSpentSeconds: 9, revision: 1 }]);
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
    expect(calls).toEqual([
      { questionId: QUESTION, text: 'typed just before closing', submitted: false, timeSpentSeconds: 7, revision: 1 },
    ]);
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
    expect(calls[1]).toEqual({
      questionId: QUESTION,
      text: 'typed just before closing',
      submitted: false,
      timeSpentSeconds: 3,
      revision: 2,
    });
    expect(inits[1]).toMatchObject({ keepalive: true });
  });
});

describe('useAutosave with another tab or device (ordered saves)', () => {
  it('sends the revision its text is based on, and the one each save brings back', async () => {
    const { result } = setup(null);
    act(() => result.current.setText('first'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    act(() => result.current.setText('first and second'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(calls.map((c) => [c.text, c.revision])).toEqual([
      ['first', 0],
      ['first and second', 1],
    ]);
    expect(stored.get(QUESTION)).toMatchObject({ text: 'first and second', revision: 2 });
    expect(result.current.state).toBe('saved');
  });

  it('sends one save of a question at a time, so a slow save is never refused as older than its own successor', async () => {
    const { result } = setup(answer('base', '2020-01-01T00:00:00Z'));
    hold = true;
    act(() => result.current.setText('base, one'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    act(() => result.current.setText('base, one, two'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(calls.map((c) => c.text)).toEqual(['base, one']); // the second waits for the first's revision
    hold = false;
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.map((c) => [c.text, c.revision])).toEqual([
      ['base, one', 1],
      ['base, one, two', 2],
    ]);
    expect(result.current.conflict).toBeNull();
    expect(stored.get(QUESTION)?.text).toBe('base, one, two');
  });

  it('on a 409 keeps both texts, offers the choice, does not retry, and saves the merge on top of the newer revision', async () => {
    const { result } = setup(answer('Osmosis is', '2020-01-01T00:00:00Z'));
    savedElsewhere('Osmosis is the movement of water (typed on the phone)'); // revision 2
    act(() => result.current.setText('Osmosis is diffusion of water (typed here)'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(calls.map((c) => c.revision)).toEqual([1]);
    expect(result.current.state).toBe('conflict');
    expect(result.current.conflict).toMatchObject({
      theirs: 'Osmosis is the movement of water (typed on the phone)',
      revision: 2,
      submitted: false,
    });
    expect(result.current.text).toBe('Osmosis is diffusion of water (typed here)');
    expect(readDraft(QUESTION)).toMatchObject({ text: 'Osmosis is diffusion of water (typed here)', revision: 1 });

    // No retry loop, and typing on waits for the choice (kept on the device meanwhile).
    act(() => result.current.setText('Osmosis is diffusion of water (typed here), through a membrane'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(calls).toHaveLength(1);
    expect(stored.get(QUESTION)?.text).toBe('Osmosis is the movement of water (typed on the phone)');

    act(() => result.current.resolveConflict('both'));
    expect(result.current.conflict).toBeNull();
    expect(result.current.text).toBe(
      'Osmosis is diffusion of water (typed here), through a membrane\n\nOsmosis is the movement of water (typed on the phone)',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(calls.at(-1)).toMatchObject({ text: result.current.text, revision: 2 });
    expect(stored.get(QUESTION)).toMatchObject({ text: result.current.text, revision: 3 });
    expect(result.current.state).toBe('saved');
    expect(readDraft(QUESTION)).toBeNull();
  });

  it('after a 409, keeping the other version replaces the box and sends nothing; keeping this tab’s version saves it', async () => {
    const { result } = setup(answer('v1', '2020-01-01T00:00:00Z'));
    savedElsewhere('v2 from the laptop');
    act(() => result.current.setText('v1 and the phone'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(result.current.state).toBe('conflict');
    act(() => result.current.resolveConflict('theirs'));
    expect(result.current.text).toBe('v2 from the laptop');
    expect(result.current.state).toBe('saved');
    expect(readDraft(QUESTION)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(calls).toHaveLength(1);

    savedElsewhere('v3 from the laptop');
    act(() => result.current.setText('v2, edited on the phone'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(result.current.conflict?.theirs).toBe('v3 from the laptop');
    act(() => result.current.resolveConflict('mine'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.at(-1)).toMatchObject({ text: 'v2, edited on the phone', revision: 3 });
    expect(stored.get(QUESTION)).toMatchObject({ text: 'v2, edited on the phone', revision: 4 });
  });

  it('on load, a device draft based on an older revision than the server’s does not overwrite it: both are offered', async () => {
    // Typed here on revision 1; since then the phone saved revision 2. The draft's clock is the newer one.
    localStorage.setItem(`markwell:draft:${QUESTION}`, JSON.stringify({ text: 'typed on this laptop', at: Date.now(), revision: 1 }));
    const { result } = setup(answer('typed on the phone', '2020-01-01T00:00:00Z', QUESTION, 2));
    expect(result.current.state).toBe('conflict');
    expect(result.current.text).toBe('typed on this laptop');
    expect(result.current.conflict).toMatchObject({ theirs: 'typed on the phone', revision: 2 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(calls).toEqual([]); // nothing overwritten while the student has not chosen
    expect(stored.get(QUESTION)?.text).toBe('typed on the phone');

    act(() => result.current.resolveConflict('mine'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toEqual([{ questionId: QUESTION, text: 'typed on this laptop', submitted: false, timeSpentSeconds: 7, revision: 2 }]);
    expect(stored.get(QUESTION)).toMatchObject({ text: 'typed on this laptop', revision: 3 });
  });

  it('on load, a device draft based on the server’s revision wins and is saved, whatever the clocks say', async () => {
    localStorage.setItem(
      `markwell:draft:${QUESTION}`,
      JSON.stringify({ text: 'typed offline', at: Date.parse('2019-01-01T00:00:00Z'), revision: 2 }),
    );
    const { result } = setup(answer('server text', '2020-01-01T00:00:00Z', QUESTION, 2));
    expect(result.current.conflict).toBeNull();
    expect(result.current.text).toBe('typed offline');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(calls.at(-1)).toMatchObject({ text: 'typed offline', revision: 2 });
  });

  it('takes the other tab’s text quietly when nothing was typed here since (a time-only save refused)', async () => {
    activeSeconds = { [QUESTION]: 12 };
    const { result, rerender } = setup(answer('old text', '2020-01-01T00:00:00Z'));
    savedElsewhere('newer text from the other tab');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toEqual([{ questionId: QUESTION, text: 'old text', submitted: false, timeSpentSeconds: 12, revision: 1 }]);
    expect(result.current.conflict).toBeNull();
    expect(result.current.text).toBe('newer text from the other tab');
    rerender({ questionId: QUESTION, serverAnswer: answer('old text', '2020-01-01T00:00:00Z') });
    expect(result.current.text).toBe('newer text from the other tab');
  });
});

describe('useAutosave while the student has not chosen yet', () => {
  it('hands over the seconds when the tab closes, with the server’s own text at its revision, changing no text', async () => {
    const { result } = setup(answer('v1', '2020-01-01T00:00:00Z'));
    savedElsewhere('v2 from the phone');
    act(() => result.current.setText('v1 typed here'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1800);
    });
    expect(result.current.state).toBe('conflict');
    activeSeconds[QUESTION] = 30;
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.at(-1)).toEqual({ questionId: QUESTION, text: 'v2 from the phone', submitted: false, timeSpentSeconds: 30, revision: 2 });
    expect(inits.at(-1)).toMatchObject({ keepalive: true });
    expect(stored.get(QUESTION)).toMatchObject({ text: 'v2 from the phone', revision: 2 });
    // Still both versions here, and the draft still based on revision 1: a reload offers the choice again.
    expect(result.current.conflict?.theirs).toBe('v2 from the phone');
    expect(result.current.text).toBe('v1 typed here');
    expect(readDraft(QUESTION)).toMatchObject({ text: 'v1 typed here', revision: 1 });
  });
});
