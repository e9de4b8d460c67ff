import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperResults } from '../../shared/attempts';
import type { Markbook, StudentAnswer } from '../../shared/classes';
import { CHECK_YOURSELF_BELOW } from '../../shared/mark-scheme';
import type { Question, StoredFeedback } from '../../shared/practice';
import { SELF_ASSESSMENT_TEXT } from '../../shared/self-assessment-text';
import { analyticsAnswerFacts } from '../db/schema';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Honest uncertainty (issue 24) through the API, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. A plain marker:
 * a point is covered when the answer contains its text; it is unsure (confidence below CHECK_YOURSELF_BELOW) of the
 * scheme's first point and sure of the rest. An answer containing LEVELS is marked by levels.
 */
const UNSURE = CHECK_YOURSELF_BELOW - 0.15;
const engine = engineWithPlainMarker({ confidence: (i) => (i === 0 ? UNSURE : 0.95), levelsWhen: (answer) => answer.includes('LEVELS') });

type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let otherTeacher: Who;
let sam: Who;
let ria: Who;
let outsider: Who;
let classId: string;
let paperId: string;
let question: Question;
/** The point the marker is unsure of, and one it is sure of. */
let unsure: { id: string; marks: number };
let sure: { id: string };
let markerMarks: number;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const selfAssess = (who: Who, body: object, questionId = question.id) =>
  send('POST', `/api/questions/${questionId}/self-assessment`, who, body);
const decisionUrl = (pointId: string, opts: { classId?: string; studentId?: string; questionId?: string } = {}) =>
  `/api/classes/${opts.classId ?? classId}/students/${opts.studentId ?? sam.user.id}/answers/${opts.questionId ?? question.id}/self-assessments/${pointId}`;
const feedbackOf = async (who: Who) => (await send('GET', `/api/questions/${question.id}/feedback`, who)).json() as StoredFeedback;
const evaluate = async (who: Who, answer: string) => {
  // as the exam screen does: the answer is saved as submitted, then marked
  expect((await send('POST', '/api/answers/save', who, { questionId: question.id, text: answer, submitted: true })).statusCode).toBe(200);
  const res = await send('POST', '/api/answers/evaluate', who, { questionId: question.id, answer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StoredFeedback;
};
const markbookCell = async () => {
  const markbook = (await send('GET', `/api/classes/${classId}/markbook`, teacher)).json() as Markbook;
  const student = markbook.students.find((s) => s.userId === sam.user.id)!;
  return { student, cell: student.cells.find((c) => c.questionId === question.id)! };
};

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  [teacher, otherTeacher, sam, ria, outsider] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  const course = (await send('POST', '/api/courses/direct-create', teacher, { subject: 'Physics' })).json();
  paperId = course.paper.id;
  const klass = (await send('POST', '/api/classes', teacher, { name: 'Physics 12C', subject: 'Physics' })).json();
  classId = klass.id;
  for (const student of [sam, ria])
    expect((await send('POST', '/api/classes/join', student, { code: klass.joinCode })).statusCode).toBe(200);
  await send('POST', '/api/classes', otherTeacher, { name: 'Other class', subject: 'Physics' });
  expect((await send('POST', `/api/classes/${classId}/assignments`, teacher, { paperId })).statusCode).toBe(201);
  const questions = (await send('GET', `/api/question-papers/${paperId}/questions`, sam)).json() as Question[];
  // A question whose scheme has at least two points, and whose total leaves room above the first point's marks.
  for (const q of questions) {
    const scheme = (await send('GET', `/api/questions/${q.id}/markscheme`, teacher)).json() as { id: string; marks?: number }[];
    if (scheme.length >= 2) {
      question = q;
      break;
    }
  }
  expect(question).toBeDefined();
  const marked = await evaluate(sam, 'I am not sure what to write here.');
  markerMarks = marked.marks_awarded;
  const [first, second] = marked.markscheme_evaluation;
  unsure = { id: first.point_id, marks: first.marks ?? 1 };
  sure = { id: second.point_id };
  expect(first.confidence).toBeLessThan(CHECK_YOURSELF_BELOW);
  expect(marked.self_assessments).toEqual([]);
  expect(marked.self_assessed_marks).toBe(0);
});
afterAll(() => t.close());

describe('POST /api/questions/{id}/self-assessment', () => {
  it('is the feedback owner’s only: someone who may not open the question gets 404, a classmate without marking 409', async () => {
    const res = await selfAssess(outsider, { point_id: unsure.id, marks_awarded: unsure.marks });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
    expect((await selfAssess(outsider, { point_id: unsure.id, marks_awarded: 0 }, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(
      404,
    );
    // Ria may open the question (it is assigned to her class) but acts only on her own feedback, which she has not got.
    expect((await selfAssess(ria, { point_id: unsure.id, marks_awarded: unsure.marks })).statusCode).toBe(409);
    expect((await send('POST', `/api/questions/${question.id}/self-assessment`, sam)).statusCode).toBe(400);
    expect((await feedbackOf(sam)).self_assessments).toEqual([]);
  });

  it('refuses a point the marker is sure of, a point not in the scheme and marks other than 0 or the point’s marks (400)', async () => {
    const confident = await selfAssess(sam, { point_id: sure.id, marks_awarded: 0 });
    expect(confident.statusCode).toBe(400);
    expect(confident.json().message).toBe(SELF_ASSESSMENT_TEXT.confidentPoint);
    expect((await selfAssess(sam, { point_id: 'no-such-point', marks_awarded: 0 })).statusCode).toBe(400);
    for (const marks of [unsure.marks + 1, -1, 0.5, 'one']) {
      const res = await selfAssess(sam, { point_id: unsure.id, marks_awarded: marks });
      expect(res.statusCode, `marks ${marks}`).toBe(400);
      expect(res.json().message).toMatch(/marks/);
    }
    const after = await feedbackOf(sam);
    expect(after.self_assessments).toEqual([]);
    expect(after.marks_awarded).toBe(markerMarks);
  });

  it('records the student’s marks, counts them in the question’s marks and says how many are self-assessed', async () => {
    const res = await selfAssess(sam, { point_id: unsure.id, marks_awarded: unsure.marks });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json() as StoredFeedback;
    expect(stored.self_assessments).toEqual([{ point_id: unsure.id, marks_awarded: unsure.marks, at: expect.any(String) }]);
    expect(stored.marks_awarded).toBe(Math.min(markerMarks + unsure.marks, question.totalMarks));
    expect(stored.self_assessed_marks).toBe(unsure.marks);
    // the marker's decision on the point is kept as it was
    expect(stored.markscheme_evaluation[0]).toMatchObject({ point_id: unsure.id, status: 'NOT_COVERED', marks_awarded: 0 });
    expect(await feedbackOf(sam)).toEqual(stored);
  });

  it('is summed where the student’s marks are: results, the answers list, the class’s assignment progress and the markbook', async () => {
    const counted = Math.min(markerMarks + unsure.marks, question.totalMarks);
    const results = (await send('GET', `/api/question-papers/${paperId}/results`, sam)).json() as PaperResults;
    const row = results.questions.find((q) => q.question.id === question.id)!;
    expect(row.marksAwarded).toBe(counted);
    expect(row.selfAssessedMarks).toBe(unsure.marks);
    expect(row.selfAssessments).toHaveLength(1);
    expect(results.selfAssessedMarks).toBe(unsure.marks);
    const answers = (await send('GET', '/api/user/answers', sam)).json() as { questionId: string; marksAwarded: number }[];
    expect(answers.find((a) => a.questionId === question.id)?.marksAwarded).toBe(counted);
    const assigned = (await send('GET', '/api/assignments', sam)).json() as { paperId: string; marksAwarded: number }[];
    expect(assigned.find((a) => a.paperId === paperId)?.marksAwarded).toBe(counted);
    const { student, cell } = await markbookCell();
    expect(cell).toMatchObject({ marksAwarded: counted, selfAssessedMarks: unsure.marks, selfAssessmentsPending: 1 });
    expect(student.selfAssessedMarks).toBe(unsure.marks);
    expect(student.totalMarksAwarded).toBe(counted);
    // the analytics summary (kept by triggers on feedback: decision 012) scores the answer with the self-assessed marks
    const [fact] = await t.database.db
      .select({ score10: analyticsAnswerFacts.score10 })
      .from(analyticsAnswerFacts)
      .where(and(eq(analyticsAnswerFacts.ownerId, sam.user.id), eq(analyticsAnswerFacts.questionId, question.id)));
    expect(fact?.score10).toBe(Math.round((1000 * counted) / question.totalMarks));
  });

  it('replaces an earlier self-assessment of the same point', async () => {
    const res = await selfAssess(sam, { point_id: unsure.id, marks_awarded: 0 });
    expect(res.statusCode).toBe(200);
    const stored = res.json() as StoredFeedback;
    expect(stored.self_assessments).toEqual([{ point_id: unsure.id, marks_awarded: 0, at: expect.any(String) }]);
    expect(stored.marks_awarded).toBe(markerMarks);
    expect(stored.self_assessed_marks).toBe(0);
    // and back again, for the teacher's tests below
    expect((await selfAssess(sam, { point_id: unsure.id, marks_awarded: unsure.marks })).json().self_assessments).toHaveLength(1);
  });
});

describe('the class teacher confirms or overrides a self-assessed point', () => {
  it('is the class teacher’s only: another teacher, the student and a classmate get 404; a point not self-assessed is 409', async () => {
    for (const who of [otherTeacher, sam, ria, outsider]) {
      const res = await send('POST', decisionUrl(unsure.id), who, { decision: 'confirmed' });
      expect(res.statusCode, who === sam ? 'the student' : 'someone else').toBe(404);
    }
    // a student who is not in the class, a question that is not assigned to it
    expect(
      (await send('POST', decisionUrl(unsure.id, { studentId: outsider.user.id }), teacher, { decision: 'confirmed' })).statusCode,
    ).toBe(404);
    const own = (await send('POST', '/api/courses/direct-create', teacher, { subject: 'Chemistry' })).json();
    const unassigned = ((await send('GET', `/api/question-papers/${own.paper.id}/questions`, teacher)).json() as Question[])[0];
    expect((await send('POST', decisionUrl(unsure.id, { questionId: unassigned.id }), teacher, { decision: 'confirmed' })).statusCode).toBe(
      404,
    );
    const notSelfAssessed = await send('POST', decisionUrl(sure.id), teacher, { decision: 'confirmed' });
    expect(notSelfAssessed.statusCode).toBe(409);
    expect(notSelfAssessed.json().message).toBe(SELF_ASSESSMENT_TEXT.noSelfAssessment);
    expect((await feedbackOf(sam)).self_assessments?.[0].teacher).toBeUndefined();
  });

  it('confirm keeps the student’s mark, recorded as confirmed; the markbook has nothing pending', async () => {
    const before = await feedbackOf(sam);
    const res = await send('POST', decisionUrl(unsure.id), teacher, { decision: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as StudentAnswer;
    expect(answer.feedback?.self_assessments?.[0]).toMatchObject({
      point_id: unsure.id,
      marks_awarded: unsure.marks,
      teacher: { decision: 'confirmed', marks_awarded: unsure.marks, at: expect.any(String) },
    });
    expect(answer.feedback?.marks_awarded).toBe(before.marks_awarded);
    expect((await feedbackOf(sam)).marks_awarded).toBe(before.marks_awarded);
    expect((await markbookCell()).cell).toMatchObject({ selfAssessedMarks: unsure.marks, selfAssessmentsPending: 0 });
  });

  it('override sets the point’s marks as the teacher’s: the student’s marks follow, and nothing is self-assessed any more', async () => {
    expect((await send('POST', decisionUrl(unsure.id), teacher, { decision: 'overridden' })).statusCode).toBe(400);
    expect(
      (await send('POST', decisionUrl(unsure.id), teacher, { decision: 'overridden', marks_awarded: unsure.marks + 1 })).statusCode,
    ).toBe(400);
    expect((await send('POST', decisionUrl(unsure.id), teacher, { decision: 'maybe' })).statusCode).toBe(400);
    const res = await send('POST', decisionUrl(unsure.id), teacher, { decision: 'overridden', marks_awarded: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await feedbackOf(sam);
    expect(seen.self_assessments?.[0]).toMatchObject({
      marks_awarded: unsure.marks,
      teacher: { decision: 'overridden', marks_awarded: 0 },
    });
    expect(seen.marks_awarded).toBe(markerMarks);
    expect(seen.self_assessed_marks).toBe(0);
    expect((await markbookCell()).cell).toMatchObject({ marksAwarded: markerMarks, selfAssessedMarks: 0, selfAssessmentsPending: 0 });
  });

  it('once decided, the point is the teacher’s: the student cannot self-assess it again (409)', async () => {
    const res = await selfAssess(sam, { point_id: unsure.id, marks_awarded: unsure.marks });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SELF_ASSESSMENT_TEXT.teacherDecided);
    const seen = await feedbackOf(sam);
    expect(seen.self_assessments?.[0].teacher).toMatchObject({ decision: 'overridden', marks_awarded: 0 });
    expect(seen.marks_awarded).toBe(markerMarks);
  });
});

describe('re-marking', () => {
  it('drops the self-assessments of the old marking, and the marks are the marker’s again', async () => {
    expect((await feedbackOf(sam)).self_assessments).toHaveLength(1);
    expect((await markbookCell()).cell).toHaveProperty('selfAssessedMarks');
    const remarked = await evaluate(sam, 'I am still not sure what to write.');
    expect(remarked.self_assessments).toEqual([]);
    expect(remarked.self_assessed_marks).toBe(0);
    expect(remarked.marks_awarded).toBe(markerMarks);
    expect((await markbookCell()).cell).not.toHaveProperty('selfAssessedMarks');
    // the teacher has nothing left to decide on
    expect((await send('POST', decisionUrl(unsure.id), teacher, { decision: 'confirmed' })).statusCode).toBe(409);
  });

  it('a levels-marked answer is marked as a whole: its points are not self-assessed one by one', async () => {
    const marked = await evaluate(sam, 'LEVELS: an extended answer.');
    expect(marked.level).toBeDefined();
    const res = await selfAssess(sam, { point_id: unsure.id, marks_awarded: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SELF_ASSESSMENT_TEXT.levelsMarked);
  });
});
