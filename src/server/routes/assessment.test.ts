import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_TEXT } from '../../shared/assignment-text';
import type { OverrideResponse, RemarkSummary } from '../../shared/assignments';
import type { Assignment, ClassDetail, Markbook, StudentAnswer } from '../../shared/classes';
import { CLASSES_TEXT } from '../../shared/classes-text';
import type { Paper, Question, StoredFeedback } from '../../shared/practice';
import type { PaperResults } from '../../shared/attempts';
import { classAssignments } from '../db/schema';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Assessment a teacher can stand behind (issue 30), through the API on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: the settings of an assigned paper, attempts kept and limited, due dates and time limits that refuse
 * or flag, feedback held back until released, teacher overrides that stand through a re-mark, the markbook's
 * statuses and CSV per assignment, and who may call each new route. The marker is a plain one: a point is covered
 * when the answer contains its text, so marks are predictable.
 */
const engine = engineWithPlainMarker();

type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let otherTeacher: Who;
let sam: Who;
let ria: Who;
let kit: Who; // never opens anything
let removed: Who; // joins, then is removed
let outsider: Who;
let classId: string;
let courseId: string;

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const get = (url: string, who: Who) => send('GET', url, who);
const post = (url: string, payload: object, who: Who) => send('POST', url, who, payload);
const patch = (url: string, payload: object, who: Who) => send('PATCH', url, who, payload);

const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

/** A fresh paper of the teacher's course (five questions), assigned to the class with these settings. */
async function assignNewPaper(settings: object = {}): Promise<{ assignment: Assignment; questions: Question[] }> {
  const generated = await post('/api/question-papers/generate', { courseId, topic: 'waves', questionCount: 5 }, teacher);
  expect(generated.statusCode).toBe(201);
  const paperId = (generated.json().paper as Paper).id;
  const res = await post(`/api/classes/${classId}/assignments`, { paperId, ...settings }, teacher);
  expect(res.statusCode).toBe(201);
  const questions = (await get(`/api/question-papers/${paperId}/questions`, sam)).json() as Question[];
  expect(questions.length).toBe(5);
  return { assignment: res.json(), questions };
}

/** The scheme's points of a question, read as its owner (the teacher). */
async function pointsOf(questionId: string): Promise<{ id: string; text: string; marks: number }[]> {
  return (await get(`/api/questions/${questionId}/markscheme`, teacher)).json();
}

/** Submits as the exam screen does: save as submitted, then mark. */
async function submit(who: Who, questionId: string, text: string) {
  const saved = await post('/api/answers/save', { questionId, text, submitted: true }, who);
  if (saved.statusCode !== 200) return saved;
  return post('/api/answers/evaluate', { questionId, answer: text }, who);
}

async function setDueInPast(assignmentId: string) {
  await t.database.db
    .update(classAssignments)
    .set({ dueAt: new Date(Date.now() - 3600_000) })
    .where(eq(classAssignments.id, assignmentId));
}

async function markbookRow(studentId: string, assignmentId?: string) {
  const book: Markbook = (
    await get(`/api/classes/${classId}/markbook${assignmentId ? `?assignmentId=${assignmentId}` : ''}`, teacher)
  ).json();
  return { book, row: book.students.find((s) => s.userId === studentId) };
}

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  [teacher, otherTeacher, sam, ria, kit, removed, outsider] = await Promise.all(Array.from({ length: 7 }, () => signUp(t.app)));
  const course = await post('/api/courses/direct-create', { subject: 'Physics' }, teacher);
  expect(course.statusCode).toBe(201);
  courseId = course.json().id;
  const created = await post('/api/classes', { name: 'Physics 13A', subject: 'Physics' }, teacher);
  classId = created.json().id;
  const code = created.json().joinCode as string;
  for (const who of [sam, ria, kit, removed]) expect((await post('/api/classes/join', { code }, who)).statusCode).toBe(200);
  expect((await send('DELETE', `/api/classes/${classId}/students/${removed.user.id}`, teacher)).statusCode).toBe(204);
  await post('/api/classes', { name: 'Other', subject: 'Chemistry' }, otherTeacher);
});
afterAll(async () => {
  await t.close();
});

describe('assignment settings', () => {
  it("keeps the spec's payload meaning: no due date, late work flagged, no limits, the last counts, feedback at once", async () => {
    const { assignment } = await assignNewPaper();
    expect(assignment.settings).toEqual({
      lateWork: 'flag',
      timeLimitMinutes: null,
      attempts: null,
      counts: 'last',
      feedback: 'immediate',
      releasedAt: null,
      released: true,
    });
  });

  it('takes every setting when assigning, and refuses bad ones with a clear message', async () => {
    const generated = await post('/api/question-papers/generate', { courseId, topic: 'waves', questionCount: 5 }, teacher);
    const paperId = generated.json().paper.id as string;
    const url = `/api/classes/${classId}/assignments`;
    const refused = [
      [{ dueAt: '2020-01-01T09:00:00Z' }, ASSIGNMENT_TEXT.dueInPast],
      [{ feedback: 'after_due' }, ASSIGNMENT_TEXT.afterDueNeedsDate],
      [{ attempts: 0 }, ASSIGNMENT_TEXT.attemptsInvalid],
      [{ attempts: 2.5 }, ASSIGNMENT_TEXT.attemptsInvalid],
      [{ timeLimitMinutes: 0 }, ASSIGNMENT_TEXT.timeLimitInvalid],
      [{ lateWork: 'maybe' }, ASSIGNMENT_TEXT.lateWorkInvalid],
      [{ counts: 'average' }, ASSIGNMENT_TEXT.countsInvalid],
      [{ feedback: 'never' }, ASSIGNMENT_TEXT.feedbackInvalid],
    ] as const;
    for (const [settings, message] of refused) {
      const res = await post(url, { paperId, ...settings }, teacher);
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const dueAt = inAWeek();
    const res = await post(
      url,
      { paperId, dueAt, lateWork: 'refuse', timeLimitMinutes: 45, attempts: 2, counts: 'best', feedback: 'after_due' },
      teacher,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().settings).toMatchObject({
      lateWork: 'refuse',
      timeLimitMinutes: 45,
      attempts: 2,
      counts: 'best',
      feedback: 'after_due',
      released: false,
    });
  });

  it('changes settings with PATCH (what is not sent stays), only for the class teacher', async () => {
    const { assignment } = await assignNewPaper({ attempts: 1 });
    const url = `/api/classes/${classId}/assignments/${assignment.id}`;
    const res = await patch(url, { attempts: 3, counts: 'first', dueAt: inAWeek() }, teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ attempts: 3, counts: 'first', lateWork: 'flag', feedback: 'immediate' });
    expect(res.json().dueAt).not.toBeNull();
    expect((await patch(url, { attempts: null, dueAt: null }, teacher)).json()).toMatchObject({
      dueAt: null,
      settings: { attempts: null, counts: 'first' },
    });
    expect((await patch(url, { dueAt: '2020-01-01' }, teacher)).json().message).toBe(ASSIGNMENT_TEXT.dueInPast);
    for (const who of [sam, outsider, otherTeacher, removed]) {
      const other = await patch(url, { attempts: 5 }, who);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe(CLASSES_TEXT.notFound);
    }
    const unknown = await patch(`/api/classes/${classId}/assignments/00000000-0000-4000-8000-000000000000`, { attempts: 5 }, teacher);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CLASSES_TEXT.assignmentNotFound);
  });
});

describe('attempts', () => {
  it('refuses a submission beyond the attempts allowed with a 409, keeping the text as a draft', async () => {
    const { assignment, questions } = await assignNewPaper({ attempts: 1 });
    const [q] = questions;
    const [point] = await pointsOf(q.id);
    const first = await submit(sam, q.id, `First try: ${point.text}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().marks_awarded).toBeGreaterThan(0);

    const second = await submit(sam, q.id, 'A second, different answer.');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ASSIGNMENT_TEXT.noAttemptsLeft(1));
    // nothing typed is lost: the text is the stored answer (a draft of a submitted answer)
    expect((await get(`/api/questions/${q.id}/answer`, sam)).json().text).toBe('A second, different answer.');
    const direct = await post('/api/answers/evaluate', { questionId: q.id, answer: 'A third answer.' }, sam);
    expect(direct.statusCode).toBe(409);
    expect((await get(`/api/questions/${q.id}/answer`, sam)).json().text).toBe('A third answer.');
    // marking the counted text again is not a new attempt
    expect((await post('/api/answers/evaluate', { questionId: q.id, answer: `First try: ${point.text}` }, sam)).statusCode).toBe(200);

    const history: StudentAnswer = (await get(`/api/classes/${classId}/students/${sam.user.id}/answers/${q.id}`, teacher)).json();
    expect(history.attempts).toHaveLength(1);
    expect(history.attempts?.[0]).toMatchObject({ number: 1, text: `First try: ${point.text}`, counted: true, late: false });

    // the paper's other question is still open, and finishing skips the used-up one without failing
    const finished = await post(`/api/question-papers/${assignment.paperId}/finish`, {}, sam);
    expect(finished.statusCode).toBe(200);
  });

  it('counts the first, best or last attempt as the teacher chose, with the history a click away', async () => {
    const { assignment, questions } = await assignNewPaper({ attempts: 3, counts: 'best' });
    const [q] = questions;
    const points = await pointsOf(q.id);
    const all = points.map((p) => p.text).join('. ');
    expect((await submit(ria, q.id, 'Nothing right.')).statusCode).toBe(200);
    expect((await submit(ria, q.id, `Everything: ${all}`)).statusCode).toBe(200);
    expect((await submit(ria, q.id, 'Nothing right again.')).statusCode).toBe(200);
    const fourth = await submit(ria, q.id, 'A fourth.');
    expect(fourth.json().message).toBe(ASSIGNMENT_TEXT.noAttemptsLeft(3));

    const best = (await markbookRow(ria.user.id, assignment.id)).row;
    expect(best?.cells[0].marksAwarded).toBe(q.totalMarks);
    expect(best?.cells[0].attempts).toBe(3);
    // the student saw the feedback of attempt 1 before attempts 2 and 3
    expect(best?.cells[0].afterFeedback).toBe(true);
    await patch(`/api/classes/${classId}/assignments/${assignment.id}`, { counts: 'first' }, teacher);
    expect((await markbookRow(ria.user.id, assignment.id)).row?.cells[0].marksAwarded).toBe(0);
    await patch(`/api/classes/${classId}/assignments/${assignment.id}`, { counts: 'last' }, teacher);
    expect((await markbookRow(ria.user.id, assignment.id)).row?.cells[0].marksAwarded).toBe(0);

    const history: StudentAnswer = (await get(`/api/classes/${classId}/students/${ria.user.id}/answers/${q.id}`, teacher)).json();
    expect(history.attempts?.map((a) => [a.number, a.marksAwarded, a.afterFeedback, a.counted])).toEqual([
      [1, 0, false, false],
      [2, q.totalMarks, true, false],
      [3, 0, true, true],
    ]);
  });

  it("leaves a student's own practice as the spec has it: re-marked without limit", async () => {
    const own = await post('/api/courses/direct-create', { subject: 'Physics' }, sam);
    const paperId = own.json().paper.id as string;
    const [q] = (await get(`/api/question-papers/${paperId}/questions`, sam)).json() as Question[];
    for (const text of ['one', 'two', 'three', 'four']) expect((await submit(sam, q.id, text)).statusCode).toBe(200);
    expect((await get(`/api/questions/${q.id}/markscheme`, sam)).statusCode).toBe(200);
  });
});

describe('due dates and time limits', () => {
  it('refuses work after a due date the teacher refuses late work after, and finishing too; the draft stays', async () => {
    const { assignment, questions } = await assignNewPaper({ dueAt: inAWeek(), lateWork: 'refuse' });
    const [q] = questions;
    expect((await post('/api/answers/save', { questionId: q.id, text: 'A draft before the deadline.' }, sam)).statusCode).toBe(200);
    await setDueInPast(assignment.id);
    const late = await submit(sam, q.id, 'Written after the deadline.');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      /^This assignment was due on .* and your teacher is not accepting late work\. Your answer is kept as a draft\.$/,
    );
    expect((await get(`/api/questions/${q.id}/answer`, sam)).json()).toMatchObject({
      text: 'Written after the deadline.',
      submitted: false,
    });
    const finish = await post(`/api/question-papers/${assignment.paperId}/finish`, {}, sam);
    expect(finish.statusCode).toBe(409);
    // drafts are still saved (nothing the student types is lost)
    expect((await post('/api/answers/save', { questionId: q.id, text: 'Still typing.' }, sam)).statusCode).toBe(200);
    const paper: Paper = (await get(`/api/question-papers/${assignment.paperId}`, sam)).json();
    expect(paper.assignment).toMatchObject({ closed: true, status: 'missing', lateWork: 'refuse' });
  });

  it('accepts late work and flags it when the teacher chose to', async () => {
    const { assignment, questions } = await assignNewPaper({ dueAt: inAWeek(), lateWork: 'flag' });
    await setDueInPast(assignment.id);
    // the teacher's form sends the stored (now past) due date back with another change: accepted
    const stored = (await get(`/api/classes/${classId}`, teacher)).json().assignments.find((a: Assignment) => a.id === assignment.id);
    const resend = await patch(`/api/classes/${classId}/assignments/${assignment.id}`, { dueAt: stored.dueAt, counts: 'best' }, teacher);
    expect(resend.statusCode).toBe(200);
    for (const q of questions) expect((await submit(ria, q.id, 'Late but here.')).statusCode).toBe(200);
    const { row } = await markbookRow(ria.user.id, assignment.id);
    expect(row?.cells.every((c) => c.late)).toBe(true);
    expect(row?.assignments?.[0]).toMatchObject({ status: 'late', late: true, marksAwarded: 0 });
    const history: StudentAnswer = (
      await get(`/api/classes/${classId}/students/${ria.user.id}/answers/${questions[0].id}`, teacher)
    ).json();
    expect(history.attempts?.[0].late).toBe(true);
  });

  it("refuses a submission after the student's time limit on the server's clock", async () => {
    const { assignment, questions } = await assignNewPaper({ timeLimitMinutes: 10, lateWork: 'refuse' });
    const [q] = questions;
    // the clock starts with the first save
    expect((await post('/api/answers/save', { questionId: q.id, text: 'Started.' }, sam)).statusCode).toBe(200);
    const started: Paper = (await get(`/api/question-papers/${assignment.paperId}`, sam)).json();
    expect(started.assignment?.startedAt).not.toBeNull();
    expect(Date.parse(started.assignment?.deadlineAt ?? '') - Date.parse(started.assignment?.startedAt ?? '')).toBe(10 * 60_000);
    expect((await submit(sam, q.id, 'In time.')).statusCode).toBe(200);
    // eleven minutes later (the start moved back), past the limit and its grace
    await t.database.db.execute(
      sql`update paper_attempts set started_at = now() - interval '12 minutes' where paper_id = ${assignment.paperId}`,
    );
    const late = await submit(sam, questions[1].id, 'Too late.');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ASSIGNMENT_TEXT.timeUp(10));
  });
});

describe('feedback held back until released', () => {
  let assignment: Assignment;
  let questions: Question[];
  let full: string;

  beforeAll(async () => {
    ({ assignment, questions } = await assignNewPaper({ feedback: 'on_release', attempts: 1 }));
    full = (await pointsOf(questions[0].id)).map((p) => p.text).join('. ');
  });

  it('tells the student the answer was submitted, and nothing of the marks or the scheme', async () => {
    const q = questions[0];
    const marked = await submit(sam, q.id, `My answer: ${full}`);
    expect(marked.statusCode).toBe(200);
    const shown: StoredFeedback = marked.json();
    expect(shown).toMatchObject({
      withheld: true,
      marks_awarded: 0,
      markscheme_evaluation: [],
      qualitative_feedback: ASSIGNMENT_TEXT.withheld,
    });
    // nothing of the scheme: no point's text outside the student's own words
    const { evaluatedText: ownWords, ...rest } = shown;
    expect(ownWords).toBe(`My answer: ${full}`);
    for (const p of await pointsOf(q.id)) expect(JSON.stringify(rest)).not.toContain(p.text.slice(0, 20).replace(/"/g, ''));
    expect((await get(`/api/questions/${q.id}/feedback`, sam)).json()).toMatchObject({ withheld: true, marks_awarded: 0 });
    expect((await post('/api/feedback/save', { questionId: q.id }, sam)).json()).toMatchObject({ withheld: true });
    const scheme = await get(`/api/questions/${q.id}/markscheme`, sam);
    expect(scheme.statusCode).toBe(403);
    expect(scheme.json().message).toBe(ASSIGNMENT_TEXT.schemeWithheld);
    const tutor = await post('/api/tutor/message', { questionId: q.id, message: 'What did I miss?' }, sam);
    expect(tutor.statusCode).toBe(409);
    expect(tutor.json().message).toBe(ASSIGNMENT_TEXT.tutorWithheld);
    const disagree = await post('/api/feedback/disagree', { questionId: q.id, pointId: 'p1', reason: 'x' }, sam);
    expect(disagree.statusCode).toBe(409);
    const results: PaperResults = (await get(`/api/question-papers/${assignment.paperId}/results`, sam)).json();
    expect(results.withheld).toBe(true);
    expect(results.marksAwarded).toBe(0);
    expect(results.questions[0]).toMatchObject({ submitted: true, marksAwarded: null, feedback: null });
    expect(results.questions[0].question.correctAnswer).toBeNull();
    const mine = (await get('/api/user/answers', sam)).json() as { questionId: string; marksAwarded: number | null }[];
    expect(mine.find((a) => a.questionId === q.id)?.marksAwarded).toBeNull();
    const detail: ClassDetail = (await get(`/api/classes/${classId}`, sam)).json();
    expect(detail.assignments.find((a) => a.id === assignment.id)?.progress).toMatchObject({ marksAwarded: null, score: null });
    // the teacher sees everything
    const { row } = await markbookRow(sam.user.id, assignment.id);
    expect(row?.cells[0].marksAwarded).toBe(q.totalMarks);
    const teacherView: StudentAnswer = (await get(`/api/classes/${classId}/students/${sam.user.id}/answers/${q.id}`, teacher)).json();
    expect(teacherView.feedback?.markscheme_evaluation.length).toBeGreaterThan(0);
  });

  it('shows marks, points and the scheme once the teacher releases them (only the teacher may)', async () => {
    const q = questions[0];
    const url = `/api/classes/${classId}/assignments/${assignment.id}/release`;
    for (const who of [sam, outsider, otherTeacher, removed]) expect((await post(url, {}, who)).statusCode).toBe(404);
    const released = await post(url, {}, teacher);
    expect(released.statusCode).toBe(200);
    expect(released.json().settings).toMatchObject({ released: true });
    expect(released.json().settings.releasedAt).not.toBeNull();
    const feedback: StoredFeedback = (await get(`/api/questions/${q.id}/feedback`, sam)).json();
    expect(feedback.withheld).toBeUndefined();
    expect(feedback.marks_awarded).toBe(q.totalMarks);
    expect((await get(`/api/questions/${q.id}/markscheme`, sam)).statusCode).toBe(200);
    expect(((await get(`/api/question-papers/${assignment.paperId}/results`, sam)).json() as PaperResults).withheld).toBeUndefined();
    // an unanswered question's scheme stays the student's to earn
    expect((await get(`/api/questions/${questions[1].id}/markscheme`, sam)).statusCode).toBe(403);
  });

  it('shows feedback after the due date when so set', async () => {
    const { assignment: due, questions: qs } = await assignNewPaper({ feedback: 'after_due', dueAt: inAWeek() });
    expect((await submit(ria, qs[0].id, 'An answer.')).json().qualitative_feedback).toMatch(
      /^Submitted\. Marks and feedback are shown after the due date/,
    );
    await setDueInPast(due.id);
    expect((await get(`/api/questions/${qs[0].id}/feedback`, ria)).json().withheld).toBeUndefined();
  });
});

describe('teacher overrides', () => {
  let assignment: Assignment;
  let questions: Question[];

  beforeAll(async () => {
    ({ assignment, questions } = await assignNewPaper());
    expect((await submit(ria, questions[0].id, 'Nothing right.')).statusCode).toBe(200);
  });

  it("sets a question's mark with a comment, kept with who, when, before and after; the student sees both", async () => {
    const q = questions[0];
    const res = await post(
      `/api/classes/${classId}/marks`,
      { studentId: ria.user.id, questionId: q.id, marksAwarded: 1, comment: 'Your diagram on the sheet earns this.' },
      teacher,
    );
    expect(res.statusCode).toBe(201);
    const body: OverrideResponse = res.json();
    expect(body).toMatchObject({ marksAwarded: 1, totalMarks: q.totalMarks });
    expect(body.override).toMatchObject({ marksBefore: 0, marksAfter: 1, pointId: null, teacherName: 'Test Student' });
    const seen: StoredFeedback = (await get(`/api/questions/${q.id}/feedback`, ria)).json();
    expect(seen.marks_awarded).toBe(1);
    expect(seen.teacher_overrides).toEqual([
      expect.objectContaining({ point_id: null, marks_awarded: 1, comment: 'Your diagram on the sheet earns this.' }),
    ]);
    expect((await markbookRow(ria.user.id, assignment.id)).row?.cells[0]).toMatchObject({ marksAwarded: 1, overridden: true });
  });

  it("sets one point's mark: the point and the question's marks move together", async () => {
    const q = questions[0];
    const [point] = await pointsOf(q.id);
    const res = await post(
      `/api/classes/${classId}/marks`,
      { studentId: ria.user.id, questionId: q.id, pointId: point.id, marksAwarded: point.marks, comment: 'Said in other words.' },
      teacher,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().marksAwarded).toBe(Math.min(q.totalMarks, 1 + point.marks));
    const seen: StoredFeedback = (await get(`/api/questions/${q.id}/feedback`, ria)).json();
    expect(seen.markscheme_evaluation.find((p) => p.point_id === point.id)).toMatchObject({
      status: 'COVERED',
      marks_awarded: point.marks,
    });
    const history: StudentAnswer = (await get(`/api/classes/${classId}/students/${ria.user.id}/answers/${q.id}`, teacher)).json();
    expect(history.overrides?.map((o) => [o.pointId, o.marksBefore, o.marksAfter])).toEqual([
      [null, 0, 1],
      [point.id, 0, point.marks],
    ]);
  });

  it('stands through a re-mark of the assignment, which reports the marks that changed', async () => {
    const q = questions[0];
    const before = (await get(`/api/questions/${q.id}/feedback`, ria)).json().marks_awarded as number;
    const url = `/api/classes/${classId}/assignments/${assignment.id}/remark`;
    for (const who of [ria, outsider, otherTeacher, removed]) expect((await post(url, {}, who)).statusCode).toBe(404);
    const res = await post(url, {}, teacher);
    expect(res.statusCode).toBe(200);
    const summary: RemarkSummary = res.json();
    expect(summary.remarked).toBeGreaterThanOrEqual(1);
    expect(summary.changed).toEqual([]);
    expect((await get(`/api/questions/${q.id}/feedback`, ria)).json().marks_awarded).toBe(before);
    // a student's own re-submission keeps the override too
    expect((await submit(ria, q.id, 'Nothing right, again.')).json().marks_awarded).toBe(before);
  });

  it('reports a changed mark after the scheme changes', async () => {
    const q = questions[1];
    const [point] = await pointsOf(q.id);
    expect((await submit(ria, q.id, 'The answer is about refraction and wavelength.')).json().marks_awarded).toBe(0);
    // the teacher rewrites the scheme in the words Ria used
    const written = await send('PUT', `/api/questions/${q.id}/markscheme`, teacher, { text: `B1 refraction\nB1 wavelength` });
    expect(written.statusCode).toBe(200);
    const res = await post(`/api/classes/${classId}/assignments/${assignment.id}/remark`, {}, teacher);
    const change = (res.json() as RemarkSummary).changed.find((c) => c.studentId === ria.user.id && c.questionId === q.id);
    expect(change).toMatchObject({ before: 0 });
    expect(change?.after).toBeGreaterThan(0);
    expect(point.text).not.toBe('refraction');
  });

  it('refuses marks above the maximum, a point not in the scheme, and anyone but the class teacher', async () => {
    const q = questions[0];
    const url = `/api/classes/${classId}/marks`;
    const over = await post(url, { studentId: ria.user.id, questionId: q.id, marksAwarded: q.totalMarks + 1, comment: 'x' }, teacher);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(ASSIGNMENT_TEXT.overrideTooHigh(q.totalMarks));
    const noPoint = await post(url, { studentId: ria.user.id, questionId: q.id, pointId: 'zz9', marksAwarded: 0, comment: 'x' }, teacher);
    expect(noPoint.json().message).toBe(ASSIGNMENT_TEXT.overridePointNotInScheme);
    const noComment = await post(url, { studentId: ria.user.id, questionId: q.id, marksAwarded: 0, comment: '  ' }, teacher);
    expect(noComment.json().message).toBe(ASSIGNMENT_TEXT.overrideCommentRequired);
    const unmarkedPoint = await post(
      url,
      { studentId: kit.user.id, questionId: q.id, pointId: 'p1', marksAwarded: 0, comment: 'x' },
      teacher,
    );
    expect(unmarkedPoint.statusCode).toBe(409);
    for (const who of [ria, outsider, otherTeacher]) {
      const res = await post(url, { studentId: ria.user.id, questionId: q.id, marksAwarded: 0, comment: 'x' }, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CLASSES_TEXT.notFound);
    }
    const gone = await post(url, { studentId: removed.user.id, questionId: q.id, marksAwarded: 0, comment: 'x' }, teacher);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(CLASSES_TEXT.studentNotFound);
    const own = await post('/api/courses/direct-create', { subject: 'Physics' }, teacher);
    const [unassigned] = (await get(`/api/question-papers/${own.json().paper.id}/questions`, teacher)).json() as Question[];
    const notAssigned = await post(url, { studentId: ria.user.id, questionId: unassigned.id, marksAwarded: 0, comment: 'x' }, teacher);
    expect(notAssigned.statusCode).toBe(404);
    expect(notAssigned.json().message).toBe(CLASSES_TEXT.questionNotFound);
  });

  it("gives a question never marked here the teacher's mark (an answer handed in on paper)", async () => {
    const q = questions[1];
    const res = await post(
      `/api/classes/${classId}/marks`,
      { studentId: kit.user.id, questionId: q.id, marksAwarded: 1, comment: 'Handed in on paper.' },
      teacher,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().override.marksBefore).toBeNull();
    expect((await get(`/api/questions/${q.id}/feedback`, kit)).json()).toMatchObject({
      marks_awarded: 1,
      qualitative_feedback: 'Handed in on paper.',
    });
  });
});

describe('the markbook per assignment', () => {
  it('gives each student a status, totals and percentages per assignment; not started is not 0', async () => {
    const { assignment, questions } = await assignNewPaper({ dueAt: inAWeek() });
    const full = (await pointsOf(questions[0].id)).map((p) => p.text).join('. ');
    for (const q of questions) expect((await submit(sam, q.id, `All of it: ${full}`)).statusCode).toBe(200);
    expect((await post('/api/answers/save', { questionId: questions[0].id, text: 'Half way.' }, ria)).statusCode).toBe(200);
    const { book } = await markbookRow(sam.user.id, assignment.id);
    expect(book.assignments?.map((a) => a.id)).toEqual([assignment.id]);
    expect(book.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    const statusOf = (userId: string) => book.students.find((s) => s.userId === userId)?.assignments?.[0];
    expect(statusOf(sam.user.id)).toMatchObject({ status: 'submitted', late: false });
    expect(statusOf(sam.user.id)?.marksAwarded).toBeGreaterThan(0);
    expect(statusOf(sam.user.id)?.percentage).toBeCloseTo(
      (100 * (statusOf(sam.user.id)?.marksAwarded ?? 0)) / (book.assignments?.[0].totalMarks ?? 1),
      0,
    );
    expect(statusOf(ria.user.id)).toMatchObject({ status: 'in_progress', marksAwarded: null, percentage: null });
    expect(statusOf(kit.user.id)).toMatchObject({ status: 'not_started', marksAwarded: null, percentage: null });
    expect(book.students.find((s) => s.userId === kit.user.id)?.cells.map((c) => c.marksAwarded)).toEqual(questions.map(() => null));
    expect(book.students.some((s) => s.userId === removed.user.id)).toBe(false);

    await setDueInPast(assignment.id);
    const after = (await markbookRow(kit.user.id, assignment.id)).book;
    expect(after.students.find((s) => s.userId === kit.user.id)?.assignments?.[0].status).toBe('missing');
    expect(after.students.find((s) => s.userId === sam.user.id)?.assignments?.[0].status).toBe('submitted');

    const csv = await get(`/api/classes/${classId}/markbook.csv?assignmentId=${assignment.id}`, teacher);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    const header = lines[0].split('","');
    expect(header.slice(0, 2)).toEqual(['"Student', 'Email']);
    expect(header).toHaveLength(2 + 3 + questions.length + 2 + 1);
    const kitLine = lines.find((l) => l.includes(kit.email));
    expect(kitLine).toBeDefined();
    expect(kitLine).toContain('"Missing"');
    // no marks for a student who never started: empty cells, not 0
    expect(kitLine?.split(',').slice(5, 5 + questions.length)).toEqual(questions.map(() => '""'));
    expect(lines.find((l) => l.includes(sam.email))).toContain('"Submitted"');
  });

  it('is 404 for an assignment of another class and for anyone but the teacher', async () => {
    expect((await get(`/api/classes/${classId}/markbook?assignmentId=00000000-0000-4000-8000-000000000000`, teacher)).statusCode).toBe(404);
    expect((await get(`/api/classes/${classId}/markbook?assignmentId=nope`, teacher)).statusCode).toBe(404);
    for (const who of [sam, outsider, otherTeacher, removed]) {
      expect((await get(`/api/classes/${classId}/markbook.csv?assignmentId=nope`, who)).statusCode).toBe(404);
    }
  });

  it("shows a student their assignments' status on the class page, and the sheets attached to them", async () => {
    const detail: ClassDetail = (await get(`/api/classes/${classId}`, sam)).json();
    expect(detail.assignments.every((a) => a.progress?.status)).toBe(true);
    expect(detail.mySheets).toEqual([]);
    const teacherView: ClassDetail = (await get(`/api/classes/${classId}`, teacher)).json();
    expect(teacherView.mySheets).toBeUndefined();
  });
});
