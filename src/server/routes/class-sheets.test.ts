import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Markbook } from '../../shared/classes';
import { CLASSES_TEXT } from '../../shared/classes-text';
import { type GradingResult } from '../../shared/teacher';
import { ATTACH_TEXT, SCHEME_TEXT } from '../../shared/teacher-text';
import type { Engine } from '../engine/engine';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Issue 16 item 5 through the API, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a teacher's grading result
 * from a photographed sheet attached to a student of their class (at grading time or afterwards) appears in the
 * class's markbook and its CSV; only the class's teacher attaches, only to a current student (the teacher of another
 * class, a student of the same class and an outsider get 404); a removed student's sheets leave the markbook at once.
 * The sheet is "read" by a fake reader returning a fixed transcript and marked by the plain test marker, so the marks
 * are known: the typed scheme's first two points are in the transcript, the third is not.
 */
const TRANSCRIPT = 'A condensation reaction joins them and water is removed.';
const engine: Engine = engineWithPlainMarker({
  async readSheets(images) {
    return images.map((_, i) => ({ text: i === 0 ? TRANSCRIPT : '', confidence: 95, paperCode: null, readBy: 'the test reader' }));
  },
});
const answerImage = fs
  .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures', 'answer-sheet.png'))
  .toString('base64');
const gradeBody = {
  answerImage,
  maxMarks: 4,
  questionText: 'Describe how a peptide bond is formed.',
  markScheme: 'condensation reaction\nwater is removed\nbetween the amine group and the carboxyl group [2]',
};

type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who; // teaches 12B
let otherTeacher: Who; // teaches 13A
let sam: Who; // student of 12B
let ria: Who; // student of 12B, removed later
let outsider: Who; // in no class
let classId: string;
let otherClassId: string;
let otherClassStudent: Who; // student of 13A

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const get = (url: string, who: Who) => send('GET', url, who);
const post = (url: string, payload: object, who: Who) => send('POST', url, who, payload);

async function grade(who: Who, extra: object = {}): Promise<GradingResult> {
  const res = await post('/api/teacher/grade-answer', { ...gradeBody, ...extra }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const markbook = async (): Promise<Markbook> => (await get(`/api/classes/${classId}/markbook`, teacher)).json();
const sheetsOf = (book: Markbook, userId: string) => book.students.find((s) => s.userId === userId)?.sheets ?? null;

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  [teacher, otherTeacher, sam, ria, outsider, otherClassStudent] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  const created = (await post('/api/classes', { name: 'Biology 12B', subject: 'Biology' }, teacher)).json();
  classId = created.id;
  const other = (await post('/api/classes', { name: 'Biology 13A', subject: 'Biology' }, otherTeacher)).json();
  otherClassId = other.id;
  for (const s of [sam, ria]) expect((await post('/api/classes/join', { code: created.joinCode }, s)).statusCode).toBe(200);
  expect((await post('/api/classes/join', { code: other.joinCode }, otherClassStudent)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('attaching a graded sheet to a student', () => {
  it('grades as before without a class: the spec body and response are unchanged, nothing attached', async () => {
    const result = await grade(teacher);
    expect(result).toMatchObject({ marksAwarded: 2, totalMarks: 4, attachment: null, answerText: TRANSCRIPT });
    for (const s of (await markbook()).students) expect(s.sheets).toEqual([]);
  });

  it('attaches afterwards: the result names the student and the class, and the markbook shows it with its breakdown', async () => {
    const result = await grade(teacher);
    const res = await post(`/api/teacher/results/${result.id}/attach`, { classId, studentId: sam.user.id }, teacher);
    expect(res.statusCode, res.body).toBe(200);
    const attached: GradingResult = res.json();
    expect(attached.id).toBe(result.id);
    expect(attached.attachment).toMatchObject({
      classId,
      className: 'Biology 12B',
      studentId: sam.user.id,
      studentName: 'Test Student',
      inClass: true,
    });
    const listed = ((await get('/api/teacher/results', teacher)).json() as GradingResult[]).find((r) => r.id === result.id);
    expect(listed?.attachment?.studentId).toBe(sam.user.id);
    const sheets = sheetsOf(await markbook(), sam.user.id);
    expect(sheets).toHaveLength(1);
    expect(sheets?.[0]).toMatchObject({
      id: result.id,
      source: 'Your mark scheme',
      questionText: 'Describe how a peptide bond is formed.',
      marksAwarded: 2,
      totalMarks: 4,
      gradedAt: result.createdAt,
    });
    expect(sheets?.[0].detailedBreakdown.map((s) => [s.marksAwarded, s.maxMarks])).toEqual([
      [1, 1],
      [1, 1],
      [0, 2],
    ]);
    // The sheet is not one of the assigned questions: the total of the markbook's cells is unchanged.
    expect((await markbook()).students.find((s) => s.userId === sam.user.id)?.totalMarksAwarded).toBe(0);
    expect(sheetsOf(await markbook(), ria.user.id)).toEqual([]);
  });

  it('attaches at grading time with classId and studentId in the body', async () => {
    const result = await grade(teacher, { classId, studentId: ria.user.id });
    expect(result.attachment).toMatchObject({ classId, studentId: ria.user.id, inClass: true });
    expect(sheetsOf(await markbook(), ria.user.id)?.map((s) => s.id)).toEqual([result.id]);
  });

  it('moves a result to another student, and takes it off again (idempotently)', async () => {
    const result = await grade(teacher, { classId, studentId: sam.user.id });
    const moved = await post(`/api/teacher/results/${result.id}/attach`, { classId, studentId: ria.user.id }, teacher);
    expect(moved.json().attachment.studentId).toBe(ria.user.id);
    let book = await markbook();
    expect(sheetsOf(book, sam.user.id)?.map((s) => s.id)).not.toContain(result.id);
    expect(sheetsOf(book, ria.user.id)?.map((s) => s.id)).toContain(result.id);
    for (let i = 0; i < 2; i++) {
      const off = await send('DELETE', `/api/teacher/results/${result.id}/attach`, teacher);
      expect(off.statusCode).toBe(204);
    }
    book = await markbook();
    expect(sheetsOf(book, ria.user.id)?.map((s) => s.id)).not.toContain(result.id);
    const listed = ((await get('/api/teacher/results', teacher)).json() as GradingResult[]).find((r) => r.id === result.id);
    expect(listed?.attachment).toBeNull();
  });

  it('lists the newest sheet first and exports them in the markbook CSV', async () => {
    const sheets = sheetsOf(await markbook(), sam.user.id) ?? [];
    const newer = await grade(teacher, { classId, studentId: sam.user.id });
    const after = sheetsOf(await markbook(), sam.user.id) ?? [];
    expect(after.map((s) => s.id)).toEqual([newer.id, ...sheets.map((s) => s.id)]);
    const csv = await get(`/api/classes/${classId}/markbook.csv`, teacher);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header.endsWith('"Marked sheets"')).toBe(true);
    // Sam's cell: each sheet as 'what it was marked against: marks/total (the day it was graded)', newest first.
    const cell = after.map((s) => `Your mark scheme: 2/4 (${s.gradedAt.slice(0, 10)})`).join('; ');
    expect(after).toHaveLength(2);
    expect(rows.some((r) => r.endsWith(`"${cell}"`))).toBe(true);
    const gradingCsv = (await get('/api/teacher/results.csv', teacher)).body;
    expect(gradingCsv).toContain('"Test Student (Biology 12B)"');
  });
});

describe('who may attach, and to whom', () => {
  it('is 404 for the teacher of another class: attaching their own result to this class, or this teacher’s result', async () => {
    const theirs = await grade(otherTeacher);
    const res = await post(`/api/teacher/results/${theirs.id}/attach`, { classId, studentId: sam.user.id }, otherTeacher);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CLASSES_TEXT.notFound);
    const mine = await grade(teacher);
    const other = await post(
      `/api/teacher/results/${mine.id}/attach`,
      { classId: otherClassId, studentId: otherClassStudent.user.id },
      otherTeacher,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SCHEME_TEXT.resultNotFound);
    // At grading time too, before anything is read or stored.
    const before = ((await get('/api/teacher/results', otherTeacher)).json() as GradingResult[]).length;
    const atGrading = await post('/api/teacher/grade-answer', { ...gradeBody, classId, studentId: sam.user.id }, otherTeacher);
    expect(atGrading.statusCode).toBe(404);
    expect(((await get('/api/teacher/results', otherTeacher)).json() as GradingResult[]).length).toBe(before);
  });

  it('is 404 for a student of the same class, even with a result of their own', async () => {
    const own = await grade(sam);
    for (const body of [
      { classId, studentId: sam.user.id },
      { classId, studentId: ria.user.id },
    ]) {
      const res = await post(`/api/teacher/results/${own.id}/attach`, body, sam);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CLASSES_TEXT.notFound);
    }
    const teachers = await grade(teacher);
    expect((await post(`/api/teacher/results/${teachers.id}/attach`, { classId, studentId: sam.user.id }, sam)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/teacher/results/${teachers.id}/attach`, sam)).statusCode).toBe(404);
    expect((await post('/api/teacher/grade-answer', { ...gradeBody, classId, studentId: ria.user.id }, sam)).statusCode).toBe(404);
    // And the student sees no markbook, so no sheet of anyone's.
    expect((await get(`/api/classes/${classId}/markbook`, sam)).statusCode).toBe(404);
  });

  it('is 404 for an outsider', async () => {
    const own = await grade(outsider);
    expect((await post(`/api/teacher/results/${own.id}/attach`, { classId, studentId: sam.user.id }, outsider)).statusCode).toBe(404);
    const teachers = await grade(teacher);
    expect((await post(`/api/teacher/results/${teachers.id}/attach`, { classId, studentId: sam.user.id }, outsider)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/teacher/results/${teachers.id}/attach`, outsider)).statusCode).toBe(404);
  });

  it("is 404 for the teacher attaching to someone who is not a current student of the class (themself, an outsider, another class's student)", async () => {
    const result = await grade(teacher);
    for (const studentId of [teacher.user.id, outsider.user.id, otherClassStudent.user.id, 'not-a-uuid']) {
      const res = await post(`/api/teacher/results/${result.id}/attach`, { classId, studentId }, teacher);
      expect(res.statusCode, studentId).toBe(404);
      expect(res.json().message).toBe(CLASSES_TEXT.studentNotFound);
    }
    expect((await post(`/api/teacher/results/not-a-uuid/attach`, { classId, studentId: sam.user.id }, teacher)).statusCode).toBe(404);
    expect(
      (await post(`/api/teacher/results/${result.id}/attach`, { classId: 'not-a-uuid', studentId: sam.user.id }, teacher)).statusCode,
    ).toBe(404);
  });

  it('asks for the class and the student with a clear message', async () => {
    const result = await grade(teacher);
    const noClass = await post(`/api/teacher/results/${result.id}/attach`, { studentId: sam.user.id }, teacher);
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().message).toBe(ATTACH_TEXT.classRequired);
    const noStudent = await post(`/api/teacher/results/${result.id}/attach`, { classId }, teacher);
    expect(noStudent.statusCode).toBe(400);
    expect(noStudent.json().message).toBe(ATTACH_TEXT.studentRequired);
    const atGrading = await post('/api/teacher/grade-answer', { ...gradeBody, classId }, teacher);
    expect(atGrading.statusCode).toBe(400);
    expect(atGrading.json().message).toBe(ATTACH_TEXT.studentRequired);
    // Another teacher's class without a student is still simply not found.
    expect((await post('/api/teacher/grade-answer', { ...gradeBody, classId: otherClassId }, teacher)).statusCode).toBe(404);
    expect((await post('/api/teacher/grade-answer', { ...gradeBody, studentId: sam.user.id }, teacher)).json().message).toBe(
      ATTACH_TEXT.classRequired,
    );
  });

  it('needs a signed-in user', async () => {
    const result = await grade(teacher);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/teacher/results/${result.id}/attach`,
      payload: { classId, studentId: sam.user.id },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a removed student', () => {
  it("leaves the markbook with their sheets at once; the teacher's result says they are no longer in the class", async () => {
    const result = await grade(teacher, { classId, studentId: ria.user.id });
    expect(sheetsOf(await markbook(), ria.user.id)?.map((s) => s.id)).toContain(result.id);
    expect((await send('DELETE', `/api/classes/${classId}/students/${ria.user.id}`, teacher)).statusCode).toBe(204);
    const book = await markbook();
    expect(book.students.map((s) => s.userId)).not.toContain(ria.user.id);
    expect(JSON.stringify(book)).not.toContain(result.id);
    expect((await get(`/api/classes/${classId}/markbook.csv`, teacher)).body).not.toContain('Test Student (');
    const listed = ((await get('/api/teacher/results', teacher)).json() as GradingResult[]).find((r) => r.id === result.id);
    expect(listed?.attachment).toMatchObject({ studentId: ria.user.id, inClass: false });
    // And nothing more can be attached to them.
    const again = await post(`/api/teacher/results/${result.id}/attach`, { classId, studentId: ria.user.id }, teacher);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CLASSES_TEXT.studentNotFound);
  });
});
