// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../shared/practice';
import { clearAllDrafts } from './clear-drafts';
import { readDraft, writeDraft } from './drafts';
import {
  draftDelivered,
  hasQueuedSubmission,
  noteDraftWaiting,
  queueSubmission,
  readOutbox,
  waitingCounts,
  waitingMessage,
} from './outbox';
import { onDelivered, syncOutbox, type Send } from './outbox-sync';

type Call = { url: string; body: Record<string, unknown> };

/** A fake server with the save API's revision rules (services/answers.ts): stale and different text is a 409. */
function fakeServer() {
  const stored = new Map<string, { text: string; revision: number; submitted: boolean }>();
  const calls: Call[] = [];
  let online = true;
  const send: Send = async <T>(_method: 'POST', url: string, body: unknown): Promise<T> => {
    if (!online) throw new TypeError('Failed to fetch');
    const b = body as Record<string, unknown>;
    calls.push({ url, body: b });
    const questionId = String(b.questionId);
    if (url === '/api/answers/save') {
      const before = stored.get(questionId);
      const text = String(b.text);
      if (before && b.revision !== before.revision && text !== before.text) {
        throw Object.assign(new Error('409: conflict'), { status: 409, serverMessage: 'changed elsewhere' });
      }
      const submitted = Boolean(b.submitted);
      const revision = !before ? 1 : before.text !== text || submitted ? before.revision + 1 : before.revision;
      stored.set(questionId, { text, revision, submitted: Boolean(before?.submitted) || submitted });
      return { questionId, text, revision, submitted } as unknown as T;
    }
    if (url === '/api/answers/evaluate') return { marks_awarded: 1 } as T;
    return { marks_awarded: 1 } as T;
  };
  return {
    stored,
    calls,
    send,
    setOnline(value: boolean) {
      online = value;
    },
  };
}

beforeEach(() => localStorage.clear());

describe('the outbox', () => {
  it('keeps one waiting entry per draft, in order, and folds a draft into the submission that follows it', () => {
    noteDraftWaiting('q1');
    noteDraftWaiting('q2');
    noteDraftWaiting('q1');
    expect(readOutbox().map((e) => `${e.kind}:${e.questionId}`)).toEqual(['draft:q1', 'draft:q2']);
    queueSubmission({ questionId: 'q2', text: 'final', revision: 3, seconds: 20 });
    queueSubmission({ questionId: 'q2', text: 'final', revision: 3, seconds: 5 });
    expect(readOutbox()).toEqual([
      { kind: 'draft', questionId: 'q1' },
      { kind: 'submit', questionId: 'q2', text: 'final', revision: 3, seconds: 25, stage: 'save' },
    ]);
    expect(hasQueuedSubmission('q2')).toBe(true);
    expect(hasQueuedSubmission('q1')).toBe(false);
    // Edited after submitting: the draft waits behind the submission.
    noteDraftWaiting('q2');
    expect(readOutbox().map((e) => `${e.kind}:${e.questionId}`)).toEqual(['draft:q1', 'submit:q2', 'draft:q2']);
    draftDelivered('q1');
    expect(readOutbox().map((e) => `${e.kind}:${e.questionId}`)).toEqual(['submit:q2', 'draft:q2']);
  });

  it('says what waits, and is cleared with the drafts at logout', () => {
    noteDraftWaiting('q1');
    noteDraftWaiting('q2');
    queueSubmission({ questionId: 'q3', text: 'x', seconds: 0 });
    const counts = waitingCounts(readOutbox());
    expect(counts).toEqual({ answers: 3, submissions: 1 });
    expect(waitingMessage(counts, false)).toBe('Offline — 3 answers waiting to be saved (1 to be submitted and marked)');
    expect(waitingMessage({ answers: 1, submissions: 0 }, false)).toBe('Offline — 1 answer waiting to be saved');
    expect(waitingMessage(counts, true)).toBe('Back online — saving 3 answers (1 to be submitted and marked)...');
    clearAllDrafts();
    expect(readOutbox()).toEqual([]);
  });

  it('ignores a damaged store', () => {
    localStorage.setItem('markwell:draft:~outbox', '{not json');
    expect(readOutbox()).toEqual([]);
    localStorage.setItem('markwell:draft:~outbox', JSON.stringify([{ kind: 'draft' }, { kind: 'draft', questionId: 'q' }]));
    expect(readOutbox()).toEqual([{ kind: 'draft', questionId: 'q' }]);
  });
});

describe('syncing the outbox', () => {
  it('sends drafts and submissions in order on their revisions, marks a submission once, and empties the outbox', async () => {
    const server = fakeServer();
    server.stored.set('q1', { text: 'old', revision: 2, submitted: false });
    writeDraft('q1', 'offline one', 2);
    noteDraftWaiting('q1');
    writeDraft('q2', 'offline two', 0);
    noteDraftWaiting('q2');
    writeDraft('q3', 'offline three', 0);
    queueSubmission({ questionId: 'q3', text: 'offline three', revision: 0, seconds: 30 });
    const delivered: Array<{ questionId: string; answer?: Answer }> = [];
    const stop = onDelivered((d) => delivered.push(d));

    server.setOnline(false);
    expect(await syncOutbox({ send: server.send })).toBe(false);
    expect(readOutbox()).toHaveLength(3);

    server.setOnline(true);
    expect(await syncOutbox({ send: server.send })).toBe(true);
    stop();
    expect(server.calls.map((c) => `${c.url} ${String(c.body.questionId)}`)).toEqual([
      '/api/answers/save q1',
      '/api/answers/save q2',
      '/api/answers/save q3',
      '/api/answers/evaluate q3',
      '/api/feedback/save q3',
    ]);
    expect(server.calls[0].body).toMatchObject({ text: 'offline one', revision: 2, submitted: false });
    expect(server.calls[2].body).toMatchObject({ text: 'offline three', submitted: true, timeSpentSeconds: 30 });
    expect(server.stored.get('q1')).toEqual({ text: 'offline one', revision: 3, submitted: false });
    expect(server.stored.get('q3')).toEqual({ text: 'offline three', revision: 1, submitted: true });
    expect(readOutbox()).toEqual([]);
    expect(readDraft('q1')).toBeNull();
    expect(readDraft('q3')).toBeNull();
    expect(delivered.map((d) => [d.questionId, d.answer?.revision])).toEqual([
      ['q1', 3],
      ['q2', 1],
      ['q3', 1],
    ]);
  });

  it('a submission cut off after its save is marked once when the network returns, never saved again', async () => {
    const server = fakeServer();
    queueSubmission({ questionId: 'q1', text: 'answer', revision: 0, seconds: 0 });
    let failAfter = 1;
    const flaky: Send = async (method, url, body) => {
      if (failAfter-- <= 0) throw new TypeError('Failed to fetch');
      return server.send(method, url, body);
    };
    expect(await syncOutbox({ send: flaky })).toBe(false);
    expect(readOutbox()).toMatchObject([{ kind: 'submit', stage: 'evaluate' }]);
    expect(await syncOutbox({ send: server.send })).toBe(true);
    expect(server.calls.map((c) => c.url)).toEqual(['/api/answers/save', '/api/answers/evaluate', '/api/feedback/save']);
  });

  it('a later save of the same question goes on the revision the submission brought back', async () => {
    const server = fakeServer();
    queueSubmission({ questionId: 'q1', text: 'submitted text', revision: 0, seconds: 0 });
    writeDraft('q1', 'edited after', 0);
    noteDraftWaiting('q1');
    expect(await syncOutbox({ send: server.send })).toBe(true);
    expect(server.stored.get('q1')).toEqual({ text: 'edited after', revision: 2, submitted: true });
    expect(readDraft('q1')).toBeNull();
  });

  it('never overwrites newer text from another device: the 409 leaves the draft for the student to choose', async () => {
    const server = fakeServer();
    server.stored.set('q1', { text: 'from the laptop', revision: 5, submitted: false });
    writeDraft('q1', 'from the bus', 4);
    noteDraftWaiting('q1');
    expect(await syncOutbox({ send: server.send })).toBe(true);
    expect(server.stored.get('q1')?.text).toBe('from the laptop');
    expect(readDraft('q1')).toMatchObject({ text: 'from the bus', revision: 4 });
    expect(readOutbox()).toEqual([]);
  });

  it('leaves the drafts of a question a screen is saving itself to that screen', async () => {
    const server = fakeServer();
    writeDraft('q1', 'in the box', 0);
    noteDraftWaiting('q1');
    writeDraft('q2', 'elsewhere', 0);
    noteDraftWaiting('q2');
    expect(await syncOutbox({ send: server.send, owned: (id) => id === 'q1' })).toBe(false);
    expect(server.calls.map((c) => c.body.questionId)).toEqual(['q2']);
    expect(readOutbox()).toEqual([{ kind: 'draft', questionId: 'q1' }]);
  });
});
