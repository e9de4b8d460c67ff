import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studyActivity } from '../db/schema';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/** Decision 004, ordered saves: a save based on an older revision never replaces newer text. */
let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let questionIds: string[] = [];
let next = 0;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  const course = await t.app.inject({
    method: 'POST',
    url: '/api/courses/direct-create',
    headers: alice.headers,
    payload: { subject: 'Biology' },
  });
  expect(course.statusCode).toBe(201);
  const questions = await t.app.inject({
    method: 'GET',
    url: `/api/question-papers/${course.json().paper.id}/questions`,
    headers: alice.headers,
  });
  questionIds = (questions.json() as { id: string }[]).map((q) => q.id);
});
afterAll(async () => {
  await t.close();
});

/** Every test answers a question of its own. */
function freshQuestion(): string {
  const id = questionIds[next++];
  if (!id) throw new Error('not enough questions for the tests');
  return id;
}

const save = (payload: object) => t.app.inject({ method: 'POST', url: '/api/answers/save', payload, headers: alice.headers });
const stored = async (questionId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/questions/${questionId}/answer`, headers: alice.headers })).json();
const studySeconds = async (questionId: string) =>
  (await t.database.db.select().from(studyActivity).where(eq(studyActivity.questionId, questionId))).reduce((n, a) => n + a.seconds, 0);

describe('POST /api/answers/save in order', () => {
  it('gives a new answer revision 1 and bumps it with each change of text, not with time alone', async () => {
    const q = freshQuestion();
    const first = await save({ questionId: q, text: 'a', submitted: false, revision: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ text: 'a', revision: 1 });
    const second = await save({ questionId: q, text: 'ab', submitted: false, revision: 1 });
    expect(second.json()).toMatchObject({ text: 'ab', revision: 2 });
    const timeOnly = await save({ questionId: q, text: 'ab', submitted: false, revision: 2, timeSpentSeconds: 5 });
    expect(timeOnly.json()).toMatchObject({ text: 'ab', revision: 2, timeSpentSeconds: 5 });
    expect(await stored(q)).toMatchObject({ text: 'ab', revision: 2 });
  });

  it('refuses an older save arriving after a newer one: the newer text stays, 409 with the stored text and revision', async () => {
    const q = freshQuestion();
    const base = (await save({ questionId: q, text: 'photosynthesis makes', submitted: false, revision: 0 })).json();
    // Two tabs both hold revision 1. Tab 2's save lands first; tab 1's delayed retry of an older draft lands last.
    const newer = await save({
      questionId: q,
      text: 'photosynthesis makes glucose from carbon dioxide and water',
      submitted: false,
      revision: base.revision,
    });
    expect(newer.statusCode).toBe(200);
    expect(newer.json().revision).toBe(2);
    const older = await save({
      questionId: q,
      text: 'photosynthesis makes sugar',
      submitted: false,
      revision: base.revision,
      timeSpentSeconds: 20,
    });
    expect(older.statusCode).toBe(409);
    expect(older.json()).toEqual({
      message: expect.stringContaining('changed in another tab'),
      text: 'photosynthesis makes glucose from carbon dioxide and water',
      revision: 2,
      submitted: false,
    });
    expect(await stored(q)).toMatchObject({ text: 'photosynthesis makes glucose from carbon dioxide and water', revision: 2 });
    // The merged text, based on the revision the 409 named, is then accepted.
    const merged = await save({ questionId: q, text: 'photosynthesis makes glucose (a sugar)', submitted: false, revision: 2 });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ text: 'photosynthesis makes glucose (a sugar)', revision: 3 });
  });

  it('counts the time sent with a refused save: it was real study time', async () => {
    const q = freshQuestion();
    await save({ questionId: q, text: 'one', submitted: false, revision: 0, timeSpentSeconds: 10 });
    await save({ questionId: q, text: 'one two', submitted: false, revision: 1, timeSpentSeconds: 15 });
    const refused = await save({ questionId: q, text: 'one three', submitted: false, revision: 1, timeSpentSeconds: 25 });
    expect(refused.statusCode).toBe(409);
    expect(await stored(q)).toMatchObject({ text: 'one two', timeSpentSeconds: 50 });
    expect(await studySeconds(q)).toBe(50);
  });

  it('accepts an older revision carrying the same text as stored (a time-only save from the other tab)', async () => {
    const q = freshQuestion();
    await save({ questionId: q, text: 'same', submitted: false, revision: 0 });
    await save({ questionId: q, text: 'same but longer', submitted: false, revision: 1 });
    const res = await save({ questionId: q, text: 'same but longer', submitted: false, revision: 1, timeSpentSeconds: 8 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'same but longer', revision: 2, timeSpentSeconds: 8 });
  });

  it('refuses a first save based on "no answer yet" once the other tab has created the answer', async () => {
    const q = freshQuestion();
    expect((await save({ questionId: q, text: 'tab two was first', submitted: false, revision: 0 })).statusCode).toBe(200);
    const res = await save({ questionId: q, text: 'tab one', submitted: false, revision: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ text: 'tab two was first', revision: 1 });
  });

  it('never lets a late draft undo a submission; the spec’s payload without a revision edits it and it stays submitted (§4)', async () => {
    const q = freshQuestion();
    await save({ questionId: q, text: 'draft', submitted: false, revision: 0 });
    const submitted = await save({ questionId: q, text: 'my final answer', submitted: true, revision: 1 });
    expect(submitted.json()).toMatchObject({ text: 'my final answer', submitted: true, revision: 2 });

    const lateWithRevision = await save({ questionId: q, text: 'draft, typed on', submitted: false, revision: 1, timeSpentSeconds: 4 });
    expect(lateWithRevision.statusCode).toBe(409);
    expect(lateWithRevision.json()).toMatchObject({ text: 'my final answer', revision: 2, submitted: true });
    expect(await stored(q)).toMatchObject({ text: 'my final answer', submitted: true, revision: 2, timeSpentSeconds: 4 });

    // A client that sends no revision cannot be ordered: its save is an edit, and the answer stays submitted.
    const specEdit = await save({ questionId: q, text: 'my final answer, edited', submitted: false, timeSpentSeconds: 6 });
    expect(specEdit.statusCode).toBe(200);
    expect(await stored(q)).toMatchObject({ text: 'my final answer, edited', submitted: true, revision: 3, timeSpentSeconds: 10 });
  });

  it('lets an edit based on the submitted revision through, and the answer stays submitted (§4)', async () => {
    const q = freshQuestion();
    const submitted = (await save({ questionId: q, text: 'submitted text', submitted: true, revision: 0 })).json();
    expect(submitted).toMatchObject({ submitted: true, revision: 1 });
    const edited = await save({ questionId: q, text: 'submitted text, improved', submitted: false, revision: submitted.revision });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'submitted text, improved', submitted: true, revision: 2 });
  });

  it('refuses a submission based on an older revision when the text differs, so the student sees the other version first', async () => {
    const q = freshQuestion();
    await save({ questionId: q, text: 'v1', submitted: false, revision: 0 });
    await save({ questionId: q, text: 'v2 from the phone', submitted: false, revision: 1 });
    const res = await save({ questionId: q, text: 'v1 from the laptop', submitted: true, revision: 1 });
    expect(res.statusCode).toBe(409);
    expect(await stored(q)).toMatchObject({ text: 'v2 from the phone', submitted: false });
  });

  it('still takes the spec’s payload without a revision: last write wins for drafts, a submission always applies', async () => {
    const q = freshQuestion();
    const first = await save({ questionId: q, text: 'spec client', submitted: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ text: 'spec client', submitted: false, revision: 1 });
    const second = await save({ questionId: q, text: 'spec client again', submitted: false });
    expect(second.json()).toMatchObject({ text: 'spec client again', revision: 2 });
    const submitted = await save({ questionId: q, text: 'spec client submits', submitted: true });
    expect(submitted.json()).toMatchObject({ text: 'spec client submits', submitted: true, revision: 3 });
    const update = await save({ questionId: q, text: 'spec client updates', submitted: true });
    expect(update.json()).toMatchObject({ text: 'spec client updates', submitted: true, revision: 4 });
    // Leaving the question sends the same text and the time: fine without a revision, even once submitted.
    const timeOnly = await save({ questionId: q, text: 'spec client updates', submitted: false, timeSpentSeconds: 3 });
    expect(timeOnly.statusCode).toBe(200);
    expect(timeOnly.json()).toMatchObject({ submitted: true, revision: 4 });
  });

  it('rejects a revision that is not a whole number', async () => {
    const q = questionIds[0]; // refused before it is read: no question of its own needed
    for (const revision of [-1, 1.5, 'two']) {
      const res = await save({ questionId: q, text: 'x', submitted: false, revision });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('revision must be a whole number');
    }
  });

  it('orders saves that arrive at the same time: exactly one of two saves based on one revision wins', async () => {
    const q = freshQuestion();
    await save({ questionId: q, text: 'base', submitted: false, revision: 0 });
    const [a, b] = await Promise.all([
      save({ questionId: q, text: 'base + tab A', submitted: false, revision: 1 }),
      save({ questionId: q, text: 'base + tab B', submitted: false, revision: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    expect(await stored(q)).toMatchObject({ text: winner.json().text, revision: 2 });
  });

  it('keeps every autosave of many answers arriving at once (on PGlite they share one commit: decision 012)', async () => {
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/courses/direct-create',
      headers: alice.headers,
      payload: { subject: 'Chemistry' },
    });
    const paper = await t.app.inject({
      method: 'GET',
      url: `/api/question-papers/${course.json().paper.id}/questions`,
      headers: alice.headers,
    });
    const qs = (paper.json() as { id: string }[]).map((q) => q.id);
    expect(qs.length).toBeGreaterThanOrEqual(5);
    for (const q of qs) expect((await save({ questionId: q, text: 'start', submitted: false, revision: 0 })).statusCode).toBe(200);
    const transaction = vi.spyOn(t.database.db, 'transaction');
    try {
      // Two rounds of every answer's autosave at once, as a class's open exam tabs would send them.
      for (const round of [1, 2]) {
        const saved = await Promise.all(
          qs.map((q) => save({ questionId: q, text: `${q} draft ${round}`, submitted: false, revision: round, timeSpentSeconds: 1 })),
        );
        expect(saved.map((res) => res.statusCode)).toEqual(qs.map(() => 200));
        expect(saved.map((res) => res.json().revision)).toEqual(qs.map(() => round + 1));
      }
      // PostgreSQL commits each on its own connection; PGlite's drafts went through shared transactions.
      if (t.database.kind === 'pglite') expect(transaction).toHaveBeenCalled();
      else expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
    for (const q of qs) {
      expect(await stored(q)).toMatchObject({ text: `${q} draft 2`, revision: 3, timeSpentSeconds: 2 });
      expect(await studySeconds(q)).toBe(2);
    }
  });
});
