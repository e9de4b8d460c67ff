import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemeMaxMarks } from '../../shared/mark-scheme';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { questions as questionsTable, studyActivity } from '../db/schema';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let course: { id: string; title: string; subject: string; totalQuestions: number; paper: { id: string } };

type Q = {
  id: string;
  type: string;
  totalMarks: number;
  questionNumber: number;
  correctAnswer: string | null;
  options: Record<string, string> | null;
};

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/courses/direct-create',
    headers: alice.headers,
    payload: { title: 'Chemistry A-Level Practice', subject: ' chemistry ' },
  });
  expect(res.statusCode).toBe(201);
  course = res.json();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: object, who = alice) => t.app.inject({ method: 'POST', url, payload, headers: who.headers });

async function paperQuestions(paperId = course.paper.id, who = alice): Promise<Q[]> {
  const res = await get(`/api/question-papers/${paperId}/questions`, who);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('courses', () => {
  it('creates a course for a bank subject with an initial paper of 10 questions', () => {
    expect(course).toMatchObject({ title: 'Chemistry A-Level Practice', subject: 'Chemistry', totalQuestions: 10 });
    expect(course.paper.id).toBeTruthy();
  });

  it('lists only the owner’s courses, with their question counts', async () => {
    const mine = (await get('/api/courses')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: course.id, totalQuestions: 10 });
    expect((await get('/api/courses', bob)).json()).toEqual([]);
  });

  it('needs a subject, with the spec message', async () => {
    const res = await post('/api/courses/direct-create', { title: 'x', subject: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRACTICE_TEXT.subjectRequired);
  });

  it('explains which subjects work offline when the bank does not cover one', async () => {
    const res = await post('/api/courses/direct-create', { subject: 'Underwater Basket Weaving' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/Biology.*Chemistry.*Physics.*Mathematics|AI provider/s);
    expect(res.json().message).toContain('AI provider');
  });

  it('hides a course from anyone but its owner (404), and bad ids are simply not found', async () => {
    expect((await get(`/api/courses/${course.id}`)).statusCode).toBe(200);
    for (const url of [`/api/courses/${course.id}`, `/api/courses/${course.id}/question-papers`, `/api/courses/${course.id}/questions`]) {
      const res = await get(url, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PRACTICE_TEXT.courseNotFound);
    }
    expect((await get('/api/courses/not-a-uuid')).statusCode).toBe(404);
    expect((await get('/api/courses')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/courses' })).statusCode).toBe(401);
  });
});

describe('question papers', () => {
  it('lists the course papers and serves the paper with numbered questions', async () => {
    const papers = (await get(`/api/courses/${course.id}/question-papers`)).json();
    expect(papers).toHaveLength(1);
    expect(papers[0]).toMatchObject({ id: course.paper.id, courseId: course.id, totalQuestions: 10 });
    const paper = (await get(`/api/question-papers/${course.paper.id}`)).json();
    expect(paper.title).toBeTruthy();
    const qs = await paperQuestions();
    expect(qs.map((q) => q.questionNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(qs.every((q) => q.correctAnswer === null)).toBe(true);
    const courseQs = (await get(`/api/courses/${course.id}/questions`)).json();
    expect(courseQs).toHaveLength(10);
  });

  it('generates a paper by topic, count and difficulty (challenging maps onto the bank)', async () => {
    const res = await post('/api/question-papers/generate', {
      courseId: course.id,
      subject: 'Chemistry',
      topic: 'energetics',
      difficultyLevel: 'challenging',
      questionCount: 5,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.totalQuestions).toBe(5);
    expect(body.questions).toHaveLength(5);
    expect(body.paper.difficultyLevel).toBe('challenging');
    expect(body.paper.topic?.toLowerCase()).toContain('energetics');
    expect((await get(`/api/courses/${course.id}`)).json().totalQuestions).toBe(15);
  });

  it('validates the generator: topic required, 5 to 20 questions, known difficulty', async () => {
    const base = { courseId: course.id, topic: 'kinetics', difficultyLevel: 'medium', questionCount: 10 };
    const cases: [object, RegExp][] = [
      [{ ...base, topic: '  ' }, /topic/i],
      [{ ...base, questionCount: 25 }, /between 5 and 20/],
      [{ ...base, questionCount: 4 }, /between 5 and 20/],
      [{ ...base, difficultyLevel: 'impossible' }, /Difficulty/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/question-papers/generate', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('will not generate into, or show, another student’s course or paper', async () => {
    const res = await post(
      '/api/question-papers/generate',
      { courseId: course.id, topic: 'kinetics', difficultyLevel: 'easy', questionCount: 5 },
      bob,
    );
    expect(res.statusCode).toBe(404);
    expect((await get(`/api/question-papers/${course.paper.id}`, bob)).statusCode).toBe(404);
    expect((await get(`/api/question-papers/${course.paper.id}/questions`, bob)).statusCode).toBe(404);
  });
});

describe('answers, marking and feedback', () => {
  it('returns the mark scheme points, whose marks add up to the question total', async () => {
    const [q] = await paperQuestions();
    const points = (await get(`/api/questions/${q.id}/markscheme`)).json();
    expect(points.length).toBeGreaterThan(0);
    // With groups and levels the points' marks need not add up to the total: the scheme's maximum does.
    const scheme = (await get(`/api/questions/${q.id}/markscheme?format=scheme`)).json();
    expect(schemeMaxMarks(scheme.points, scheme)).toBe(q.totalMarks);
    expect(scheme.total_marks).toBe(q.totalMarks);
    expect(points[0]).toMatchObject({
      id: expect.any(String),
      text: expect.any(String),
      marks: expect.any(Number),
      kind: expect.stringMatching(/^[MAB]$/),
    });
  });

  it('saves drafts, adds up active time, and keeps a submitted answer submitted when edited', async () => {
    const [, q] = await paperQuestions();
    expect((await get(`/api/questions/${q.id}/answer`)).json()).toBeNull();
    const draft = await post('/api/answers/save', { questionId: q.id, text: 'first thoughts', submitted: false, timeSpentSeconds: 30 });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ text: 'first thoughts', submitted: false, timeSpentSeconds: 30, userId: alice.user.id });
    const submitted = await post('/api/answers/save', { questionId: q.id, text: 'final answer', submitted: true, timeSpentSeconds: 45 });
    expect(submitted.json()).toMatchObject({ submitted: true, timeSpentSeconds: 75 });
    // An edit names the revision it is based on (decision 004); without one a draft never replaces a submitted text.
    const edited = await post('/api/answers/save', {
      questionId: q.id,
      text: 'final answer, improved',
      submitted: false,
      revision: submitted.json().revision,
    });
    expect(edited.json()).toMatchObject({ text: 'final answer, improved', submitted: true });
    expect((await get(`/api/questions/${q.id}/answer`)).json().text).toBe('final answer, improved');
    const activity = await t.database.db.select().from(studyActivity).where(eq(studyActivity.questionId, q.id));
    expect(activity.reduce((n, a) => n + a.seconds, 0)).toBe(75);
    expect(activity.reduce((n, a) => n + a.questionsAnswered, 0)).toBe(1);
  });

  it('rejects a blank submission with the spec message and an over-long answer with 400', async () => {
    const [q] = await paperQuestions();
    const blank = await post('/api/answers/evaluate', { questionId: q.id, answer: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(PRACTICE_TEXT.answerRequired);
    const long = await post('/api/answers/save', { questionId: q.id, text: 'x'.repeat(20_001), submitted: false });
    expect(long.statusCode).toBe(400);
  });

  it('marks the model answer in full and a blank-ish wrong answer low, storing the server’s own feedback', async () => {
    const qs = await paperQuestions();
    const q = qs.find((x) => x.type !== 'multiple_choice') ?? qs[0];
    const [row] = await t.database.db.select().from(questionsTable).where(eq(questionsTable.id, q.id));
    await post('/api/answers/save', { questionId: q.id, text: row.modelAnswer!, submitted: true });
    const res = await post('/api/answers/evaluate', { questionId: q.id, answer: row.modelAnswer! });
    expect(res.statusCode).toBe(200);
    const feedback = res.json();
    expect(feedback).toMatchObject({
      questionId: q.id,
      total_marks: q.totalMarks,
      marks_awarded: q.totalMarks,
      marked_by: 'the built-in marker',
    });
    expect(feedback.markscheme_evaluation.every((p: { status: string }) => p.status === 'COVERED')).toBe(true);

    // feedback/save cannot award marks: the stored evaluation wins.
    const forged = await post('/api/feedback/save', { questionId: q.id, feedback: { marks_awarded: 999 } });
    expect(forged.json().marks_awarded).toBe(q.totalMarks);
    expect((await get(`/api/questions/${q.id}/feedback`)).json().marks_awarded).toBe(q.totalMarks);

    const wrong = await post('/api/answers/evaluate', { questionId: q.id, answer: 'I like turtles and the colour blue.' });
    expect(wrong.json().marks_awarded).toBe(0);
  });

  it('marks a multiple-choice letter and reveals the correct option only after submission', async () => {
    const qs = await paperQuestions();
    const mc = qs.find((x) => x.type === 'multiple_choice')!;
    expect(mc).toBeDefined(); // a drawn paper mixes question types
    expect(mc.correctAnswer).toBeNull();
    const [row] = await t.database.db.select().from(questionsTable).where(eq(questionsTable.id, mc.id));
    await post('/api/answers/save', { questionId: mc.id, text: row.correctAnswer!, submitted: true });
    const res = await post('/api/answers/evaluate', { questionId: mc.id, answer: row.correctAnswer! });
    expect(res.json().marks_awarded).toBe(mc.totalMarks);
    const after = (await paperQuestions()).find((x) => x.id === mc.id)!;
    expect(after.correctAnswer).toBe(row.correctAnswer);
  });

  it('records a disagreement with a point and shows it with the feedback', async () => {
    const [q] = await paperQuestions();
    await post('/api/answers/save', { questionId: q.id, text: 'something', submitted: true });
    const feedback = (await post('/api/answers/evaluate', { questionId: q.id, answer: 'something' })).json();
    const pointId = feedback.markscheme_evaluation[0].point_id;
    const res = await post('/api/feedback/disagree', { questionId: q.id, pointId, reason: 'I did say this in other words.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().disagreements).toEqual([{ point_id: pointId, reason: 'I did say this in other words.', at: expect.any(String) }]);
    expect((await get(`/api/questions/${q.id}/feedback`)).json().disagreements).toHaveLength(1);
    const unknown = await post('/api/feedback/disagree', { questionId: q.id, pointId: 'nope', reason: '' });
    expect(unknown.statusCode).toBe(400);
  });

  it('returns the text that was marked with the feedback, and time-only saves keep the answer submitted', async () => {
    const q = (await paperQuestions()).filter((x) => x.type !== 'multiple_choice').at(-1)!;
    await post('/api/answers/save', { questionId: q.id, text: 'marked text', submitted: true });
    const evaluated = await post('/api/answers/evaluate', { questionId: q.id, answer: 'marked text' });
    expect(evaluated.json().evaluatedText).toBe('marked text');
    expect((await post('/api/feedback/save', { questionId: q.id })).json().evaluatedText).toBe('marked text');

    // Leaving the question sends the same text with the time spent: still submitted, still the marked text.
    const timeOnly = await post('/api/answers/save', { questionId: q.id, text: 'marked text', submitted: false, timeSpentSeconds: 12 });
    expect(timeOnly.json()).toMatchObject({ submitted: true, text: 'marked text' });
    expect((await get(`/api/questions/${q.id}/feedback`)).json().evaluatedText).toBe('marked text');

    // Edited after marking: still submitted; the feedback still says which text it marked, so the screen offers re-evaluation.
    await post('/api/answers/save', {
      questionId: q.id,
      text: 'edited after marking',
      submitted: false,
      revision: timeOnly.json().revision,
    });
    expect((await get(`/api/questions/${q.id}/answer`)).json()).toMatchObject({ submitted: true, text: 'edited after marking' });
    expect((await get(`/api/questions/${q.id}/feedback`)).json().evaluatedText).toBe('marked text');
  });

  it('lists the student’s answers with scores and their questions', async () => {
    const list = (await get('/api/user/answers')).json();
    expect(list.length).toBeGreaterThanOrEqual(3);
    const marked = list.find((a: { score: number | null }) => a.score !== null);
    expect(marked).toMatchObject({ userId: alice.user.id, courseId: course.id, totalMarks: expect.any(Number) });
    expect((await get('/api/user/answers', bob)).json()).toEqual([]);
    expect((await get('/api/user/questions')).json().length).toBe(15);
    expect((await get('/api/user/questions', bob)).json()).toEqual([]);
    // Goals (§7, only refreshed by the client): the exam date and the review counts; each marked answer is scheduled.
    const goals = (await get('/api/user/goals')).json();
    expect(goals).toEqual({
      examDate: null,
      daysUntilExam: null,
      review: { dueToday: 0, overdue: 0, upcomingWeek: expect.any(Number), scheduled: expect.any(Number) },
    });
    expect(goals.review.scheduled).toBe(list.filter((a: { score: number | null }) => a.score !== null).length);
    expect((await get('/api/user/goals', bob)).json()).toEqual({
      examDate: null,
      daysUntilExam: null,
      review: { dueToday: 0, overdue: 0, upcomingWeek: 0, scheduled: 0 },
    });
  });

  it('keeps every answer, feedback and mark scheme private to its owner', async () => {
    const [q] = await paperQuestions();
    for (const url of [
      `/api/questions/${q.id}/answer`,
      `/api/questions/${q.id}/feedback`,
      `/api/questions/${q.id}/markscheme`,
      `/api/questions/${q.id}/tutor`,
    ]) {
      const res = await get(url, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PRACTICE_TEXT.questionNotFound);
    }
    expect((await post('/api/answers/save', { questionId: q.id, text: 'hijack', submitted: true }, bob)).statusCode).toBe(404);
    expect((await post('/api/answers/evaluate', { questionId: q.id, answer: 'hijack' }, bob)).statusCode).toBe(404);
    expect((await post('/api/tutor/message', { questionId: q.id, message: 'hi' }, bob)).statusCode).toBe(404);
    expect((await get(`/api/questions/${q.id}/feedback`)).json()).not.toBeNull(); // there is feedback to probe for
    for (const [url, payload] of [
      ['/api/feedback/save', { questionId: q.id, feedback: { marks_awarded: 0 } }],
      ['/api/feedback/disagree', { questionId: q.id, pointId: 'p1', reason: 'hijack' }],
    ] as const) {
      const res = await post(url, payload, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PRACTICE_TEXT.questionNotFound);
    }
    expect((await get(`/api/questions/${q.id}/feedback`)).json().disagreements.some((d: { reason: string }) => d.reason === 'hijack')).toBe(
      false,
    );
    expect((await get(`/api/questions/${q.id}/answer`)).json().text).not.toBe('hijack');
  });
});

describe('tutor', () => {
  it('opens with a greeting naming the subject, replies, and keeps the history per question', async () => {
    const [q] = await paperQuestions();
    const opening = (await get(`/api/questions/${q.id}/tutor`)).json();
    expect(opening).toHaveLength(1);
    expect(opening[0].role).toBe('assistant');
    expect(opening[0].content.toLowerCase()).toMatch(/chemistry|tutor/);
    const reply = await post('/api/tutor/message', { questionId: q.id, message: 'Where should I start?' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ role: 'assistant', content: expect.any(String), by: expect.any(String) });
    const history = (await get(`/api/questions/${q.id}/tutor`)).json();
    expect(history.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(history[1].content).toBe('Where should I start?');
    await post('/api/tutor/message', { questionId: q.id, message: 'And then?' });
    expect((await get(`/api/questions/${q.id}/tutor`)).json()).toHaveLength(5);
  });

  it('needs a message', async () => {
    const [q] = await paperQuestions();
    const res = await post('/api/tutor/message', { questionId: q.id, message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRACTICE_TEXT.messageRequired);
  });
});

describe('landing-page numbers', () => {
  it('are counted from real data: students, bank questions, marked answers and the pass rate', async () => {
    const stats = (await t.app.inject({ method: 'GET', url: '/api/public/stats' })).json();
    expect(stats.students).toBeGreaterThanOrEqual(2);
    expect(stats.questions).toBeGreaterThanOrEqual(100); // the built-in bank, not papers copied from it
    expect(stats.answersMarked).toBeGreaterThanOrEqual(1);
    expect(stats.passRate).toBeGreaterThanOrEqual(0);
    expect(stats.passRate).toBeLessThanOrEqual(100);
  });
});
