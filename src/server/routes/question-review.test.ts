import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionAnswers, ReviewStudentAnswer } from '../../shared/question-review';
import { REVIEW_ANSWERS_TEXT, questionAnswersUrl, transcriptUrl } from '../../shared/question-review-text';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Reviewing an assignment question by question (issue 26 item 5): every student's answer to a question with its
 * marks; the teacher corrects a transcript (marked again, the correction kept) and overrides a mark. Teacher only.
 */
type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let otherTeacher: Who;
let ava: Who;
let ben: Who;
let classId: string;
let assignmentId: string;
let questionIds: string[];
let foreignQuestionId: string;

const send = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

async function named(firstName: string, lastName: string): Promise<Who> {
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

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engineWithPlainMarker());
  teacher = await signUp(t.app);
  otherTeacher = await signUp(t.app);
  ava = await named('Ava', 'Adams');
  ben = await named('Ben', 'Brown');
  const course = await send('POST', '/api/courses/direct-create', teacher, { subject: 'Biology' });
  const paperId = (course.json() as { paper: { id: string } }).paper.id;
  const created = await send('POST', '/api/classes', teacher, { name: 'Biology 12A', subject: 'Biology' });
  classId = (created.json() as { id: string }).id;
  const joinCode = (created.json() as { joinCode: string }).joinCode;
  assignmentId = ((await send('POST', `/api/classes/${classId}/assignments`, teacher, { paperId })).json() as { id: string }).id;
  for (const s of [ava, ben]) expect((await send('POST', '/api/classes/join', s, { code: joinCode })).statusCode).toBe(200);
  const questions = (await send('GET', `/api/question-papers/${paperId}/questions`, teacher)).json() as { id: string; type: string }[];
  questionIds = questions.filter((q) => q.type !== 'multiple_choice').map((q) => q.id);
  const other = await send('POST', '/api/courses/direct-create', otherTeacher, { subject: 'Biology' });
  const otherPaper = (other.json() as { paper: { id: string } }).paper.id;
  foreignQuestionId = ((await send('GET', `/api/question-papers/${otherPaper}/questions`, otherTeacher)).json() as { id: string }[])[0].id;
  // Ava answers the first written question of the assigned paper (as a scan would record it); Ben does not
  const res = await send('POST', '/api/answers/evaluate', ava, { questionId: questionIds[0], answer: 'Osmosis is the movment of water' });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('GET …/questions/{questionId}/answers and POST …/answers/{questionId}/transcript', () => {
  it('lists every student’s answer to one question with its marks, by name, for the class’s teacher', async () => {
    const res = await send('GET', questionAnswersUrl(classId, assignmentId, questionIds[0]), teacher);
    expect(res.statusCode).toBe(200);
    const body = res.json() as QuestionAnswers;
    expect(body.question.id).toBe(questionIds[0]);
    expect(body.questions.map((q) => q.id)).toContain(questionIds[0]);
    expect(body.students.map((s) => s.name)).toEqual(['Ava Adams', 'Ben Brown']);
    const [a, b] = body.students;
    expect(a.answer).toBe('Osmosis is the movment of water');
    expect(a.marksAwarded).not.toBeNull();
    expect(a.points.length).toBeGreaterThan(0);
    expect(a.correction).toBeNull();
    expect(b).toMatchObject({ answer: null, marksAwarded: null, points: [], overridden: false });
  });

  it('corrects a transcript: the answer is marked again with the teacher’s text, and the correction is shown', async () => {
    const q = questionIds[0];
    const res = await send('POST', transcriptUrl(classId, ava.user.id, q), teacher, {
      text: '  Osmosis is the movement of water molecules  ',
    });
    expect(res.statusCode).toBe(200);
    const entry = res.json() as ReviewStudentAnswer;
    expect(entry.answer).toBe('Osmosis is the movement of water molecules');
    expect(entry.correction?.by).toBeTruthy();
    const list = (await send('GET', questionAnswersUrl(classId, assignmentId, q), teacher)).json() as QuestionAnswers;
    expect(list.students[0]).toEqual(entry);
    // the student's own answer and feedback are of the corrected text
    const own = (await send('GET', `/api/questions/${q}/answer`, ava)).json() as { text: string } | null;
    expect(own?.text).toBe('Osmosis is the movement of water molecules');
    // a correction for a student with no answer yet records and marks it
    const first = await send('POST', transcriptUrl(classId, ben.user.id, q), teacher, { text: 'Water moves' });
    expect(first.statusCode).toBe(200);
    expect((first.json() as ReviewStudentAnswer).marksAwarded).not.toBeNull();
  });

  it('overriding a mark (POST /api/classes/{id}/marks) shows in the review, and stands through a corrected transcript', async () => {
    const q = questionIds[0];
    const set = await send('POST', `/api/classes/${classId}/marks`, teacher, {
      studentId: ava.user.id,
      questionId: q,
      marksAwarded: 1,
      comment: 'Half right.',
    });
    expect(set.statusCode).toBe(201);
    let row = ((await send('GET', questionAnswersUrl(classId, assignmentId, q), teacher)).json() as QuestionAnswers).students[0];
    expect(row).toMatchObject({ marksAwarded: 1, overridden: true });
    const again = await send('POST', transcriptUrl(classId, ava.user.id, q), teacher, { text: 'Something else entirely' });
    row = again.json() as ReviewStudentAnswer;
    expect(row).toMatchObject({ marksAwarded: 1, overridden: true, answer: 'Something else entirely' });
  });

  it('is the class teacher’s only (404 naming no id), and refuses bad input with a clear message', async () => {
    const q = questionIds[0];
    for (const who of [otherTeacher, ava]) {
      const list = await send('GET', questionAnswersUrl(classId, assignmentId, q), who);
      expect(list.statusCode).toBe(404);
      expect(list.body).not.toContain(classId);
      const fix = await send('POST', transcriptUrl(classId, ava.user.id, q), who, { text: 'Mine now' });
      expect(fix.statusCode).toBe(404);
      expect(fix.body).not.toContain(ava.user.id);
    }
    expect((await send('GET', questionAnswersUrl(classId, assignmentId, q), null)).statusCode).toBe(401);
    expect((await send('POST', transcriptUrl(classId, ava.user.id, q), null, { text: 'x' })).statusCode).toBe(401);
    // a question not on the assignment, an assignment not of the class, a student not in it
    const foreign = await send('GET', questionAnswersUrl(classId, assignmentId, foreignQuestionId), teacher);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(foreignQuestionId);
    expect((await send('GET', questionAnswersUrl(classId, 'not-an-id', q), teacher)).statusCode).toBe(404);
    expect((await send('POST', transcriptUrl(classId, otherTeacher.user.id, q), teacher, { text: 'x' })).statusCode).toBe(404);
    expect((await send('POST', transcriptUrl(classId, ava.user.id, foreignQuestionId), teacher, { text: 'x' })).statusCode).toBe(404);
    const empty = await send('POST', transcriptUrl(classId, ava.user.id, q), teacher, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(REVIEW_ANSWERS_TEXT.transcriptRequired);
    const long = await send('POST', transcriptUrl(classId, ava.user.id, q), teacher, { text: 'a'.repeat(20_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(REVIEW_ANSWERS_TEXT.transcriptTooLong);
  });
});
