import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { stopImageReader } from '../engine/builtin/ocr/read-image-text';
import type { SchemeQuestion } from '../engine/engine';
import { toolsInThisThread } from '../engine/tools/run-tool';
import { createLlmEngine } from '../engine/llm/create-llm-engine';
import { messageText, startFakeLlmServer, type FakeLlmServer, type RecordedRequest } from '../engine/llm/testing/fake-llm-server';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// POST /api/teacher/grade-answer with an LLM provider (a fake OpenAI-compatible server on 127.0.0.1) and a
// scheme the teacher chose: the vision model reads the photos and judges the scheme's own points; the marks,
// the breakdown and the fallback are the server's.
const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures', name)).toString('base64');
const questionImage = fixture('question-sheet.png');
const answerImage = fixture('answer-sheet.png');

const typedScheme =
  'formed by a condensation reaction [1]\nbetween the amino group of one amino acid and the carboxyl group of another [2]\nwater is released [1]';

let server: FakeLlmServer;
let t: TestApp;
let teacher: Awaited<ReturnType<typeof signUp>>;
let bankQuestion: { id: string; question: SchemeQuestion };

beforeAll(async () => {
  server = await startFakeLlmServer({ status: 500, message: 'no responder set' });
  const builtin = createBuiltinEngine();
  await builtin.warmUp?.();
  // A bank question the model marks whole (no numeric point, no levels), to grade by its id.
  for (const found of await toolsInThisThread.run('searchBank', { query: 'explain', limit: 20 })) {
    const q = await toolsInThisThread.run('findQuestion', { id: found.id });
    if (
      q &&
      q.question.type !== 'multiple_choice' &&
      q.question.markScheme.every((p) => !p.numeric) &&
      !q.question.schemeRules?.levels?.length
    ) {
      bankQuestion = { id: found.id, question: q.question };
      break;
    }
  }
  expect(bankQuestion).toBeDefined();
  const engine = createLlmEngine({
    config: { provider: 'openai-compatible', model: 'fake-vision', baseURL: server.baseURL, timeoutMs: 5000 },
    fallback: builtin,
    maxRetries: 0,
    onFallback: () => undefined,
  });
  t = await buildTestApp({}, engine);
  teacher = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await server.close();
  await stopImageReader();
});
beforeEach(() => {
  server.requests.length = 0;
});

const grade = (payload: object) => t.app.inject({ method: 'POST', url: '/api/teacher/grade-answer', payload, headers: teacher.headers });

const judged = (id: string, status: string, marks_awarded: number | null = null) => ({
  point_id: id,
  status,
  marks_awarded,
  justification: `The sheet says so for ${id}.`,
});

function imageParts(request: RecordedRequest): string[] {
  return request.body.messages.flatMap((m) =>
    Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url) : [],
  );
}

describe('teacher grading with a vision model and a chosen scheme', () => {
  it('a typed mark scheme: the model sees both photos and the point ids; the breakdown is the scheme, marks clamped', async () => {
    server.respond({
      content: JSON.stringify({
        questionText: 'Describe how a peptide bond is formed.',
        answerText: 'A condensation reaction joins the amine group to the carboxyl group.',
        questions: [
          {
            number: 1,
            answer: 'A condensation reaction joins the amine group to the carboxyl group.',
            points: [judged('p1', 'COVERED', 7), judged('p2', 'COVERED'), judged('p3', 'NOT_COVERED'), judged('p99', 'COVERED', 10)],
            level: null,
            qualitative_feedback: 'Name the water released.',
          },
        ],
      }),
    });
    const res = await grade({ questionImage, answerImage, maxMarks: 10, markScheme: typedScheme });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();

    expect(server.requests).toHaveLength(1);
    expect(imageParts(server.requests[0])).toEqual([`data:image/png;base64,${questionImage}`, `data:image/png;base64,${answerImage}`]);
    const system = messageText(server.requests[0], 'system');
    for (const id of ['p1', 'p2', 'p3']) expect(system).toContain(`id "${id}"`);

    expect(result).toMatchObject({
      marksAwarded: 3,
      totalMarks: 4,
      schemeSource: 'Your mark scheme',
      gradedBy: 'fake-vision (OpenAI-compatible) (photo read by fake-vision)',
      answerText: 'A condensation reaction joins the amine group to the carboxyl group.',
      questionText: 'Describe how a peptide bond is formed.',
      canRemark: true,
    });
    expect(
      result.detailedBreakdown.map((s: { section: string; marksAwarded: number; maxMarks: number }) => [
        s.section,
        s.marksAwarded,
        s.maxMarks,
      ]),
    ).toEqual([
      ['B1: formed by a condensation reaction', 1, 1],
      ['B2: between the amino group of one amino acid and the carboxyl group of another', 2, 2],
      ['B1: water is released', 0, 1],
    ]);
    expect(JSON.stringify(result)).not.toContain('p99');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/teacher/grading-results', headers: teacher.headers })).json();
    expect(listed[0]).toEqual(result);
  });

  it('a bank question by id: marked against its own points only', async () => {
    const points = bankQuestion.question.markScheme;
    server.respond({
      content: JSON.stringify({
        questionText: '',
        answerText: 'My answer.',
        questions: [
          {
            number: 1,
            answer: 'My answer.',
            points: [...points.map((p) => judged(p.id, 'COVERED', 99)), judged('made-up', 'COVERED', 5)],
            level: null,
            qualitative_feedback: 'Fine.',
          },
        ],
      }),
    });
    const res = await grade({ answerImage, maxMarks: 10, questionId: bankQuestion.id });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(imageParts(server.requests[0])).toHaveLength(1);
    const system = messageText(server.requests[0], 'system');
    for (const p of points) expect(system).toContain(`id "${p.id}"`);
    expect(result.schemeSource).toBe(`Bank question ${bankQuestion.id}`);
    expect(result.totalMarks).toBe(bankQuestion.question.totalMarks);
    // Every point covered with 99 marks claimed: each point earns its own marks, the total the question's.
    expect(result.marksAwarded).toBe(bankQuestion.question.totalMarks);
    expect(
      result.detailedBreakdown.map((s: { section: string; marksAwarded: number; maxMarks: number }) => [
        s.section.split(':')[0],
        s.marksAwarded,
        s.maxMarks,
      ]),
    ).toEqual(points.map((p) => [`${p.kind}${p.marks}`, p.marks, p.marks]));
    expect(JSON.stringify(result)).not.toContain('made-up');
  });

  it('falls back to the built-in OCR and marker, labelled, when the provider fails', async () => {
    server.respond({ status: 503, message: 'The model is down' });
    const res = await grade({ questionImage, answerImage, maxMarks: 10, markScheme: typedScheme });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(server.requests).toHaveLength(1);
    expect(result.gradedBy).toBe('the built-in marker (fake-vision was unavailable) (OCR by Tesseract)');
    expect(result.totalMarks).toBe(4);
    expect(result.detailedBreakdown).toHaveLength(3);
    expect(result.answerText.toLowerCase()).toContain('condensation reaction');
    expect(result.questionText.toLowerCase()).toContain('peptide bond');
  });
});
