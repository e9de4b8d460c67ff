import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_SET_TEXT, classSetPdfUrl } from '../../shared/class-set-text';
import { CLASSES_TEXT } from '../../shared/classes-text';
import { readPaperQr } from '../engine/builtin/ocr/read-paper-code';
import { pdfPageLines } from '../testing/pdf-page-lines';
import { pdfQrImages } from '../testing/pdf-qr-codes';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Printing an assigned paper as a class set (issue 26): one copy per student of the class, ordered by name, every page
 * with the student's name in its name box and a QR code of paper, student and page; the same paper in every copy.
 * Only the class's teacher may print it.
 */
type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let otherTeacher: Who;
let students: Who[];
let classId: string;
let emptyClassId: string;
let assignmentId: string;
let emptyAssignmentId: string;

const send = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

async function registerAs(firstName: string, lastName: string): Promise<Who> {
  const email = `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'correct-horse', firstName, lastName },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { sessionId: string; user: { id: string; username: string } };
  return { ...body, email, headers: { authorization: `Bearer ${body.sessionId}` } };
}

async function classWithAssignment(paperId: string, name: string) {
  const created = await send('POST', '/api/classes', teacher, { name, subject: 'Biology' });
  expect(created.statusCode).toBe(201);
  const { id, joinCode } = created.json() as { id: string; joinCode: string };
  const assigned = await send('POST', `/api/classes/${id}/assignments`, teacher, { paperId });
  expect(assigned.statusCode).toBe(201);
  return { id, joinCode, assignmentId: (assigned.json() as { id: string }).id };
}

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engineWithPlainMarker());
  teacher = await signUp(t.app);
  otherTeacher = await signUp(t.app);
  // joined in this order; printed by name: Adams, Brown, Carter
  students = [await registerAs('Zoe', 'Carter'), await registerAs('Ava', 'Adams'), await registerAs('Ben', 'Brown')];
  const course = await send('POST', '/api/courses/direct-create', teacher, { subject: 'Biology' });
  expect(course.statusCode).toBe(201);
  const paperId = (course.json() as { paper: { id: string } }).paper.id;
  const full = await classWithAssignment(paperId, 'Biology 12A');
  classId = full.id;
  assignmentId = full.assignmentId;
  for (const s of students) expect((await send('POST', '/api/classes/join', s, { code: full.joinCode })).statusCode).toBe(200);
  const empty = await classWithAssignment(paperId, 'Biology 12B');
  emptyClassId = empty.id;
  emptyAssignmentId = empty.assignmentId;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/classes/{id}/assignments/{assignmentId}/class-set.pdf', () => {
  it('gives the teacher one copy per student, by name, each page with the name, the same paper in every copy', async () => {
    const res = await send('GET', classSetPdfUrl(classId, assignmentId), teacher);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mw-[a-z0-9]{6}-class-set\.pdf"$/);
    const pages = await pdfPageLines(res.rawPayload);
    const perCopy = Number(/Page 1 of (\d+)/.exec(pages[0].map((l) => l.text).join('\n'))?.[1]);
    expect(perCopy).toBeGreaterThanOrEqual(1);
    expect(pages).toHaveLength(3 * perCopy);
    const names = ['Ava Adams', 'Ben Brown', 'Zoe Carter'];
    const code = /Paper code (MW-[A-Z0-9]{6})/.exec(pages[0].map((l) => l.text).join('\n'))?.[1];
    expect(code).toBeDefined();
    const copies = names.map((_, c) => pages.slice(c * perCopy, (c + 1) * perCopy));
    copies.forEach((copy, c) =>
      copy.forEach((page, p) => {
        const lines = page.map((l) => l.text);
        // the name box at the top of the page, filled in with this student's name (and no other's)
        expect(lines[0]).toBe(`Name ${names[c]}`);
        for (const other of names.filter((n) => n !== names[c])) expect(lines.join('\n')).not.toContain(other);
        expect(lines).toContain(`Page ${p + 1} of ${perCopy}`);
        expect(lines).toContain(`Paper code ${code}`);
      }),
    );
    // the same questions and values in every copy: the pages differ only by the name
    const body = (copy: (typeof copies)[number]) => copy.map((page) => page.slice(1).map((l) => l.text));
    expect(body(copies[1])).toEqual(body(copies[0]));
    expect(body(copies[2])).toEqual(body(copies[0]));
    expect(body(copies[0]).flat().join('\n')).toMatch(/Question 1/);
  });

  it('puts a QR code of paper, student and page on every page, which the photo grader reads', async () => {
    const res = await send('GET', classSetPdfUrl(classId, assignmentId), teacher);
    const pages = await pdfPageLines(res.rawPayload);
    const code = /Paper code (MW-[A-Z0-9]{6})/.exec(pages[0].map((l) => l.text).join('\n'))?.[1];
    const perCopy = pages.length / 3;
    const qrs = await pdfQrImages(res.rawPayload);
    expect(qrs).toHaveLength(pages.length);
    const byName = [students[1], students[2], students[0]];
    for (const [i, image] of qrs.entries()) {
      expect(await readPaperQr(image)).toEqual({
        paperCode: code,
        studentId: byName[Math.floor(i / perCopy)].user.id,
        page: (i % perCopy) + 1,
      });
    }
  });

  it('prints the same paper code again while the paper is unchanged, and the code is the teacher’s printed paper', async () => {
    const first = await pdfPageLines((await send('GET', classSetPdfUrl(classId, assignmentId), teacher)).rawPayload);
    const again = await pdfPageLines((await send('GET', classSetPdfUrl(classId, assignmentId), teacher)).rawPayload);
    const codeOf = (pages: typeof first) => /Paper code (MW-[A-Z0-9]{6})/.exec(pages[0].map((l) => l.text).join('\n'))?.[1];
    expect(codeOf(again)).toBe(codeOf(first));
    // the photo grader finds its schemes by that code: it is the teacher's own printed paper
    expect((await send('GET', `/api/practice-papers/${codeOf(first)}/pdf`, teacher)).statusCode).toBe(200);
    expect((await send('GET', `/api/practice-papers/${codeOf(first)}/pdf`, otherTeacher)).statusCode).toBe(404);
  });

  it('is the class teacher’s only: another teacher and a student of the class get 404, no session 401', async () => {
    const url = classSetPdfUrl(classId, assignmentId);
    const other = await send('GET', url, otherTeacher);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(CLASSES_TEXT.notFound);
    expect(other.body).not.toContain(classId);
    expect((await send('GET', url, students[0])).statusCode).toBe(404);
    expect((await send('GET', url, null)).statusCode).toBe(401);
    // another class's assignment, or no such assignment
    const wrong = await send('GET', classSetPdfUrl(classId, emptyAssignmentId), teacher);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(CLASSES_TEXT.assignmentNotFound);
    expect((await send('GET', classSetPdfUrl(classId, 'not-an-id'), teacher)).statusCode).toBe(404);
  });

  it('says clearly that a class with no students has no class set to print (409)', async () => {
    const res = await send('GET', classSetPdfUrl(emptyClassId, emptyAssignmentId), teacher);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CLASS_SET_TEXT.noStudents);
  });
});
