import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEngineError, type PagesRead } from '../../engine';
import { createBuiltinEngine } from '../builtin-engine';
import { notAPdfMessage } from '../../documents/read-pdf';
import { toolsInThisThread } from '../../tools/run-tool';
import { buildPdf } from '../documents/testing/build-pdf';
import { createPooledEngine, ENGINE_OUT_OF_MEMORY_MESSAGE, poolFromSettings, type PooledEngine } from './pooled-engine';

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../ocr/fixtures', name));

describe('the built-in engine in a worker pool', () => {
  let pooled: PooledEngine;
  const inProcess = createBuiltinEngine();
  beforeAll(() => {
    pooled = createPooledEngine({ workers: 1, maxQueue: 50 });
  });
  afterAll(async () => {
    await pooled.close();
  });

  it('marks in a worker thread, with the same marks and reasons as in this thread', async () => {
    const paper = await pooled.generatePaper({ subject: 'Biology', difficulty: 'medium', count: 5, seed: 7 });
    // the same seed draws the same paper in both places
    expect(paper).toEqual(await inProcess.generatePaper({ subject: 'Biology', difficulty: 'medium', count: 5, seed: 7 }));
    paper.questions = paper.questions.slice(0, 3);
    const before = pooled.stats().completed;
    for (const question of paper.questions) {
      const answer = `${question.modelAnswer ?? 'an answer'} `.repeat(40).slice(0, 20_000);
      const inWorker = await pooled.evaluateAnswer({ question, answer });
      expect(inWorker).toEqual(await inProcess.evaluateAnswer({ question, answer }));
    }
    const stats = pooled.stats();
    expect(stats.completed).toBe(before + paper.questions.length);
    expect(stats.threadIds.length).toBeGreaterThan(0);
    expect(stats.threadIds).not.toContain(threadId);
  }, 180_000); // the worker's start and the two warm-ups, on a busy machine

  it('warms the marker up in a worker, without counting it as a call', async () => {
    const before = pooled.stats().completed;
    await expect(pooled.warmUp!()).resolves.toBeUndefined();
    expect(pooled.stats().completed).toBe(before);
  }, 180_000);

  it('keeps an engine error an engine error (its code decides the HTTP status)', async () => {
    const error = await pooled.generateCourse({ subject: 'Klingon' }).catch((e: unknown) => e);
    expect(isEngineError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'UNSUPPORTED_SUBJECT',
      message: expect.stringContaining('"Klingon" is not in the offline question bank'),
    });
  });

  it('grades photographed sheets in the worker (OCR included) as in this thread', async () => {
    const lookups: string[] = [];
    const input = {
      pages: [fixture('answer-sheet.png')],
      questionImage: fixture('question-sheet.png'),
      // the scheme is looked up here, in this thread, between the read and the marking
      schemeFor: async (read: PagesRead) => {
        lookups.push(read.question?.text ?? '');
        const match = await toolsInThisThread.run('findQuestion', { text: read.question?.text ?? '' });
        return match && { questions: [{ ...match.question, number: 1 }], printed: null };
      },
    };
    const before = pooled.stats().completed;
    const inWorker = await pooled.gradePages(input);
    // one crossing to read both photos, one to mark every answer found
    expect(pooled.stats().completed).toBe(before + 2);
    expect(inWorker.questions[0].feedback!.marks_awarded).toBeGreaterThan(0);
    expect(inWorker).toEqual(await inProcess.gradePages(input));
    expect(lookups).toHaveLength(2);
  });

  it("reads a PDF in the worker, page by page as in this thread, and keeps the reader's message for a file that is not a PDF", async () => {
    const pdf = buildPdf([
      'BT /F1 12 Tf 50 800 Td (Osmosis is the movement of water.) Tj ET',
      'BT /F1 12 Tf 50 800 Td (Diffusion needs no energy.) Tj ET',
    ]);
    const before = pooled.stats().completed;
    const pages = await pooled.tools.run('readPdf', pdf);
    expect(pages).toEqual(['Osmosis is the movement of water.', 'Diffusion needs no energy.']);
    expect(pages).toEqual(await toolsInThisThread.run('readPdf', pdf));
    expect(pooled.stats().completed).toBe(before + 1);
    const error = await pooled.tools.run('readPdf', Buffer.from('not a pdf')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: notAPdfMessage });
  });

  it('refuses at once, as busy, a call beyond the queue limit instead of queueing it', async () => {
    const small = createPooledEngine({ workers: 1, maxQueue: 1 });
    try {
      const question = (await inProcess.generatePaper({ subject: 'Physics', difficulty: 'medium', count: 5, seed: 3 })).questions[0];
      const calls = Array.from({ length: 6 }, () =>
        small.evaluateAnswer({ question, answer: 'a force' }).then(
          () => 'marked',
          (e: unknown) => e,
        ),
      );
      const outcomes = await Promise.all(calls);
      const busy = outcomes.filter((o) => isEngineError(o) && o.code === 'UNAVAILABLE');
      expect(busy.length).toBeGreaterThan(0);
      expect(outcomes).toContain('marked');
    } finally {
      await small.close();
    }
  });
});

describe('workers beyond the first', () => {
  it('start when calls queue and stop after idleStopMs without a call, the first staying (issue 29)', async () => {
    const pool = createPooledEngine({ workers: 2, maxQueue: 20, idleStopMs: 300 });
    try {
      const page = buildPdf(['BT /F1 12 Tf 50 800 Td (Osmosis is the movement of water.) Tj ET']);
      await pool.tools.run('readPdf', page);
      expect(pool.stats().running).toBe(1);
      // a burst: more calls at once than one worker takes, so the second starts
      const read = await Promise.all(Array.from({ length: 8 }, () => pool.tools.run('readPdf', page)));
      expect(read.every((pages) => pages[0] === 'Osmosis is the movement of water.')).toBe(true);
      expect(new Set(pool.stats().threadIds).size).toBe(2);
      // idle: back to one worker, which still answers
      for (let waited = 0; pool.stats().running > 1 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      expect(pool.stats().running).toBe(1);
      expect(await pool.tools.run('readPdf', page)).toEqual(['Osmosis is the movement of water.']);
    } finally {
      await pool.close();
    }
  }, 180_000);

  it('all keep running without idleStopMs (ENGINE_WORKER_IDLE_SECONDS=0); ENGINE_WORKERS=0 gives no pool', async () => {
    expect(poolFromSettings({ ENGINE_WORKERS: 0, ENGINE_QUEUE_MAX: 20, ENGINE_WORKER_IDLE_SECONDS: 60 })).toBeNull();
    const pool = poolFromSettings({ ENGINE_WORKERS: 2, ENGINE_QUEUE_MAX: 20, ENGINE_WORKER_IDLE_SECONDS: 0 });
    if (!pool) throw new Error('ENGINE_WORKERS=2 gives a pool');
    try {
      await pool.tools.run('readPdf', Buffer.from('not a pdf')).catch(() => null);
      await new Promise((r) => setTimeout(r, 500));
      expect(pool.stats().running).toBe(2);
    } finally {
      await pool.close();
    }
  }, 180_000);
});

describe('the worker pool’s memory', () => {
  // One small pool: a 128 MB heap per worker (a worker that only reads PDFs loads nothing else of the engine),
  // and every worker that holds more than 1 MB after a call is replaced, which is every worker.
  let small: PooledEngine;
  beforeAll(() => {
    small = createPooledEngine({ workers: 1, maxQueue: 4, maxHeapMb: 128, recycleAboveMb: 1 });
  });
  afterAll(async () => {
    await small.close();
  });
  const page = buildPdf(['BT /F1 12 Tf 50 800 Td (Osmosis is the movement of water.) Tj ET']);

  it('replaces a worker that holds more memory than it should after a call', async () => {
    expect(await small.tools.run('readPdf', page)).toEqual(['Osmosis is the movement of water.']);
    expect(await small.tools.run('readPdf', page)).toEqual(['Osmosis is the movement of water.']);
    const stats = small.stats();
    expect(stats.recycled).toBe(2);
    expect(stats.threadIds).toHaveLength(2); // the second call ran on a fresh worker
  }, 180_000);

  it('stops a call whose heap outgrows the worker’s limit with a message, and the pool goes on', async () => {
    // 400,000 text pieces on one page (a 1 MB file, well under the inflated-size limit): about 300 MB of heap in pdf.js.
    const pieces = Array.from({ length: 200_000 }, (_, i) => `(w${i}) Tj 0 -16 Td (x${i}) Tj 0 16 Td`).join('\n');
    const heavy = buildPdf([`BT /F1 12 Tf 72 770 Td\n${pieces}\nET`], { compress: true });
    const error = await small.tools.run('readPdf', heavy).catch((e: unknown) => e);
    expect(isEngineError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: ENGINE_OUT_OF_MEMORY_MESSAGE });
    expect(await small.tools.run('readPdf', page)).toEqual(['Osmosis is the movement of water.']);
  }, 180_000);
});
