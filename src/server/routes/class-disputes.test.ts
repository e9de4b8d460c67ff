import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispute } from '../../shared/disputes';
import type { Question } from '../../shared/practice';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Disputes reach the teacher (issue 16, item 4), on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a class
 * student's "I disagree" on an assigned paper is in the teacher's list to resolve; upholding it changes the
 * student's mark and re-marks the class's other answers to the question; rejecting keeps the comment for the
 * student. A plain marker: a point is covered when the answer contains its text or one of its accepted wordings.
 */
const engine = engineWithPlainMarker({ acceptedWordings: true });

type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let otherTeacher: Who;
let sam: Who;
let ria: Who;
let classId: string;
let question: Question;
let pointId: string;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const disputesOf = async (who: Who) => (await send('GET', '/api/disputes', who)).json() as Dispute[];
const feedbackOf = async (who: Who) =>
  (await send('GET', `/api/questions/${question.id}/feedback`, who)).json() as { marks_awarded: number };

const WORDING = 'the wave bounces back off the boundary';

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  [teacher, otherTeacher, sam, ria] = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  const course = (await send('POST', '/api/courses/direct-create', teacher, { subject: 'Physics' })).json();
  const klass = (await send('POST', '/api/classes', teacher, { name: 'Physics 12C', subject: 'Physics' })).json();
  classId = klass.id;
  for (const student of [sam, ria])
    expect((await send('POST', '/api/classes/join', student, { code: klass.joinCode })).statusCode).toBe(200);
  expect((await send('POST', `/api/classes/${classId}/assignments`, teacher, { paperId: course.paper.id })).statusCode).toBe(201);
  const questions = (await send('GET', `/api/question-papers/${course.paper.id}/questions`, sam)).json() as Question[];
  question = questions.find((q) => q.type !== 'multiple_choice') ?? questions[0];
  const scheme = (await send('GET', `/api/questions/${question.id}/markscheme`, teacher)).json() as { id: string }[];
  pointId = scheme[0].id;
  // Both students say the same thing in words the scheme does not have yet.
  for (const student of [sam, ria]) {
    const res = await send('POST', '/api/answers/evaluate', student, { questionId: question.id, answer: `I think ${WORDING}.` });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('a class student’s dispute', () => {
  it('is in the teacher’s list to resolve, with the student’s name; the student sees it but may not resolve it', async () => {
    const before = (await feedbackOf(sam)).marks_awarded;
    expect(
      (await send('POST', '/api/feedback/disagree', sam, { questionId: question.id, pointId, reason: 'I said that.' })).statusCode,
    ).toBe(200);
    const mine = await disputesOf(sam);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ questionId: question.id, pointId, reason: 'I said that.', canResolve: false, studentName: null });
    const queue = await disputesOf(teacher);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ id: mine[0].id, canResolve: true, answerText: `I think ${WORDING}.`, marksBefore: before });
    expect(queue[0].studentName).toBe('Test Student');
  });

  it('is nobody else’s: another student of the class, another teacher and their 404s', async () => {
    const [dispute] = await disputesOf(sam);
    expect(await disputesOf(ria)).toEqual([]);
    expect(await disputesOf(otherTeacher)).toEqual([]);
    for (const who of [ria, otherTeacher, sam])
      expect((await send('POST', `/api/disputes/${dispute.id}/resolve`, who, { accept: true })).statusCode, 'not theirs to resolve').toBe(
        404,
      );
  });

  it('upheld by the teacher: the student’s mark changes, and the class’s same answers are re-marked', async () => {
    const [dispute] = await disputesOf(teacher);
    const samBefore = (await feedbackOf(sam)).marks_awarded;
    const riaBefore = (await feedbackOf(ria)).marks_awarded;
    const res = await send('POST', `/api/disputes/${dispute.id}/resolve`, teacher, { accept: true, comment: 'Fair.', wording: WORDING });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', acceptedWording: WORDING, outcomeComment: 'Fair.' });
    expect((await feedbackOf(sam)).marks_awarded).toBeGreaterThan(samBefore);
    expect((await feedbackOf(ria)).marks_awarded).toBeGreaterThan(riaBefore);
    const [seen] = await disputesOf(sam);
    expect(seen).toMatchObject({ status: 'accepted', outcomeComment: 'Fair.', canResolve: false });
    expect(seen.marksAfter).toBeGreaterThan(seen.marksBefore ?? 0);
  });

  it('rejected with a comment the student sees; a removed student’s disputes leave the teacher’s list at once', async () => {
    const second = (await send('GET', `/api/questions/${question.id}/markscheme`, ria)).json() as { id: string }[];
    const otherPoint = second.at(-1)!.id;
    await send('POST', '/api/feedback/disagree', ria, { questionId: question.id, pointId: otherPoint, reason: 'Please look again.' });
    const open = (await disputesOf(teacher)).find((d) => d.status === 'open')!;
    const rejected = await send('POST', `/api/disputes/${open.id}/resolve`, teacher, {
      accept: false,
      comment: 'The point needs a reason.',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', outcomeComment: 'The point needs a reason.' });
    expect((await disputesOf(ria))[0]).toMatchObject({ status: 'rejected', outcomeComment: 'The point needs a reason.' });

    expect((await send('DELETE', `/api/classes/${classId}/students/${ria.user.id}`, teacher)).statusCode).toBe(204);
    const left = await disputesOf(teacher);
    expect(left.map((d) => d.reason)).toEqual(['I said that.']);
  });
});
