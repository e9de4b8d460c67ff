// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../../shared/practice';
import { readDraft } from '../../lib/drafts';
import { useAutosave } from './use-autosave';

const QUESTION = 'q-1';

function answer(text: string, updatedAt = new Date().toISOString()): Answer {
  return { id: 'a', questionId: QUESTION, userId: 'u', text, submitted: false, timeSpentSeconds: 0, createdAt: updatedAt, updatedAt };
}

let calls: { text: string; timeSpentSeconds?: number }[] = [];
let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  calls = [];
  online = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init.body));
      calls.push(body);
      return new Response(JSON.stringify(answer(body.text)), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(serverAnswer: Answer | null) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  let seconds = 7;
  return renderHook(
    () => useAutosave({ questionId: QUESTION, serverAnswer, ready: true, takeActiveSeconds: () => seconds-- }),
    { wrapper },
  );
}

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
