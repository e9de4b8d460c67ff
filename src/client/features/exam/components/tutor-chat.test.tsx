// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TutorMessage } from '../../../../shared/practice';
import { createQueryClient } from '../../../lib/api-client';
import { TutorChat } from './tutor-chat';

const AT = '2020-01-01T00:00:00.000Z';
const greeting: TutorMessage = { role: 'assistant', content: '<p>Hi! Where shall we start?</p>', createdAt: AT };

let history: TutorMessage[];
let posted: { url: string; body: unknown }[];
/** The stream the next POST answers with: the test writes server-sent events into it. */
let server: ReadableStreamDefaultController<Uint8Array>;

const encoder = new TextEncoder();
const send = (event: string, data: unknown) => server.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn(); // jsdom lays nothing out
  history = [greeting];
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        posted.push({ url, body: JSON.parse(String(init.body)) });
        const body = new ReadableStream<Uint8Array>({ start: (controller) => void (server = controller) });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }
      if (url === '/api/questions/q1/tutor') return Response.json(history);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderChat() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TutorChat questionId="q1" open onOpenChange={() => undefined} trigger={<button type="button">Tutor</button>} />
    </QueryClientProvider>,
  );
}

async function sendMessage(text: string) {
  await screen.findByText('Hi! Where shall we start?');
  fireEvent.change(screen.getByLabelText('Message the tutor'), { target: { value: text } });
  fireEvent.keyDown(screen.getByLabelText('Message the tutor'), { key: 'Enter' });
  await waitFor(() => expect(posted).toHaveLength(1));
}

describe('the tutor chat', () => {
  it('shows the reply as it streams, then the whole reply in its place', async () => {
    renderChat();
    await sendMessage('Where do I start?');
    expect(posted[0]).toEqual({ url: '/api/tutor/message/stream', body: { questionId: 'q1', message: 'Where do I start?' } });
    expect(screen.getByRole('status', { name: 'Tutor is typing' })).toBeTruthy();

    send('delta', { text: 'Think about what ' });
    send('delta', { text: '**the enzyme** does.' });
    await waitFor(() => expect(document.querySelector('[data-streaming]')?.textContent).toBe('Think about what **the enzyme** does.'));

    history = [
      greeting,
      { role: 'user', content: 'Where do I start?', createdAt: AT },
      { role: 'assistant', content: '<p>Think about what <strong>the enzyme</strong> does.</p>', createdAt: AT },
    ];
    send('done', { role: 'assistant', content: history[2].content, by: 'fake-tutor-1' });
    server.close();

    await waitFor(() => expect(document.querySelector('[data-streaming]')).toBeNull());
    expect(screen.getByText('the enzyme').tagName).toBe('STRONG');
    expect(screen.getByText('Where do I start?')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Tutor is typing' })).toBeNull();
  });

  it('keeps the message in the box and says so when the reply breaks off', async () => {
    renderChat();
    await sendMessage('Is it the active site?');
    send('delta', { text: 'Partly' });
    send('error', { message: 'The tutor stopped before finishing its reply. Please send your message again.' });
    server.close();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Your message is still in the box/);
    expect((screen.getByLabelText('Message the tutor') as HTMLTextAreaElement).value).toBe('Is it the active site?');
    expect(document.querySelector('[data-streaming]')).toBeNull();
  });
});
