import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSpecification } from '../../shared/specification';
import { SPECIFICATION_TEXT } from '../../shared/specification';
import { eq } from 'drizzle-orm';
import { questions as questionRows } from '../db/schema';
import { loadBank } from '../engine/builtin/bank/bank';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/** Issue 31: a course's exam board, its specification with counts and mastery, and papers drawn for chosen points. */

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let courseId: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who = alice, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined && { payload: payload as object }) });

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  courseId = (await call('POST', '/api/courses/direct-create', alice, { subject: 'Biology' })).json().id;
});
afterAll(async () => {
  await t.close();
});

/** The AQA points with the most bank questions, most first. */
function busiestPoints(spec: CourseSpecification) {
  return spec.sections.flatMap((s) => s.points).sort((a, b) => b.questions - a.questions);
}

describe('a course and its exam board', () => {
  it('starts without a board and offers the subject’s boards', async () => {
    const course = (await call('GET', `/api/courses/${courseId}`)).json();
    expect(course.board).toBeNull();
    const res = await call('GET', `/api/courses/${courseId}/specification`);
    expect(res.statusCode).toBe(200);
    const spec = res.json() as CourseSpecification;
    expect(spec).toMatchObject({ subject: 'Biology', board: null, courseBoard: null, canChooseBoard: true, sections: [] });
    expect(spec.boards.map((b) => b.id)).toEqual(['aqa', 'ocr-a', 'edexcel']);
    expect(spec.boards[0]).toMatchObject({ name: 'AQA', code: '7402' });
  });

  it('keeps the board its owner chooses, and no one else may change or read it', async () => {
    const res = await call('PATCH', `/api/courses/${courseId}`, alice, { board: 'aqa' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: courseId, subject: 'Biology', board: 'aqa' });
    expect((await call('GET', '/api/courses')).json()[0].board).toBe('aqa');
    expect((await call('PATCH', `/api/courses/${courseId}`, bob, { board: 'edexcel' })).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${courseId}/specification`, bob)).statusCode).toBe(404);
    const bad = await call('PATCH', `/api/courses/${courseId}`, alice, { board: 'wjec' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Exam board must be aqa, ocr-a or edexcel');
    expect((await call('GET', `/api/courses/${courseId}`)).json().board).toBe('aqa');
  });

  it('is set when the course is created, if Markwell has that board for the subject', async () => {
    const res = await call('POST', '/api/courses/direct-create', alice, { subject: 'Biology', board: 'ocr-a' });
    expect(res.statusCode).toBe(201);
    expect(res.json().board).toBe('ocr-a');
  });

  it('lists the board’s points with how many bank questions examine each', async () => {
    const spec = (await call('GET', `/api/courses/${courseId}/specification`)).json() as CourseSpecification;
    expect(spec.board).toMatchObject({ id: 'aqa', name: 'AQA', code: '7402' });
    expect(spec.sections.length).toBeGreaterThan(0);
    const tagged = [...loadBank().byId.values()].filter(
      (e) => e.topic.subject === 'Biology' && e.question.spec?.aqa?.includes(spec.sections[0].points[0].ref),
    );
    expect(spec.sections[0].points[0].questions).toBe(tagged.length);
    for (const point of busiestPoints(spec)) expect(point).toMatchObject({ marked: 0, mastery: null });
    // Another board on request, without changing the course's.
    const ocr = (await call('GET', `/api/courses/${courseId}/specification?board=ocr-a`)).json() as CourseSpecification;
    expect(ocr).toMatchObject({ board: { id: 'ocr-a' }, courseBoard: 'aqa' });
  });
});

describe('a paper drawn for chosen specification points, and mastery from its marks', () => {
  it('draws only questions tagged with the points, and counts their marks towards each point', async () => {
    const before = (await call('GET', `/api/courses/${courseId}/specification`)).json() as CourseSpecification;
    const [point] = busiestPoints(before);
    expect(point.questions).toBeGreaterThan(0);
    const res = await call('POST', '/api/question-papers/generate', alice, {
      courseId,
      specPoints: [point.ref],
      difficultyLevel: 'medium',
      questionCount: 5,
    });
    expect(res.statusCode).toBe(201);
    const { paper, questions } = res.json() as { paper: { title: string; topic: string }; questions: { id: string; totalMarks: number }[] };
    expect(paper.title).toContain(`AQA ${point.ref}`);
    expect(questions.length).toBe(Math.min(5, point.questions));
    const bank = loadBank();
    const paperId = (res.json() as { paper: { id: string } }).paper.id;
    const stored = await t.database.db.select().from(questionRows).where(eq(questionRows.paperId, paperId));
    expect(stored.length).toBe(questions.length);
    for (const q of stored) {
      const source = bank.byId.get(q.sourceId as string);
      expect(source?.topic.subject).toBe('Biology');
      expect(source?.question.spec?.aqa).toContain(point.ref);
    }

    // An answer that says nothing marked: 0 of its marks, so the point's mastery is 0% from one marked answer.
    const first = questions[0];
    const marked = await call('POST', '/api/answers/evaluate', alice, { questionId: first.id, answer: 'I do not know.' });
    expect(marked.statusCode).toBe(200);
    const after = (await call('GET', `/api/courses/${courseId}/specification`)).json() as CourseSpecification;
    const now = after.sections.flatMap((s) => s.points).find((p) => p.ref === point.ref);
    expect(now).toMatchObject({ marked: 1, marksAwarded: 0, totalMarks: first.totalMarks, mastery: 0 });
  });

  it('refuses points that are not the board’s, and points without a board', async () => {
    const unknown = await call('POST', '/api/question-papers/generate', alice, { courseId, specPoints: ['9.9.9'], questionCount: 5 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(SPECIFICATION_TEXT.pointsUnknown(['9.9.9']));
    const other = (await call('POST', '/api/courses/direct-create', alice, { subject: 'Biology' })).json();
    const noBoard = await call('POST', '/api/question-papers/generate', alice, {
      courseId: other.id,
      specPoints: ['3.1.4'],
      questionCount: 5,
    });
    expect(noBoard.statusCode).toBe(422);
    expect(noBoard.json().message).toBe(SPECIFICATION_TEXT.boardNeeded);
    // The request may name a board instead of the course's own.
    const withBoard = await call('POST', '/api/question-papers/generate', alice, {
      courseId: other.id,
      board: 'aqa',
      specPoints: [busiestPoints((await call('GET', `/api/courses/${courseId}/specification`)).json())[0].ref],
      questionCount: 5,
    });
    expect(withBoard.statusCode).toBe(201);
  });

  it('still asks for a topic when no points are given', async () => {
    const res = await call('POST', '/api/question-papers/generate', alice, { courseId, questionCount: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a topic');
  });
});

describe('papers after papers (issue 31: repeats)', () => {
  it('draws questions the course has not had before repeating any', async () => {
    const course = (await call('POST', '/api/courses/direct-create', alice, { subject: 'Biology' })).json();
    const sources = async () =>
      (await t.database.db.select().from(questionRows).where(eq(questionRows.courseId, course.id))).map((q) => q.sourceId);
    const before = new Set(await sources());
    for (const seed of [1, 2]) {
      const res = await call('POST', '/api/question-papers/generate', alice, { courseId: course.id, topic: 'Cells', questionCount: 10 });
      expect(res.statusCode, `paper ${seed}`).toBe(201);
    }
    const all = await sources();
    expect(all.length).toBe(before.size + 20);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('Economics and Psychology offline (issue 31 item 4)', () => {
  it.each([
    ['Economics', '7136', 'H460', '9EC0'],
    ['Psychology', '7182', 'H567', '9PS0'],
  ])(
    '%s: a course has its three boards, a paper on a topic and a paper on a point, each marked by the built-in engine',
    async (subject, aqa, ocr, edexcel) => {
      const course = (await call('POST', '/api/courses/direct-create', alice, { subject, board: 'aqa' })).json() as {
        id: string;
        board: string;
      };
      expect(course.board).toBe('aqa');
      const spec = (await call('GET', `/api/courses/${course.id}/specification`)).json() as CourseSpecification;
      expect(spec.boards.map((b) => b.code)).toEqual([aqa, ocr, edexcel]);
      const [point] = busiestPoints(spec);
      expect(point.questions).toBeGreaterThanOrEqual(10);

      const byPoint = await call('POST', '/api/question-papers/generate', alice, {
        courseId: course.id,
        specPoints: [point.ref],
        questionCount: 5,
      });
      expect(byPoint.statusCode).toBe(201);
      const { questions } = byPoint.json() as { questions: { id: string; totalMarks: number }[] };
      expect(questions).toHaveLength(5);

      const topic = loadBank().subjects.find((s) => s.name === subject)!.topics[0].topic;
      const byTopic = await call('POST', '/api/question-papers/generate', alice, { courseId: course.id, topic, questionCount: 5 });
      expect(byTopic.statusCode).toBe(201);
      expect((byTopic.json() as { questions: unknown[] }).questions).toHaveLength(5);

      const marked = await call('POST', '/api/answers/evaluate', alice, {
        questionId: questions[0].id,
        answer: 'I am not sure about this one.',
      });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ marks_awarded: 0, total_marks: questions[0].totalMarks });
    },
  );
});
