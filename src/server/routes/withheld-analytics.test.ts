import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview, SubjectPredictionDto } from '../../shared/analytics';
import type { Assignment, Markbook } from '../../shared/classes';
import type { Course, Paper, Question } from '../../shared/practice';
import type { ReviewDue } from '../../shared/review';
import type { WeakPointsResponse } from '../../shared/weak-points';
import { classAssignments } from '../db/schema';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Marks held back from a student (decision 016) stay out of everything the student sees of their own work in
 * aggregate — analytics overview (subjects, topics, courses, days, recent marks), predictions, weak points, the
 * course's progress and the review schedule — while the answers count as answered; they appear once released (the
 * teacher's release, or the due date passing for 'after due date') with no recount. The teacher sees everything
 * throughout. On PGlite and (with TEST_DATABASE_URL) PostgreSQL. The marker is a plain one: a point is covered when
 * the answer contains its text.
 */
const engine = engineWithPlainMarker();

type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let sam: Who;
let ria: Who;
let classId: string;
let courseId: string;

const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const get = (url: string, who: Who) => send('GET', url, who);
const post = (url: string, payload: object, who: Who) => send('POST', url, who, payload);
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

async function assignNewPaper(settings: object): Promise<{ assignment: Assignment; questions: Question[] }> {
  const generated = await post('/api/question-papers/generate', { courseId, topic: 'waves', questionCount: 5 }, teacher);
  expect(generated.statusCode).toBe(201);
  const paperId = (generated.json().paper as Paper).id;
  const res = await post(`/api/classes/${classId}/assignments`, { paperId, ...settings }, teacher);
  expect(res.statusCode).toBe(201);
  const questions = (await get(`/api/question-papers/${paperId}/questions`, teacher)).json() as Question[];
  expect(questions.length).toBe(5);
  return { assignment: res.json(), questions };
}

/** Every point of the question's scheme, in one answer (full marks from the plain marker). */
async function fullAnswer(questionId: string, owner: Who = teacher): Promise<string> {
  const points: { text: string }[] = (await get(`/api/questions/${questionId}/markscheme`, owner)).json();
  return points.map((p) => p.text).join('. ');
}

async function submit(who: Who, questionId: string, text: string) {
  const saved = await post('/api/answers/save', { questionId, text, submitted: true }, who);
  expect(saved.statusCode).toBe(200);
  const marked = await post('/api/answers/evaluate', { questionId, answer: text }, who);
  expect(marked.statusCode).toBe(200);
}

/** What the student sees of their own work in aggregate. */
async function studentView(who: Who) {
  const [overview, predictions, weak, course, review] = await Promise.all([
    get('/api/analytics/overview?tz=UTC', who).then((r) => r.json() as AnalyticsOverview),
    get('/api/analytics/predictions', who).then((r) => r.json() as SubjectPredictionDto[]),
    get('/api/analytics/weak-points', who).then((r) => r.json() as WeakPointsResponse),
    get(`/api/courses/${courseId}`, who).then((r) => r.json() as Course),
    get('/api/review/due', who).then((r) => r.json() as ReviewDue),
  ]);
  return { overview, predictions, weak, course, review };
}
type View = Awaited<ReturnType<typeof studentView>>;

/** The marks in a view, leaving out what counts answers (which may include held-back ones) and time. */
function marksOf(v: View) {
  const figures = (f: { markedAnswers: number; correctAnswers: number; averageScore: number | null }) => ({
    marked: f.markedAnswers,
    correct: f.correctAnswers,
    average: f.averageScore,
  });
  return {
    overall: { marked: v.overview.markedAnswers, average: v.overview.averageScore },
    subjects: v.overview.subjects.map((s) => ({ subject: s.subject, recent: s.recentScores, ...figures(s) })),
    topics: v.overview.topics.filter((x) => x.markedAnswers > 0).map((x) => ({ topic: x.topic, ...figures(x) })),
    days: v.overview.days.map((d) => ({ date: d.date, score: d.score })),
    predictions: v.predictions.map((p) => ({
      subject: p.subject,
      marked: p.markedAnswers,
      current: p.currentPerformance,
      predicted: p.predictedScore,
      weak: p.weakTopics,
      strong: p.strongTopics,
    })),
    weak: v.weak,
    review: { scheduled: v.review.counts.scheduled, questions: v.review.questions.map((q) => [q.questionId, q.lastScore]) },
  };
}

const courseFigures = (v: View) => v.overview.courses.find((c) => c.courseId === courseId);

async function markbookCells(studentId: string, assignmentId: string) {
  const book: Markbook = (await get(`/api/classes/${classId}/markbook?assignmentId=${assignmentId}`, teacher)).json();
  return book.students.find((s) => s.userId === studentId)?.cells.map((c) => c.marksAwarded);
}

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  [teacher, sam, ria] = await Promise.all(Array.from({ length: 3 }, () => signUp(t.app)));
  const course = await post('/api/courses/direct-create', { subject: 'Physics' }, teacher);
  expect(course.statusCode).toBe(201);
  courseId = course.json().id;
  const created = await post('/api/classes', { name: 'Physics 13A', subject: 'Physics' }, teacher);
  classId = created.json().id;
  for (const who of [sam, ria]) expect((await post('/api/classes/join', { code: created.json().joinCode }, who)).statusCode).toBe(200);
  // Sam's own practice in the same subject, marked at once: the figures the held-back marks must not move.
  const own = await post('/api/courses/direct-create', { subject: 'Physics' }, sam);
  expect(own.statusCode).toBe(201);
  const ownQuestions: Question[] = (await get(`/api/question-papers/${own.json().paper.id}/questions`, sam)).json();
  for (const [i, q] of ownQuestions.slice(0, 4).entries()) {
    await submit(sam, q.id, i === 0 ? await fullAnswer(q.id, sam) : 'I am not sure.');
  }
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe("a student's aggregates while the marks are held back until release", () => {
  let assignment: Assignment;
  let questions: Question[];
  let before: View;
  let held: View;

  beforeAll(async () => {
    before = await studentView(sam);
    ({ assignment, questions } = await assignNewPaper({ feedback: 'on_release' }));
    // three answers worth every mark, two worth none
    for (const [i, q] of questions.entries()) await submit(sam, q.id, i < 3 ? await fullAnswer(q.id) : 'Nothing right.');
    held = await studentView(sam);
  }, 120_000);

  it('counts the answers as answered, and none of their marks', async () => {
    expect(before.overview.markedAnswers).toBeGreaterThan(0);
    expect(held.overview.answersSubmitted).toBe(before.overview.answersSubmitted + 5);
    expect(marksOf(held)).toEqual(marksOf(before));
    const physics = held.overview.subjects.find((s) => s.subject === 'Physics');
    expect(physics?.questionsAnswered).toBe((before.overview.subjects.find((s) => s.subject === 'Physics')?.questionsAnswered ?? 0) + 5);
    expect(courseFigures(held)).toMatchObject({ questionsAnswered: 5, markedAnswers: 0, correctAnswers: 0, averageScore: null });
    expect(held.course.progress).toEqual({ answered: 5, averageScore: null });
  });

  it('shows the teacher every mark meanwhile', async () => {
    const cells = await markbookCells(sam.user.id, assignment.id);
    expect(cells?.slice(0, 3)).toEqual(questions.slice(0, 3).map((q) => q.totalMarks));
    expect(cells?.slice(3)).toEqual([0, 0]);
  });

  it('shows the marks once the teacher releases them, without any recount', async () => {
    const released = await post(`/api/classes/${classId}/assignments/${assignment.id}/release`, {}, teacher);
    expect(released.statusCode).toBe(200);
    const after = await studentView(sam);
    expect(after.overview.answersSubmitted).toBe(held.overview.answersSubmitted);
    expect(after.overview.markedAnswers).toBe(before.overview.markedAnswers + 5);
    const totalMarks = questions.reduce((s, q) => s + q.totalMarks, 0);
    expect(totalMarks).toBeGreaterThan(0);
    expect(courseFigures(after)).toMatchObject({ questionsAnswered: 5, markedAnswers: 5, correctAnswers: 3, averageScore: 60 });
    expect(after.course.progress).toEqual({ answered: 5, averageScore: 60 });
    const physics = after.overview.subjects.find((s) => s.subject === 'Physics');
    expect(physics?.correctAnswers).toBe((before.overview.subjects.find((s) => s.subject === 'Physics')?.correctAnswers ?? 0) + 3);
    expect(physics?.recentScores.slice(-5).sort((a, b) => a - b)).toEqual([0, 0, 100, 100, 100]);
    expect(after.predictions.find((p) => p.subject === 'Physics')?.markedAnswers).toBe(before.overview.markedAnswers + 5);
    expect(after.weak.pointsMarked).toBeGreaterThan(before.weak.pointsMarked);
    expect(after.review.counts.scheduled).toBe(before.review.counts.scheduled + 5);
  });
});

describe("a student's aggregates while the marks are held back until the due date", () => {
  it('leaves the marks out before the due date and counts them once it has passed', async () => {
    const { assignment, questions } = await assignNewPaper({ feedback: 'after_due', dueAt: inAWeek() });
    for (const q of questions) await submit(ria, q.id, await fullAnswer(q.id));
    const held = await studentView(ria);
    expect(held.overview).toMatchObject({ answersSubmitted: 5, markedAnswers: 0, averageScore: null });
    expect(held.overview.subjects).toMatchObject([{ questionsAnswered: 5, markedAnswers: 0, correctAnswers: 0, averageScore: null }]);
    expect(held.overview.subjects[0].recentScores).toEqual([]);
    expect(held.overview.topics.every((x) => x.markedAnswers === 0 && x.averageScore === null)).toBe(true);
    expect(held.overview.days.every((d) => d.score === null)).toBe(true);
    expect(held.predictions.every((p) => p.markedAnswers === 0 && p.predictedScore === null)).toBe(true);
    expect(held.weak).toMatchObject({ findings: [], pointsMarked: 0 });
    expect(held.course.progress).toEqual({ answered: 5, averageScore: null });
    expect(held.review.counts.scheduled).toBe(0);
    expect(await markbookCells(ria.user.id, assignment.id)).toEqual(questions.map((q) => q.totalMarks));

    await t.database.db
      .update(classAssignments)
      .set({ dueAt: new Date(Date.now() - 3600_000) })
      .where(eq(classAssignments.id, assignment.id));
    const after = await studentView(ria);
    expect(after.overview).toMatchObject({ answersSubmitted: 5, markedAnswers: 5, averageScore: 100 });
    expect(after.overview.subjects).toMatchObject([{ markedAnswers: 5, correctAnswers: 5, averageScore: 100 }]);
    expect(after.overview.subjects[0].recentScores).toEqual([100, 100, 100, 100, 100]);
    expect(after.overview.days.at(-1)?.score).toBe(100);
    expect(after.predictions[0].markedAnswers).toBe(5);
    expect(after.weak.pointsMarked).toBeGreaterThan(0);
    expect(after.course.progress).toEqual({ answered: 5, averageScore: 100 });
    expect(after.review.counts.scheduled).toBe(5);
  }, 120_000);
});
