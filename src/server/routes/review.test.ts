import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewDue, UserGoals } from '../../shared/review';
import { questions as questionsTable, reviewCards } from '../db/schema';
import { countDue, ratingFromMarks, reviewWindow, utcDay } from '../services/review-schedule';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Scheduled review over the API, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: markings make cards,
 * a generated history of due dates is listed and counted by UTC day, the exam date pulls reviews before
 * the exam, answering a due question again reschedules it, and nothing of it reaches another student.
 */

const DAY = 86_400_000;
type Who = Awaited<ReturnType<typeof signUp>>;
type Q = {
  id: string;
  type: string;
  totalMarks: number;
  questionNumber: number;
  text: string;
  topic: string | null;
  paperId: string | null;
};

let t: TestApp;
let alice: Who;
let bob: Who;
let course: { id: string; title: string; subject: string; paper: { id: string } };
let qs: Q[];

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: unknown, who = alice) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: who.headers });

async function evaluate(questionId: string, answer: string, who = alice) {
  const res = await post('/api/answers/evaluate', { questionId, answer }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { marks_awarded: number; total_marks: number };
}

async function cardsOf(ownerId: string) {
  return t.database.db.select().from(reviewCards).where(eq(reviewCards.ownerId, ownerId));
}

async function setDue(questionId: string, due: Date) {
  await t.database.db
    .update(reviewCards)
    .set({ due, fsrsDue: due })
    .where(and(eq(reviewCards.ownerId, alice.user.id), eq(reviewCards.questionId, questionId)));
}

async function modelAnswerOf(questionId: string) {
  const [row] = await t.database.db.select().from(questionsTable).where(eq(questionsTable.id, questionId));
  return row.correctAnswer ?? row.modelAnswer ?? 'no idea';
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  const res = await post('/api/courses/direct-create', { subject: 'Physics' });
  expect(res.statusCode).toBe(201);
  course = res.json();
  qs = (await get(`/api/question-papers/${course.paper.id}/questions`)).json();
  expect(qs.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => {
  await t?.close();
});

describe('scheduled review', () => {
  it('starts empty: nothing due, no exam date, and the goals say so', async () => {
    const due: ReviewDue = (await get('/api/review/due')).json();
    expect(due).toEqual({
      today: utcDay(new Date()),
      examDate: null,
      daysUntilExam: null,
      counts: { dueToday: 0, overdue: 0, upcomingWeek: 0, scheduled: 0 },
      questions: [],
    });
    const goals: UserGoals = (await get('/api/user/goals')).json();
    expect(goals).toEqual({ examDate: null, daysUntilExam: null, review: { dueToday: 0, overdue: 0, upcomingWeek: 0, scheduled: 0 } });
  });

  it('makes a card for every marked answer, rated from its marks and due on a later day', async () => {
    const before = Date.now();
    const marked = [];
    for (const [i, q] of qs.slice(0, 5).entries()) {
      const answer = i % 2 === 0 ? 'I do not know' : await modelAnswerOf(q.id);
      marked.push({ q, feedback: await evaluate(q.id, answer) });
    }
    const cards = await cardsOf(alice.user.id);
    expect(cards).toHaveLength(5);
    for (const { q, feedback } of marked) {
      const card = cards.find((c) => c.questionId === q.id);
      expect(card, q.id).toBeDefined();
      const rating = ratingFromMarks(feedback.marks_awarded, feedback.total_marks);
      expect(card?.lastRating).toBe({ Again: 1, Hard: 2, Good: 3, Easy: 4 }[rating]);
      expect(card?.lastScore).toBeCloseTo((100 * feedback.marks_awarded) / feedback.total_marks, 1);
      expect(card?.lastReviewedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      // Whole days: never due again the same UTC day.
      expect(card!.due.getTime()).toBeGreaterThanOrEqual(reviewWindow(new Date()).tomorrowStart.getTime());
      if (rating === 'Again') expect(Math.round((card!.due.getTime() - card!.lastReviewedAt.getTime()) / DAY)).toBe(1);
    }
    // At least one blank-ish answer went badly and one model answer well.
    expect(marked.some(({ feedback }) => feedback.marks_awarded === 0)).toBe(true);
    const due: ReviewDue = (await get('/api/review/due')).json();
    expect(due.questions).toEqual([]);
    expect(due.counts.scheduled).toBe(5);
    expect(due.counts.dueToday).toBe(0);
  });

  it('lists a generated history by UTC day: overdue first, then today, with the counts', async () => {
    const now = new Date();
    const { todayStart, tomorrowStart } = reviewWindow(now);
    const history = [
      addDays(todayStart, -3), // overdue
      new Date(todayStart.getTime() - 1), // overdue by a millisecond (due late yesterday)
      todayStart, // today
      new Date(tomorrowStart.getTime() - 1000), // today, late
      tomorrowStart, // this week
    ];
    for (const [i, due] of history.entries()) await setDue(qs[i].id, due);

    const res = await get('/api/review/due');
    expect(res.statusCode).toBe(200);
    const body: ReviewDue = res.json();
    expect(body.counts).toEqual({ ...countDue(history, now), scheduled: 5 });
    expect(body.counts).toEqual({ dueToday: 4, overdue: 2, upcomingWeek: 1, scheduled: 5 });
    expect(body.questions.map((q) => q.questionId)).toEqual(qs.slice(0, 4).map((q) => q.id));
    expect(body.questions.map((q) => q.overdue)).toEqual([true, true, false, false]);
    const first = body.questions[0];
    expect(first).toMatchObject({
      questionId: qs[0].id,
      paperId: course.paper.id,
      courseId: course.id,
      courseTitle: course.title,
      subject: 'Physics',
      totalMarks: qs[0].totalMarks,
      due: history[0].toISOString(),
    });
    expect(first.topic).toBeTruthy();
    expect(first.snippet.length).toBeGreaterThan(10);
    expect(first.snippet.length).toBeLessThanOrEqual(160);
    expect(first.snippet).not.toMatch(/<[a-z/]/i);
    expect(first.snippet).not.toMatch(/\\\(|\\frac|\s{2}/);
    expect(['Again', 'Hard', 'Good', 'Easy']).toContain(first.lastRating);

    const goals: UserGoals = (await get('/api/user/goals')).json();
    expect(goals.review).toEqual(body.counts);
  });

  it('reschedules a due question when it is answered again, and takes it off today’s list', async () => {
    const q = qs[2];
    const [before] = (await cardsOf(alice.user.id)).filter((c) => c.questionId === q.id);
    await evaluate(q.id, await modelAnswerOf(q.id));
    const [after] = (await cardsOf(alice.user.id)).filter((c) => c.questionId === q.id);
    expect(after.fsrs.reps).toBe(before.fsrs.reps + 1);
    expect(after.lastReviewedAt.getTime()).toBeGreaterThan(before.lastReviewedAt.getTime());
    expect(after.due.getTime()).toBeGreaterThanOrEqual(reviewWindow(new Date()).tomorrowStart.getTime());
    const body: ReviewDue = (await get('/api/review/due')).json();
    expect(body.questions.map((x) => x.questionId)).not.toContain(q.id);
    expect(body.counts.dueToday).toBe(3);
  });

  it('makes cards for the answers a finished paper marks', async () => {
    const carded = new Set((await cardsOf(alice.user.id)).map((c) => c.questionId));
    const q = qs.find((x) => !carded.has(x.id));
    if (!q) throw new Error('the paper needs a question without a card');
    await post('/api/answers/save', { questionId: q.id, text: 'A draft left unsubmitted', submitted: false });
    const finished = await post(`/api/question-papers/${course.paper.id}/finish`, { elapsedSeconds: 30 });
    expect(finished.statusCode, finished.body).toBe(200);
    expect((await cardsOf(alice.user.id)).map((c) => c.questionId)).toContain(q.id);
  });

  it('pulls reviews due on or after the exam day to the day before it, and puts them back when it is cleared', async () => {
    const today = reviewWindow(new Date()).todayStart;
    const exam = isoDate(addDays(today, 10));
    const farQuestion = qs[4].id;
    await setDue(farQuestion, addDays(today, 40));
    await setDue(qs[3].id, addDays(today, 3));

    const res = await post('/api/review/exam-date', { examDate: exam });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ examDate: exam, daysUntilExam: 10 });
    const cards = await cardsOf(alice.user.id);
    const far = cards.find((c) => c.questionId === farQuestion)!;
    expect(far.due).toEqual(addDays(today, 9));
    expect(far.fsrsDue).toEqual(addDays(today, 40));
    expect(cards.find((c) => c.questionId === qs[3].id)!.due).toEqual(addDays(today, 3));
    for (const card of cards) expect(card.due.getTime()).toBeLessThan(addDays(today, 10).getTime());

    const due: ReviewDue = (await get('/api/review/due')).json();
    expect(due).toMatchObject({ examDate: exam, daysUntilExam: 10 });
    expect((await get('/api/user/goals')).json()).toMatchObject({ examDate: exam, daysUntilExam: 10 });

    // A marking with the exam set is scheduled before it too.
    await evaluate(qs[1].id, await modelAnswerOf(qs[1].id));
    const marked = (await cardsOf(alice.user.id)).find((c) => c.questionId === qs[1].id)!;
    expect(marked.due.getTime()).toBeLessThan(addDays(today, 10).getTime());

    const cleared = await post('/api/review/exam-date', { examDate: null });
    expect(cleared.json()).toEqual({ examDate: null, daysUntilExam: null });
    const restored = (await cardsOf(alice.user.id)).find((c) => c.questionId === farQuestion)!;
    expect(restored.due).toEqual(addDays(today, 40));
  });

  it('refuses an exam date that is not a date, is in the past, or is years away, with a message and a 400', async () => {
    const today = reviewWindow(new Date()).todayStart;
    const cases: [unknown, string][] = [
      [{ examDate: '2027-02-30' }, 'The exam date must be a date written as YYYY-MM-DD.'],
      [{ examDate: '15/06/2027' }, 'The exam date must be a date written as YYYY-MM-DD.'],
      [{ examDate: 'tomorrow' }, 'The exam date must be a date written as YYYY-MM-DD.'],
      [{ examDate: 20270615 }, 'The exam date must be a date written as YYYY-MM-DD.'],
      [{}, 'The exam date must be a date written as YYYY-MM-DD.'],
      [{ examDate: isoDate(addDays(today, -1)) }, 'The exam date must be today or later.'],
      [{ examDate: isoDate(addDays(today, 6 * 366)) }, 'The exam date must be within the next five years.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/review/exam-date', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await post('/api/review/exam-date', { examDate: isoDate(today) })).json()).toEqual({
      examDate: isoDate(today),
      daysUntilExam: 0,
    });
    await post('/api/review/exam-date', { examDate: null });
  });

  it('shows another student none of it, and their token changes none of it', async () => {
    const aliceBefore = (await get('/api/review/due')).body;
    expect(JSON.parse(aliceBefore).counts.scheduled).toBeGreaterThan(0);
    const bobDue: ReviewDue = (await get('/api/review/due', bob)).json();
    expect(bobDue.questions).toEqual([]);
    expect(bobDue.counts).toEqual({ dueToday: 0, overdue: 0, upcomingWeek: 0, scheduled: 0 });
    expect((await get('/api/user/goals', bob)).json()).toMatchObject({ review: bobDue.counts, examDate: null });
    const bobBody = JSON.stringify(bobDue);
    for (const q of qs) expect(bobBody).not.toContain(q.id);
    // Bob cannot mark Alice's question, so no card of his or hers changes.
    const res = await post('/api/answers/evaluate', { questionId: qs[0].id, answer: 'Bob tries' }, bob);
    expect(res.statusCode).toBe(404);
    expect(await cardsOf(bob.user.id)).toEqual([]);
    // Bob's exam date is his own.
    const bobExam = isoDate(addDays(new Date(), 30));
    expect((await post('/api/review/exam-date', { examDate: bobExam }, bob)).statusCode).toBe(200);
    expect((await get('/api/review/due')).body).toBe(aliceBefore);
    expect((await get('/api/review/due', bob)).json().examDate).toBe(bobExam);
  });

  it('needs a signed-in student', async () => {
    for (const [method, url] of [
      ['GET', '/api/review/due'],
      ['POST', '/api/review/exam-date'],
      ['GET', '/api/user/goals'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { examDate: null } : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('one rule for the cards reviewed: the list and both counts agree', () => {
  it('lists and counts a class student’s cards while the paper is assigned to them, and neither once they are removed', async () => {
    const [teacher, sam] = [await signUp(t.app), await signUp(t.app)];
    const send = (method: 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const teachersCourse = (await send('POST', '/api/courses/direct-create', teacher, { subject: 'Physics' })).json() as {
      paper: { id: string };
    };
    const klass = (await send('POST', '/api/classes', teacher, { name: 'Physics 12B', subject: 'Physics' })).json() as { id: string };
    const { joinCode } = (await get(`/api/classes/${klass.id}`, teacher)).json() as { joinCode: string };
    expect((await send('POST', '/api/classes/join', sam, { code: joinCode })).statusCode).toBeLessThan(300);
    expect((await send('POST', `/api/classes/${klass.id}/assignments`, teacher, { paperId: teachersCourse.paper.id })).statusCode).toBe(
      201,
    );
    const classQuestions: Q[] = (await get(`/api/question-papers/${teachersCourse.paper.id}/questions`, sam)).json();
    const ownCourse = (await send('POST', '/api/courses/direct-create', sam, { subject: 'Chemistry' })).json() as { paper: { id: string } };
    const ownQuestions: Q[] = (await get(`/api/question-papers/${ownCourse.paper.id}/questions`, sam)).json();

    for (const q of [...classQuestions.slice(0, 2), ownQuestions[0]]) {
      await evaluate(q.id, 'no idea', sam);
      await t.database.db
        .update(reviewCards)
        .set({ due: new Date(Date.now() - 60_000) })
        .where(and(eq(reviewCards.ownerId, sam.user.id), eq(reviewCards.questionId, q.id)));
    }
    const agree = async (listed: number) => {
      const due: ReviewDue = (await get('/api/review/due', sam)).json();
      const goals: UserGoals = (await get('/api/user/goals', sam)).json();
      expect(due.questions).toHaveLength(listed);
      expect(due.counts).toMatchObject({ dueToday: listed, scheduled: listed });
      expect(goals.review).toEqual(due.counts);
      return due;
    };
    const before = await agree(3);
    expect(before.questions.filter((q) => q.paperId === teachersCourse.paper.id)).toHaveLength(2);

    expect((await send('DELETE', `/api/classes/${klass.id}/students/${sam.user.id}`, teacher)).statusCode).toBeLessThan(300);
    const after = await agree(1);
    expect(after.questions[0].questionId).toBe(ownQuestions[0].id);
  });
});
