import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssignedPaper,
  type Assignment,
  type ClassDetail,
  type ClassList,
  type ClassSummary,
  type Markbook,
  type StudentAnswer,
} from '../../shared/classes';
import { ASSIGNMENT_TEXT } from '../../shared/assignment-text';
import { CLASSES_TEXT, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../shared/classes-text';
import { type Paper, type Question } from '../../shared/practice';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { RETRY_ASSIGNED_MESSAGE } from '../services/attempts';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Classes through the API (issue 16), on PGlite and (with TEST_DATABASE_URL) PostgreSQL: every call, and every
 * authorisation case (the teacher of another class, a student of the same class, an outsider → 404; a removed
 * student's access ends at once; a student never sees another student's work). The marker is a plain one: a
 * point is covered when the answer contains its text, so the markbook's marks and misses are predictable.
 */
const engine = engineWithPlainMarker();

type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who; // teaches "Physics 12B"
let otherTeacher: Who; // teaches a class of their own
let sam: Who; // student of 12B
let ria: Who; // student of 12B
let outsider: Who; // in no class
let assignedPaper: { id: string; courseId: string };
let unassignedPaper: { id: string };
let otherTeachersPaper: { id: string };
let classId: string;
let joinCode: string;
let otherClassId: string;
let assignment: Assignment;
let questions: Question[];

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const get = (url: string, who: Who) => send('GET', url, who);
const post = (url: string, payload: object, who: Who) => send('POST', url, who, payload);

async function createCourse(who: Who, subject: string) {
  const res = await post('/api/courses/direct-create', { subject }, who);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; paper: { id: string; courseId: string } };
}

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  [teacher, otherTeacher, sam, ria, outsider] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  const course = await createCourse(teacher, 'Physics');
  assignedPaper = course.paper;
  const generated = await post('/api/question-papers/generate', { courseId: course.id, topic: 'waves', questionCount: 5 }, teacher);
  expect(generated.statusCode).toBe(201);
  unassignedPaper = generated.json().paper;
  otherTeachersPaper = (await createCourse(otherTeacher, 'Chemistry')).paper;
});
afterAll(async () => {
  await t.close();
});

describe('creating and listing classes', () => {
  it('creates a class whose creator is its teacher, with a safe join code and link', async () => {
    const res = await post('/api/classes', { name: '  Physics 12B ', subject: 'Physics' }, teacher);
    expect(res.statusCode).toBe(201);
    const detail: ClassDetail = res.json();
    expect(detail).toMatchObject({ name: 'Physics 12B', subject: 'Physics', role: 'teacher', studentCount: 0, archived: false });
    expect(detail.teacherName).toBe('Test Student');
    expect(detail.joinCode).toHaveLength(JOIN_CODE_LENGTH);
    expect([...(detail.joinCode ?? '')].every((c) => JOIN_CODE_ALPHABET.includes(c))).toBe(true);
    expect(detail.joinCode).not.toMatch(/[01OI]/);
    expect(detail.joinLink).toBe(`/join/${detail.joinCode}`);
    expect(detail).toMatchObject({ assignments: [], students: [] });
    classId = detail.id;
    joinCode = detail.joinCode as string;
    const other = await post('/api/classes', { name: 'Chemistry 13A', subject: 'Chemistry' }, otherTeacher);
    otherClassId = other.json().id;
    expect(other.json().joinCode).not.toBe(joinCode);
  });

  it('refuses a blank or too long name or subject with a clear message', async () => {
    const blank = await post('/api/classes', { name: '  ', subject: 'Physics' }, teacher);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(CLASSES_TEXT.nameRequired);
    const long = await post('/api/classes', { name: 'x'.repeat(101), subject: 'Physics' }, teacher);
    expect(long.json().message).toBe(CLASSES_TEXT.nameTooLong);
    const noSubject = await post('/api/classes', { name: 'A class' }, teacher);
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe(CLASSES_TEXT.subjectRequired);
    expect((await post('/api/classes', { name: 'A', subject: 's'.repeat(101) }, teacher)).json().message).toBe(CLASSES_TEXT.subjectTooLong);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/classes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/classes', payload: { name: 'a', subject: 'b' } })).statusCode).toBe(401);
  });
});

describe('joining a class', () => {
  it('answers 404 for an unknown code and 400 for the teacher joining their own class', async () => {
    const unknown = await post('/api/classes/join', { code: 'ZZZZZZZ' }, sam);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CLASSES_TEXT.noSuchCode);
    const own = await post('/api/classes/join', { code: joinCode }, teacher);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(CLASSES_TEXT.ownClass);
    expect((await post('/api/classes/join', { code: '' }, sam)).json().message).toBe(CLASSES_TEXT.codeRequired);
  });

  it('joins with the code as typed (any case, spaces), idempotently, as a student', async () => {
    const typed = `${joinCode.slice(0, 3).toLowerCase()} ${joinCode.slice(3)}`;
    const res = await post('/api/classes/join', { code: typed }, sam);
    expect(res.statusCode).toBe(200);
    const summary: ClassSummary = res.json();
    expect(summary).toMatchObject({ id: classId, role: 'student', joinCode: null, studentCount: 1, teacherName: 'Test Student' });
    const again = await post('/api/classes/join', { code: joinCode }, sam);
    expect(again.statusCode).toBe(200);
    expect(again.json().studentCount).toBe(1);
    expect((await post('/api/classes/join', { code: joinCode }, ria)).json().studentCount).toBe(2);
  });

  it('lists the classes a user teaches and studies; an outsider has none', async () => {
    const mine: ClassList = (await get('/api/classes', teacher)).json();
    expect(mine.teaching.map((c) => c.id)).toEqual([classId]);
    expect(mine.teaching[0].joinCode).toBe(joinCode);
    expect(mine.studying).toEqual([]);
    const sams: ClassList = (await get('/api/classes', sam)).json();
    expect(sams.teaching).toEqual([]);
    expect(sams.studying).toHaveLength(1);
    expect(sams.studying[0]).toMatchObject({ id: classId, role: 'student', joinCode: null });
    expect((await get('/api/classes', outsider)).json()).toEqual({ teaching: [], studying: [] });
  });

  it('lets one user teach a class and be a student in another', async () => {
    expect((await post('/api/classes/join', { code: joinCode }, otherTeacher)).statusCode).toBe(200);
    const list: ClassList = (await get('/api/classes', otherTeacher)).json();
    expect(list.teaching.map((c) => c.id)).toEqual([otherClassId]);
    expect(list.studying.map((c) => c.id)).toEqual([classId]);
    expect((await send('DELETE', `/api/classes/${classId}/students/${otherTeacher.user.id}`, teacher)).statusCode).toBe(204);
  });
});

describe('a class as its teacher and its students see it', () => {
  it('shows the teacher the students, the code and the link', async () => {
    const detail: ClassDetail = (await get(`/api/classes/${classId}`, teacher)).json();
    expect(detail.role).toBe('teacher');
    expect(detail.students?.map((s) => s.userId).sort()).toEqual([sam.user.id, ria.user.id].sort());
    expect(detail.students?.find((s) => s.userId === sam.user.id)).toMatchObject({
      email: sam.email,
      firstName: 'Test',
      lastName: 'Student',
      lastActivityAt: null,
    });
    expect(detail.joinLink).toBe(`/join/${joinCode}`);
  });

  it('shows a student the class but no other student and no code', async () => {
    const res = await get(`/api/classes/${classId}`, sam);
    expect(res.statusCode).toBe(200);
    const detail: ClassDetail = res.json();
    expect(detail).toMatchObject({ role: 'student', students: null, joinCode: null, joinLink: null, studentCount: 2 });
    expect(res.body).not.toContain(ria.user.id);
    expect(res.body).not.toContain(ria.email);
  });

  it('is 404 for an outsider, the teacher of another class and an id that is not one', async () => {
    for (const who of [outsider, otherTeacher]) {
      const res = await get(`/api/classes/${classId}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CLASSES_TEXT.notFound);
    }
    expect((await get('/api/classes/not-a-uuid', teacher)).statusCode).toBe(404);
    expect((await get(`/api/classes/${otherClassId}`, teacher)).statusCode).toBe(404);
  });

  it('lets only the teacher rename it (404 for a student, an outsider or another teacher)', async () => {
    for (const who of [sam, outsider, otherTeacher]) {
      const res = await send('PATCH', `/api/classes/${classId}`, who, { name: 'Hijacked' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CLASSES_TEXT.notFound);
    }
    const res = await send('PATCH', `/api/classes/${classId}`, teacher, { name: 'Physics 12B (set 1)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Physics 12B (set 1)', role: 'teacher' });
    expect((await send('PATCH', `/api/classes/${classId}`, teacher, { name: '' })).statusCode).toBe(400);
    expect((await get(`/api/classes/${classId}`, sam)).json().name).toBe('Physics 12B (set 1)');
  });

  it('lets only the teacher draw a new code; the old one stops working at once', async () => {
    for (const who of [sam, outsider, otherTeacher]) {
      expect((await post(`/api/classes/${classId}/code`, {}, who)).statusCode).toBe(404);
    }
    const res = await post(`/api/classes/${classId}/code`, {}, teacher);
    expect(res.statusCode).toBe(200);
    const { joinCode: fresh, joinLink } = res.json();
    expect(fresh).not.toBe(joinCode);
    expect(joinLink).toBe(`/join/${fresh}`);
    expect((await post('/api/classes/join', { code: joinCode }, outsider)).statusCode).toBe(404);
    joinCode = fresh;
    expect((await get(`/api/classes/${classId}`, teacher)).json().joinCode).toBe(fresh);
  });

  it('archives: the code finds nothing while archived, and works again when restored', async () => {
    const archived = await send('PATCH', `/api/classes/${classId}`, teacher, { archived: true });
    expect(archived.json().archived).toBe(true);
    const join = await post('/api/classes/join', { code: joinCode }, outsider);
    expect(join.statusCode).toBe(404);
    expect(join.json().message).toBe(CLASSES_TEXT.noSuchCode);
    expect((await get('/api/classes', sam)).json().studying[0].archived).toBe(true);
    const restored = await send('PATCH', `/api/classes/${classId}`, teacher, { archived: false });
    expect(restored.json().archived).toBe(false);
  });
});

describe('assignments', () => {
  it('lets the teacher assign only their own paper, with an optional due date', async () => {
    const others = await post(`/api/classes/${classId}/assignments`, { paperId: otherTeachersPaper.id }, teacher);
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe(CLASSES_TEXT.paperNotFound);
    expect((await post(`/api/classes/${classId}/assignments`, { paperId: 'nope' }, teacher)).json().message).toBe(
      CLASSES_TEXT.paperNotFound,
    );
    const badDue = await post(`/api/classes/${classId}/assignments`, { paperId: assignedPaper.id, dueAt: 'next week' }, teacher);
    expect(badDue.statusCode).toBe(400);
    expect(badDue.json().message).toBe(CLASSES_TEXT.dueAtInvalid);

    const res = await post(`/api/classes/${classId}/assignments`, { paperId: assignedPaper.id, dueAt: '2030-06-01T17:00:00Z' }, teacher);
    expect(res.statusCode).toBe(201);
    assignment = res.json();
    expect(assignment).toMatchObject({ classId, paperId: assignedPaper.id, dueAt: '2030-06-01T17:00:00.000Z', progress: null });
    expect(assignment.questionCount).toBeGreaterThan(0);
    expect(assignment.totalMarks).toBeGreaterThan(0);
    expect(assignment.courseTitle).toContain('Physics');

    const twice = await post(`/api/classes/${classId}/assignments`, { paperId: assignedPaper.id }, teacher);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CLASSES_TEXT.alreadyAssigned);
  });

  it('is 404 for a student of the class, an outsider and another teacher (with their own paper)', async () => {
    for (const [who, paperId] of [
      [sam, assignedPaper.id],
      [outsider, assignedPaper.id],
      [otherTeacher, otherTeachersPaper.id],
    ] as const) {
      const res = await post(`/api/classes/${classId}/assignments`, { paperId }, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CLASSES_TEXT.notFound);
    }
  });

  it("shows the class's assignments, with each student's own progress", async () => {
    const forTeacher: ClassDetail = (await get(`/api/classes/${classId}`, teacher)).json();
    expect(forTeacher.assignments.map((a) => a.id)).toEqual([assignment.id]);
    expect(forTeacher.assignments[0].progress).toBeNull();
    const forSam: ClassDetail = (await get(`/api/classes/${classId}`, sam)).json();
    expect(forSam.assignments[0].progress).toEqual({
      answered: 0,
      marksAwarded: null,
      score: null,
      finished: false,
      status: 'not_started',
    });
  });

  it("lists a student's assigned papers for the home page; an outsider has none", async () => {
    const list: AssignedPaper[] = (await get('/api/assignments', sam)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      assignmentId: assignment.id,
      classId,
      className: 'Physics 12B (set 1)',
      paperId: assignedPaper.id,
      subject: 'Physics',
      dueAt: '2030-06-01T17:00:00.000Z',
      answered: 0,
      score: null,
    });
    expect((await get('/api/assignments', outsider)).json()).toEqual([]);
    expect((await get('/api/assignments', teacher)).json()).toEqual([]);
  });
});

describe('answering an assigned paper on the exam screen', () => {
  it("lets a student open the assigned paper, its questions and its course, but nothing else of the teacher's", async () => {
    const paper = await get(`/api/question-papers/${assignedPaper.id}`, sam);
    expect(paper.statusCode).toBe(200);
    expect((paper.json() as Paper).progress?.answered).toBe(0);
    const qs = await get(`/api/question-papers/${assignedPaper.id}/questions`, sam);
    expect(qs.statusCode).toBe(200);
    questions = qs.json();
    expect(questions.length).toBe(assignment.questionCount);
    expect(questions.every((q) => q.correctAnswer === null)).toBe(true);
    const course = await get(`/api/courses/${assignedPaper.courseId}`, sam);
    expect(course.statusCode).toBe(200);
    expect(course.json().totalQuestions).toBe(questions.length);
    expect(course.json().progress.answered).toBe(0);

    expect((await get(`/api/question-papers/${unassignedPaper.id}`, sam)).statusCode).toBe(404);
    expect((await get(`/api/question-papers/${unassignedPaper.id}/questions`, sam)).statusCode).toBe(404);
    expect((await get(`/api/courses/${assignedPaper.courseId}/question-papers`, sam)).statusCode).toBe(404);
    expect((await get(`/api/courses/${assignedPaper.courseId}/questions`, sam)).statusCode).toBe(404);
    expect((await get(`/api/question-papers/${assignedPaper.id}/export?format=json`, sam)).statusCode).toBe(404);
    expect((await get('/api/courses', sam)).json()).toEqual([]);
  });

  it('is 404 for an outsider and for the teacher of another class', async () => {
    for (const who of [outsider, otherTeacher]) {
      const res = await get(`/api/question-papers/${assignedPaper.id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PRACTICE_TEXT.paperNotFound);
      expect((await get(`/api/questions/${questions[0].id}/answer`, who)).statusCode).toBe(404);
      expect((await post('/api/answers/save', { questionId: questions[0].id, text: 'x' }, who)).statusCode).toBe(404);
      expect((await get(`/api/courses/${assignedPaper.courseId}`, who)).statusCode).toBe(404);
    }
  });

  it("saves, marks, tutors and finishes the student's own answers", async () => {
    const [q1, q2] = questions;
    // The scheme of an assigned question is not the student's to read before they have submitted (issue 30).
    const early = await get(`/api/questions/${q1.id}/markscheme`, sam);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(ASSIGNMENT_TEXT.schemeWithheld);
    const points = (await get(`/api/questions/${q1.id}/markscheme`, teacher)).json() as { id: string; text: string }[];
    expect(points.length).toBeGreaterThan(0);
    const samAnswer = `My answer: ${points[0].text}`;
    const draft = await post('/api/answers/save', { questionId: q1.id, text: 'first draft', timeSpentSeconds: 30 }, sam);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().userId).toBe(sam.user.id);
    // The autosave's next draft (based on the stored revision) is kept too.
    const next = await post('/api/answers/save', { questionId: q1.id, text: samAnswer, revision: 1, timeSpentSeconds: 15 }, sam);
    expect(next.json()).toMatchObject({ text: samAnswer, revision: 2, timeSpentSeconds: 45 });
    expect((await post('/api/answers/save', { questionId: q1.id, text: samAnswer, submitted: true }, sam)).statusCode).toBe(200);
    const marked = await post('/api/answers/evaluate', { questionId: q1.id, answer: samAnswer }, sam);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().marks_awarded).toBeGreaterThan(0);
    expect((await get(`/api/questions/${q1.id}/markscheme`, sam)).statusCode).toBe(200);
    expect((await get(`/api/questions/${q1.id}/feedback`, sam)).json().evaluatedText).toBe(samAnswer);
    const tutor = await post('/api/tutor/message', { questionId: q1.id, message: 'Where do I start?' }, sam);
    expect(tutor.statusCode).toBe(200);
    expect((await get(`/api/questions/${q1.id}/tutor`, sam)).json().length).toBeGreaterThanOrEqual(3);
    expect((await post(`/api/question-papers/${assignedPaper.id}/elapsed`, { elapsedSeconds: 120 }, sam)).json()).toEqual({
      elapsedSeconds: 120,
    });

    await post('/api/answers/save', { questionId: q2.id, text: 'Nothing useful here.' }, ria);
    const finished = await post(`/api/question-papers/${assignedPaper.id}/finish`, { elapsedSeconds: 200 }, ria);
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ finished: true, answered: 1 });
    const results = await get(`/api/question-papers/${assignedPaper.id}/results`, sam);
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({ finished: false, answered: 1, elapsedSeconds: 120 });

    const retry = await post(`/api/question-papers/${assignedPaper.id}/retry`, {}, sam);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(RETRY_ASSIGNED_MESSAGE);
  });

  it("never shows a student another student's work, nor the teacher through the student's routes", async () => {
    const [q1, q2] = questions;
    // Ria asks for q1's answer and feedback: she gets her own (none), not Sam's.
    expect((await get(`/api/questions/${q1.id}/answer`, ria)).json()).toBeNull();
    expect((await get(`/api/questions/${q1.id}/feedback`, ria)).json()).toBeNull();
    expect((await get(`/api/questions/${q1.id}/tutor`, ria)).json()).toHaveLength(1);
    const riaResults = (await get(`/api/question-papers/${assignedPaper.id}/results`, ria)).body;
    expect(riaResults).not.toContain('My answer');
    // Sam sees his own results only.
    expect((await get(`/api/question-papers/${assignedPaper.id}/results`, sam)).body).not.toContain('Nothing useful here.');
    expect((await get(`/api/questions/${q2.id}/answer`, sam)).json()).toBeNull();
    // The teacher owns the questions but has no answer of their own on them.
    expect((await get(`/api/questions/${q1.id}/answer`, teacher)).json()).toBeNull();
    expect((await get(`/api/questions/${q1.id}/feedback`, teacher)).json()).toBeNull();
    expect((await get(`/api/question-papers/${assignedPaper.id}/results`, teacher)).body).not.toContain('My answer');
    expect((await get('/api/user/answers', teacher)).json()).toEqual([]);
    // A saved answer stays the student's own row.
    const saved = await post('/api/answers/save', { questionId: q1.id, text: 'Ria on q1' }, ria);
    expect(saved.json().userId).toBe(ria.user.id);
    expect((await get(`/api/questions/${q1.id}/answer`, sam)).json().text).toContain('My answer');
  });

  it("shows progress on the class, the home page's list and the teacher's student list", async () => {
    const list: AssignedPaper[] = (await get('/api/assignments', sam)).json();
    expect(list[0].answered).toBe(1);
    expect(list[0].marksAwarded).toBeGreaterThan(0);
    expect(list[0].score).toBeCloseTo((100 * (list[0].marksAwarded ?? 0)) / list[0].totalMarks, 0);
    const riaList: AssignedPaper[] = (await get('/api/assignments', ria)).json();
    expect(riaList[0]).toMatchObject({ finished: true });
    const detail: ClassDetail = (await get(`/api/classes/${classId}`, teacher)).json();
    expect(detail.students?.find((s) => s.userId === sam.user.id)?.lastActivityAt).not.toBeNull();
  });
});

describe('the markbook', () => {
  it('shows students × questions with marks, time, activity and the most missed points', async () => {
    const res = await get(`/api/classes/${classId}/markbook`, teacher);
    expect(res.statusCode).toBe(200);
    const book: Markbook = res.json();
    expect(book.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    expect(book.questions[0].label).toMatch(/ Q1$/);
    expect(book.questions[0].points.length).toBeGreaterThan(0);
    const samRow = book.students.find((s) => s.userId === sam.user.id);
    const riaRow = book.students.find((s) => s.userId === ria.user.id);
    expect(samRow?.name).toBe('Test Student');
    expect(samRow?.cells).toHaveLength(questions.length);
    expect(samRow?.cells[0].marksAwarded).toBeGreaterThan(0);
    expect(samRow?.cells[0].answerId).not.toBeNull();
    expect(samRow?.cells[1]).toMatchObject({ marksAwarded: null, answerId: null });
    expect(samRow?.timeSpentSeconds).toBe(45);
    expect(samRow?.totalMarksAwarded).toBe(samRow?.cells[0].marksAwarded);
    expect(riaRow?.cells[1].marksAwarded).toBe(0);
    expect(riaRow?.lastActivityAt).not.toBeNull();
    // Sam's marked answer made point 0 of q1; Ria's q2 answer made none of q2's points.
    const q1First = book.pointMisses.find((m) => m.questionId === questions[0].id && m.pointId === book.questions[0].points[0].id);
    expect(q1First).toMatchObject({ missedBy: 0, answeredBy: 1 });
    const q2Misses = book.pointMisses.filter((m) => m.questionId === questions[1].id);
    expect(q2Misses.length).toBe(book.questions[1].points.length);
    expect(q2Misses.every((m) => m.missedBy === 1 && m.answeredBy === 1)).toBe(true);
    expect(book.pointMisses[0].missedBy / book.pointMisses[0].answeredBy).toBe(1);
  });

  it('is 404 for a student of the class, an outsider and another teacher', async () => {
    for (const who of [sam, outsider, otherTeacher]) {
      for (const url of [`/api/classes/${classId}/markbook`, `/api/classes/${classId}/markbook.csv`]) {
        const res = await get(url, who);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(CLASSES_TEXT.notFound);
      }
    }
  });

  it('exports a CSV with a header row, a row per student, and no formula a spreadsheet would run', async () => {
    // A student whose name is a formula.
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'formula@example.org', password: 'correct-horse', firstName: '=HYPERLINK("http://x")', lastName: 'Evil' },
    });
    const evil = { headers: { authorization: `Bearer ${reg.json().sessionId}` } } as unknown as Who;
    expect((await post('/api/classes/join', { code: joinCode }, evil)).statusCode).toBe(200);
    const res = await get(`/api/classes/${classId}/markbook.csv`, teacher);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="physics-12b-set-1-markbook\.csv"/);
    const lines = res.body.trim().split('\r\n');
    const header = lines[0].split('","');
    expect(header[0]).toBe('"Student');
    expect(header.slice(0, 5)).toEqual([
      '"Student',
      'Email',
      expect.stringMatching(/: Status$/),
      expect.stringMatching(/: Late$/),
      expect.stringMatching(/: Time spent \(minutes\)$/),
    ]);
    expect(header).toHaveLength(questions.length + 8);
    expect(header.at(-3)).toMatch(/: Total \(\/\d+\)$/);
    expect(header.at(-2)).toMatch(/: Percentage$/);
    expect(header.at(-1)).toBe('Marked sheets"');
    expect(lines).toHaveLength(1 + 3);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"") Evil"`);
    expect(res.body).not.toMatch(/(^|,)"=/m);
  });
});

describe("a student's answer in the markbook", () => {
  it('shows the teacher the answer with its point-by-point feedback', async () => {
    const res = await get(`/api/classes/${classId}/students/${sam.user.id}/answers/${questions[0].id}`, teacher);
    expect(res.statusCode).toBe(200);
    const body: StudentAnswer = res.json();
    expect(body.student).toEqual({ userId: sam.user.id, name: 'Test Student' });
    expect(body.question.id).toBe(questions[0].id);
    expect(body.answer?.text).toContain('My answer');
    expect(body.answer?.userId).toBe(sam.user.id);
    expect(body.feedback?.markscheme_evaluation.length).toBeGreaterThan(0);
    const none = (await get(`/api/classes/${classId}/students/${sam.user.id}/answers/${questions[1].id}`, teacher)).json();
    expect(none).toMatchObject({ answer: null, feedback: null });
  });

  it('is 404 for a student (even their own), an outsider and another teacher', async () => {
    const url = `/api/classes/${classId}/students/${sam.user.id}/answers/${questions[0].id}`;
    for (const who of [sam, ria, outsider, otherTeacher]) expect((await get(url, who)).statusCode).toBe(404);
  });

  it('is 404 for someone not in the class and for a question not assigned to it', async () => {
    const notInClass = await get(`/api/classes/${classId}/students/${outsider.user.id}/answers/${questions[0].id}`, teacher);
    expect(notInClass.statusCode).toBe(404);
    expect(notInClass.json().message).toBe(CLASSES_TEXT.studentNotFound);
    const unassignedQuestions = (await get(`/api/question-papers/${unassignedPaper.id}/questions`, teacher)).json() as Question[];
    const notAssigned = await get(`/api/classes/${classId}/students/${sam.user.id}/answers/${unassignedQuestions[0].id}`, teacher);
    expect(notAssigned.statusCode).toBe(404);
    expect(notAssigned.json().message).toBe(CLASSES_TEXT.questionNotFound);
    expect((await get(`/api/classes/${classId}/students/not-a-uuid/answers/${questions[0].id}`, teacher)).statusCode).toBe(404);
  });
});

describe('removing a student and an assignment', () => {
  it('lets only the teacher remove a student', async () => {
    for (const who of [sam, outsider, otherTeacher]) {
      expect((await send('DELETE', `/api/classes/${classId}/students/${ria.user.id}`, who)).statusCode).toBe(404);
    }
    expect((await send('DELETE', `/api/classes/${classId}/students/${outsider.user.id}`, teacher)).json().message).toBe(
      CLASSES_TEXT.studentNotFound,
    );
  });

  it("ends a removed student's access to the class and its papers at once", async () => {
    const q1 = questions[0];
    expect((await get(`/api/question-papers/${assignedPaper.id}`, ria)).statusCode).toBe(200);
    const removed = await send('DELETE', `/api/classes/${classId}/students/${ria.user.id}`, teacher);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await get(`/api/classes/${classId}`, ria)).statusCode).toBe(404);
    expect((await get('/api/classes', ria)).json().studying).toEqual([]);
    expect((await get('/api/assignments', ria)).json()).toEqual([]);
    expect((await get(`/api/question-papers/${assignedPaper.id}`, ria)).statusCode).toBe(404);
    expect((await get(`/api/question-papers/${assignedPaper.id}/questions`, ria)).statusCode).toBe(404);
    expect((await get(`/api/question-papers/${assignedPaper.id}/results`, ria)).statusCode).toBe(404);
    expect((await get(`/api/courses/${assignedPaper.courseId}`, ria)).statusCode).toBe(404);
    expect((await get(`/api/questions/${q1.id}/answer`, ria)).statusCode).toBe(404);
    // Her draft on q1 exists: the one-statement autosave must refuse it too.
    expect((await post('/api/answers/save', { questionId: q1.id, text: 'still here?' }, ria)).statusCode).toBe(404);
    expect((await post('/api/answers/evaluate', { questionId: q1.id, answer: 'x' }, ria)).statusCode).toBe(404);
    expect((await post('/api/tutor/message', { questionId: q1.id, message: 'hi' }, ria)).statusCode).toBe(404);
    expect((await post(`/api/question-papers/${assignedPaper.id}/finish`, {}, ria)).statusCode).toBe(404);
    const book: Markbook = (await get(`/api/classes/${classId}/markbook`, teacher)).json();
    expect(book.students.map((s) => s.userId)).not.toContain(ria.user.id);
    expect((await get(`/api/classes/${classId}/students/${ria.user.id}/answers/${q1.id}`, teacher)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/classes/${classId}/students/${ria.user.id}`, teacher)).statusCode).toBe(404);
  });

  it('refuses a removed student the code in force when they were removed; a newly drawn code lets them in again', async () => {
    const refused = await post('/api/classes/join', { code: joinCode }, ria);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CLASSES_TEXT.removed);
    expect((await get(`/api/classes/${classId}`, ria)).statusCode).toBe(404);
    expect((await get('/api/classes', ria)).json().studying).toEqual([]);
    // The code still lets anyone else in.
    const newcomer = await signUp(t.app);
    expect((await post('/api/classes/join', { code: joinCode }, newcomer)).statusCode).toBe(200);
    // The teacher draws a new code: the removed student may join with it (the old one now finds nothing).
    joinCode = (await post(`/api/classes/${classId}/code`, {}, teacher)).json().joinCode;
    const back = await post('/api/classes/join', { code: joinCode }, ria);
    expect(back.statusCode).toBe(200);
    expect((back.json() as ClassSummary).role).toBe('student');
    expect((await get(`/api/question-papers/${assignedPaper.id}`, ria)).statusCode).toBe(200);
    // Removed again, with this code in force: refused again, until the next code.
    expect((await send('DELETE', `/api/classes/${classId}/students/${ria.user.id}`, teacher)).statusCode).toBe(204);
    expect((await post('/api/classes/join', { code: joinCode }, ria)).statusCode).toBe(403);
    expect((await get(`/api/question-papers/${assignedPaper.id}`, ria)).statusCode).toBe(404);
  });

  it('lets only the teacher delete an assignment; its students lose the paper', async () => {
    for (const who of [sam, outsider, otherTeacher]) {
      expect((await send('DELETE', `/api/classes/${classId}/assignments/${assignment.id}`, who)).statusCode).toBe(404);
    }
    expect((await send('DELETE', `/api/classes/${otherClassId}/assignments/${assignment.id}`, otherTeacher)).statusCode).toBe(404);
    const res = await send('DELETE', `/api/classes/${classId}/assignments/${assignment.id}`, teacher);
    expect(res.statusCode).toBe(204);
    expect((await get(`/api/question-papers/${assignedPaper.id}`, sam)).statusCode).toBe(404);
    expect((await get('/api/assignments', sam)).json()).toEqual([]);
    const again = await send('DELETE', `/api/classes/${classId}/assignments/${assignment.id}`, teacher);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CLASSES_TEXT.assignmentNotFound);
    // The teacher's own paper is untouched.
    expect((await get(`/api/question-papers/${assignedPaper.id}`, teacher)).statusCode).toBe(200);
  });

  it('refuses new assignments to an archived class', async () => {
    await send('PATCH', `/api/classes/${classId}`, teacher, { archived: true });
    const res = await post(`/api/classes/${classId}/assignments`, { paperId: assignedPaper.id }, teacher);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CLASSES_TEXT.archived);
    await send('PATCH', `/api/classes/${classId}`, teacher, { archived: false });
  });
});

describe('a student in no class', () => {
  it('practises exactly as before: their own course and paper, and nobody else sees them', async () => {
    const own = await createCourse(outsider, 'Biology');
    const qs: Question[] = (await get(`/api/question-papers/${own.paper.id}/questions`, outsider)).json();
    expect((await post('/api/answers/save', { questionId: qs[0].id, text: 'mine', submitted: true }, outsider)).statusCode).toBe(200);
    expect((await get(`/api/question-papers/${own.paper.id}`, outsider)).json().progress.answered).toBe(1);
    expect((await post(`/api/question-papers/${own.paper.id}/retry`, {}, outsider)).statusCode).toBe(201);
    for (const who of [teacher, sam]) {
      expect((await get(`/api/question-papers/${own.paper.id}`, who)).statusCode).toBe(404);
      expect((await get(`/api/questions/${qs[0].id}/answer`, who)).statusCode).toBe(404);
    }
    // A teacher cannot assign someone else's paper to make it readable.
    expect((await post(`/api/classes/${classId}/assignments`, { paperId: own.paper.id }, teacher)).statusCode).toBe(404);
  });
});
