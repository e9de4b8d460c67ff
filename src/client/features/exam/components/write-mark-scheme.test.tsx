// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_TEXT } from '../../../../shared/practice-text';
import { type SchemeDraftResponse } from '../../../../shared/mark-scheme-view';
import { WRITE_SCHEME_TEXT } from '../../../../shared/mark-scheme-view-text';
import { createQueryClient } from '../../../lib/api-client';
import { NeedsMarkScheme } from './write-mark-scheme';

let sent: { method: string; url: string; body: unknown }[];
let status: number;
/** The answer to POST …/markscheme/draft: a draft, or an error status with the server's message. */
let draftReply: { status: 200; body: SchemeDraftResponse } | { status: number; message: string };

const DRAFT: SchemeDraftResponse = {
  text: 'names a resistive force [1]\nthe driving force balances it [1]\nLevel 1 (1-2 marks): some relevant points',
  totalMarks: 2,
  draftedBy: 'gpt-4o-mini (OpenAI)',
};

beforeEach(() => {
  sent = [];
  status = 200;
  draftReply = { status: 200, body: DRAFT };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/draft'))
        return 'body' in draftReply
          ? Response.json(draftReply.body)
          : Response.json({ message: draftReply.message }, { status: draftReply.status });
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

  it('fills the form with a draft from the school’s AI provider, which the owner edits and then saves with one PUT', async () => {
    renderBox(true);
    const field = screen.getByLabelText(/Write the mark scheme/) as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: 'Draft a mark scheme' }));
    await waitFor(() => expect(field.value).toBe(DRAFT.text));
    expect(sent).toEqual([{ method: 'POST', url: '/api/questions/q1/markscheme/draft', body: {} }]);
    expect(screen.getByRole('status').textContent).toContain('Drafted by gpt-4o-mini (OpenAI). Check and edit it, then save');
    // nothing saved yet: the teacher edits the draft and confirms it
    const edited = DRAFT.text.replace('names a resistive force', 'names a resistive force, e.g. drag');
    fireEvent.change(field, { target: { value: edited } });
    fireEvent.click(screen.getByRole('button', { name: 'Save mark scheme' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ method: 'PUT', url: '/api/questions/q1/markscheme', body: { text: edited } });
  });

  it('puts back what the owner had written before the draft replaced it', async () => {
    renderBox(true);
    const field = screen.getByLabelText(/Write the mark scheme/) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'my own first point [2]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Draft a mark scheme' }));
    await waitFor(() => expect(field.value).toBe(DRAFT.text));
    fireEvent.click(screen.getByRole('button', { name: 'Put back what I wrote' }));
    expect(field.value).toBe('my own first point [2]');
    expect(screen.queryByRole('status')).toBeNull();
    expect(sent.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('without an AI provider: the server’s message, the button gone, and the form still there to write the scheme', async () => {
    draftReply = { status: 422, message: WRITE_SCHEME_TEXT.draftOffline };
    renderBox(true);
    fireEvent.click(screen.getByRole('button', { name: 'Draft a mark scheme' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRITE_SCHEME_TEXT.draftOffline);
    expect(screen.queryByRole('button', { name: 'Draft a mark scheme' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Write the mark scheme/), { target: { value: 'a point [2]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save mark scheme' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'PUT', url: '/api/questions/q1/markscheme', body: { text: 'a point [2]' } }));
  });

  it('shows why a draft could not be used, keeps the button for another try, and leaves the text as it was', async () => {
    const message =
      'The mark scheme gpt-4o-mini drafted cannot be used: it is worth 4 marks, but the question is worth 6. Nothing was saved: try again, or write the scheme yourself.';
    draftReply = { status: 503, message };
    renderBox(true);
    const field = screen.getByLabelText(/Write the mark scheme/) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'half written' } });
    fireEvent.click(screen.getByRole('button', { name: 'Draft a mark scheme' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(field.value).toBe('half written');
    expect(screen.getByRole('button', { name: 'Draft a mark scheme' })).toBeTruthy();
  });
});
