// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_TEXT } from '../../../../shared/practice';
import { WRITE_SCHEME_TEXT } from '../../../../shared/mark-scheme-view';
import { createQueryClient } from '../../../lib/api-client';
import { NeedsMarkScheme } from './write-mark-scheme';

let sent: { method: string; url: string; body: unknown }[];
let status: number;

beforeEach(() => {
  sent = [];
  status = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (status !== 200) return Response.json({ message: WRITE_SCHEME_TEXT.noPoints }, { status });
      return Response.json({ points: [], groups: [], final_answer_full_marks: false, levels: [], total_marks: 3 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderBox = (canWrite: boolean) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NeedsMarkScheme questionId="q1" canWrite={canWrite} />
    </QueryClientProvider>,
  );

describe('NeedsMarkScheme', () => {
  it('tells a student the question cannot be marked yet, with no form', () => {
    renderBox(false);
    expect(screen.getByRole('group', { name: 'Needs a mark scheme' }).textContent).toContain(PRACTICE_TEXT.needsScheme);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lets the owner write the scheme: one PUT with the text as typed', async () => {
    renderBox(true);
    const save = screen.getByRole('button', { name: 'Save mark scheme' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Write the mark scheme/), { target: { value: 'first point\nsecond point [2]' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PUT', url: '/api/questions/q1/markscheme', body: { text: 'first point\nsecond point [2]' } });
  });

  it("shows the server's message when the scheme is refused", async () => {
    status = 400;
    renderBox(true);
    fireEvent.change(screen.getByLabelText(/Write the mark scheme/), { target: { value: 'accept: anything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save mark scheme' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRITE_SCHEME_TEXT.noPoints);
  });
});
