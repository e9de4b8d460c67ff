import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../db/schema';
import { loadBank } from '../engine/builtin/bank/bank';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/public/stats' })).json();

describe('GET /api/public/stats on a known history', () => {
  it('counts nothing on an empty database, and has no pass rate before an answer is marked', async () => {
    expect(await stats()).toEqual({ students: 0, questions: loadBank().byId.size, answersMarked: 0, studyHours: 0, passRate: null });
  });

  it('gives exact students, questions, marked answers, hours of recorded time and the above-60% pass rate', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await signUp(t.app); // a third student who has done nothing yet
    const course = (
      await t.app.inject({ method: 'POST', url: '/api/courses/direct-create', headers: alice.headers, payload: { subject: 'Physics' } })
    ).json();
    const questions = (
      await t.app.inject({ method: 'GET', url: `/api/question-papers/${course.paper.id}/questions`, headers: alice.headers })
    ).json();
    expect(questions.length).toBeGreaterThanOrEqual(6);

    // Six marked answers: 80% and 70% and 61% pass; exactly 60%, 50% and 0% do not (a pass is *above* 60%).
    const marks: [number, number][] = [
      [4, 5],
      [7, 10],
      [61, 100],
      [6, 10],
      [2, 4],
      [0, 3],
    ];
    await t.database.db.insert(feedback).values(
      marks.map(([awarded, total], i) => ({
        ownerId: alice.user.id,
        questionId: questions[i].id,
        marksAwarded: awarded,
        totalMarks: total,
        qualitativeFeedback: 'known history',
        markschemeEvaluation: [],
      })),
    );

    // Recorded study time: 3600 + 3600 + 1799 s (alice) and 1200 s (bob's autosave on alice's question is refused: not his).
    const save = (who: typeof alice, questionId: string, seconds: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/answers/save',
        headers: who.headers,
        payload: { questionId, text: 'working', submitted: false, timeSpentSeconds: seconds },
      });
    expect((await save(alice, questions[0].id, 3600)).statusCode).toBe(200);
    expect((await save(alice, questions[1].id, 3600)).statusCode).toBe(200);
    expect((await save(alice, questions[1].id, 1799)).statusCode).toBe(200);
    expect((await save(bob, questions[2].id, 1200)).statusCode).toBe(404);

    expect(await stats()).toEqual({
      students: 3,
      // Papers drawn from the bank add no questions: they are the bank's.
      questions: loadBank().byId.size,
      answersMarked: 6,
      // 8999 s is 2 whole hours.
      studyHours: 2,
      passRate: 50,
    });

    // One more second of study makes 9000 s: still 2 h; 1 more marked pass makes 4 of 7 → 57%.
    await save(alice, questions[2].id, 1);
    await t.database.db.insert(feedback).values({
      ownerId: alice.user.id,
      questionId: questions[6].id,
      marksAwarded: 3,
      totalMarks: 3,
      qualitativeFeedback: 'known history',
      markschemeEvaluation: [],
    });
    expect(await stats()).toMatchObject({ answersMarked: 7, studyHours: 2, passRate: 57 });
  });
});
