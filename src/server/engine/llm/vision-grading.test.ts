import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markPointSchema, type MarkPointInput } from '../../../shared/mark-scheme';
import type { GradingQuestion } from '../../../shared/teacher';
import { createLlmEngine, type FallbackEvent } from './create-llm-engine';
import { parseLlmConfig } from './llm-config';
import { anthropicSystemText, startFakeAnthropicServer, type FakeAnthropicServer } from './testing/fake-anthropic-server';
import { createFakeFallbackEngine } from './testing/fake-fallback-engine';
import { messageText, requestedSchema, startFakeLlmServer, type FakeLlmServer, type RecordedRequest } from './testing/fake-llm-server';

// The LLM engine grading a photographed answer sheet against a scheme the teacher chose, against a fake
// OpenAI-compatible server: the model reads the images and judges the scheme's own points; the marks are the code's.
const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../builtin/ocr/fixtures', name));
const questionImage = fixture('question-sheet.png');
const answerImage = fixture('answer-sheet.png');

let server: FakeLlmServer;
let anthropic: FakeAnthropicServer;
beforeAll(async () => {
  [server, anthropic] = await Promise.all([startFakeLlmServer(), startFakeAnthropicServer()]);
});
afterAll(async () => {
  await Promise.all([server.close(), anthropic.close()]);
});
beforeEach(() => {
  server.requests.length = 0;
  server.respond({ status: 500, message: 'no responder set for this test' });
});

function setup() {
  const fallback = createFakeFallbackEngine();
  const events: FallbackEvent[] = [];
  const engine = createLlmEngine({
    config: { provider: 'openai-compatible', model: 'fake-vision', baseURL: server.baseURL, timeoutMs: 3000 },
    fallback,
    tools: fallback.tools,
    maxRetries: 0,
    onFallback: (e) => events.push(e),
  });
  return { engine, fallback, events };
}

const point = (input: MarkPointInput) => markPointSchema.parse(input);

const enzymes: GradingQuestion = {
  number: 1,
  ref: 'typed',
  text: 'Explain how an enzyme speeds up a reaction.',
  type: 'short_answer',
  totalMarks: 4,
  markScheme: [
    point({ id: 'cat', text: 'enzyme is a biological catalyst' }),
    point({ id: 'site', text: 'active site is complementary to the substrate' }),
    point({ id: 'ea', text: 'lowers the activation energy', marks: 2 }),
  ],
};

const waves: GradingQuestion = {
  number: 2,
  ref: 'bank:waves-01',
  text: 'A wave has frequency 170 Hz and wavelength 2.0 m. Calculate its speed.',
  type: 'short_answer',
  totalMarks: 2,
  markScheme: [
    point({ id: 'm1', kind: 'M', text: 'uses v = f λ' }),
    point({ id: 'a1', kind: 'A', text: 'speed = 340 m s^-1', depends_on: 'm1', numeric: { value: 340, unit: 'm s^-1' } }),
  ],
};

const judged = (id: string, status: string, marks_awarded: number | null = null) => ({
  point_id: id,
  status,
  marks_awarded,
  justification: `The sheet says "${id}" (${status}).`,
});

const reply = (value: unknown) => ({ content: JSON.stringify(value) });

function imageParts(request: RecordedRequest): string[] {
  return request.body.messages.flatMap((m) =>
    Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url) : [],
  );
}

describe('gradePages with a vision model', () => {
  it('sends both images and the scheme point ids; an invented point and inflated marks are dropped and clamped', async () => {
    const { engine, fallback, events } = setup();
    server.respond(
      reply({
        questionText: 'Explain how an enzyme speeds up a reaction.',
        answerText: 'An enzyme is a biological catalyst. It lowers the activation energy.',
        questions: [
          {
            number: 1,
            answer: 'An enzyme is a biological catalyst. It lowers the activation energy.',
            points: [
              judged('cat', 'COVERED', 25),
              judged('site', 'NOT_COVERED', 0),
              judged('ea', 'COVERED', 2),
              judged('invented-bonus', 'COVERED', 10),
            ],
            level: null,
            qualitative_feedback: 'Good start; say how the substrate fits the active site.',
          },
          // A question the scheme does not have.
          { number: 9, answer: 'extra', points: [judged('x', 'COVERED', 5)], level: null, qualitative_feedback: 'x' },
        ],
      }),
    );
    const result = await engine.gradePages({ pages: [answerImage], questionImage, scheme: { questions: [enzymes], printed: null } });

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0];
    expect(imageParts(request)).toEqual([
      `data:image/png;base64,${questionImage.toString('base64')}`,
      `data:image/png;base64,${answerImage.toString('base64')}`,
    ]);
    const system = messageText(request, 'system');
    for (const id of ['cat', 'site', 'ea']) expect(system).toContain(`id "${id}"`);
    expect(system).toContain('Never add points, sections or marks of your own');
    expect(JSON.stringify(requestedSchema(request))).toContain('point_id');

    expect(events).toEqual([]);
    expect(fallback.calls.map((c) => c.method)).toEqual([]); // no numeric points: the built-in marker is not asked
    expect(result.readBy).toBe('photo read by fake-vision');
    expect(result.answerText).toContain('biological catalyst');
    expect(result.questions).toHaveLength(1);
    const feedback = result.questions[0].feedback!;
    expect(feedback.markscheme_evaluation.map((e) => e.point_id)).toEqual(['cat', 'site', 'ea']);
    expect(feedback.markscheme_evaluation.map((e) => e.marks_awarded)).toEqual([1, 0, 2]);
    expect(feedback.marks_awarded).toBe(3);
    expect(feedback.total_marks).toBe(4);
    expect(feedback.marked_by).toBe('fake-vision (OpenAI-compatible)');
  });

  it('marks each question of a sheet by its own points; numeric points by the built-in marker, a correct value earning its M', async () => {
    const { engine, fallback } = setup();
    server.respond(
      reply({
        questionText: '',
        answerText: '1. It is a catalyst.\n2. 340',
        questions: [
          { number: 2, answer: '340', points: [judged('m1', 'NOT_COVERED', 0)], level: null, qualitative_feedback: 'Show v = f λ.' },
          { number: 1, answer: 'It is a catalyst.', points: [judged('cat', 'COVERED')], level: null, qualitative_feedback: 'Brief.' },
        ],
      }),
    );
    const result = await engine.gradePages({
      pages: [answerImage],
      questionImage: null,
      scheme: { questions: [enzymes, waves], printed: null },
    });

    const request = server.requests[0];
    expect(imageParts(request)).toHaveLength(1);
    const system = messageText(request, 'system');
    expect(system).toContain('### Question 2');
    expect(system).toContain('id "m1"');
    expect(system).not.toContain('id "a1"'); // the numeric point is checked in code, not judged

    const [q1, q2] = result.questions;
    expect(q1).toMatchObject({ number: 1, answer: 'It is a catalyst.' });
    expect(q1.feedback!.marks_awarded).toBe(1);
    expect(q1.feedback!.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'NOT_COVERED', 'NOT_COVERED']);
    // The right value: the question does not ask for working, so it earns the method mark the model did not see shown.
    expect(fallback.calls.filter((c) => c.method === 'evaluateAnswer')).toHaveLength(1);
    const [m1, a1] = q2.feedback!.markscheme_evaluation;
    expect(a1).toMatchObject({ status: 'COVERED', marks_awarded: 1, rule: 'value', confidence: 1 });
    expect(m1).toMatchObject({ status: 'COVERED', marks_awarded: 1, rule: 'implied-method', note: 'implied by a correct value' });
    expect(q2.feedback!.marks_awarded).toBe(2);
    expect(q2.feedback!.marked_by).toBe('fake-vision (OpenAI-compatible) + the built-in marker');
  });

  it('holds a levels-marked answer to the level range the scheme gives', async () => {
    const { engine } = setup();
    const essay: GradingQuestion = {
      ...enzymes,
      totalMarks: 6,
      schemeRules: {
        levels: [
          { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Basic' },
          { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Clear' },
          { level: 3, min_marks: 5, max_marks: 6, descriptor: 'Detailed' },
        ],
      },
    };
    server.respond(
      reply({
        questionText: '',
        answerText: 'A catalyst with an active site.',
        questions: [
          {
            number: 1,
            answer: 'A catalyst with an active site.',
            points: [judged('cat', 'COVERED'), judged('site', 'COVERED')],
            level: { level: 2, marks: 40 },
            qualitative_feedback: 'Clear.',
          },
        ],
      }),
    );
    const result = await engine.gradePages({ pages: [answerImage], questionImage: null, scheme: { questions: [essay], printed: null } });
    expect(result.questions[0].feedback).toMatchObject({ marks_awarded: 4, total_marks: 6, level: { level: 2 } });
  });

  it.each([
    ['the provider fails', { status: 500, message: 'The model is down' }],
    ['the model judges none of the points', reply({ questionText: '', answerText: 'x', questions: [] })],
    ['the output is not JSON', { rawBody: '{"id": "chatcmpl-broken", "choices": [' }],
  ])('falls back to the built-in reader and marker, labelled, when %s', async (_, failure) => {
    const { engine, fallback, events } = setup();
    server.respond(failure);
    const result = await engine.gradePages({ pages: [answerImage], questionImage, scheme: { questions: [enzymes], printed: null } });

    expect(events).toMatchObject([{ task: 'gradePages', failed: 'model' }]);
    const read = fallback.calls.find((c) => c.method === 'readSheets')!.input as { images: Buffer[] };
    expect(read.images).toEqual([answerImage, questionImage]);
    expect(result).toMatchObject({
      answerText: 'Built-in OCR text.',
      questionText: 'Built-in OCR text.',
      readBy: 'OCR by the fake reader',
    });
    expect(result.questions[0].feedback!.marked_by).toBe('the built-in marker (fake-vision was unavailable)');
    expect(result.questions[0].feedback!.markscheme_evaluation.map((e) => e.point_id)).toEqual(['cat', 'site', 'ea']);
  });

  it('speaks to Claude too: both images as image blocks, the point ids in the system prompt, the marks the scheme allows', async () => {
    const fallback = createFakeFallbackEngine();
    const config = parseLlmConfig({
      AI_PROVIDER: 'anthropic',
      AI_BASE_URL: anthropic.baseURL,
      AI_API_KEY: 'test-key',
      AI_TIMEOUT_MS: '3000',
    })!;
    const engine = createLlmEngine({ config, fallback, maxRetries: 0, onFallback: () => undefined });
    anthropic.respond({
      json: {
        questionText: 'Q',
        answerText: 'Lowers the activation energy.',
        questions: [
          {
            number: 1,
            answer: 'Lowers the activation energy.',
            points: [
              judged('ea', 'COVERED', 9),
              judged('cat', 'NOT_COVERED'),
              judged('site', 'NOT_COVERED'),
              judged('bonus', 'COVERED', 3),
            ],
            level: null,
            qualitative_feedback: 'Name the catalyst.',
          },
        ],
      },
    });
    const result = await engine.gradePages({ pages: [answerImage], questionImage, scheme: { questions: [enzymes], printed: null } });
    const request = anthropic.requests.at(-1)!;
    const blocks = request.body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    expect(blocks.filter((b) => b.type === 'image')).toHaveLength(2);
    for (const id of ['cat', 'site', 'ea']) expect(anthropicSystemText(request)).toContain(`id "${id}"`);
    expect(result.questions[0].feedback).toMatchObject({ marks_awarded: 2, total_marks: 4, marked_by: `${config.model} (Anthropic)` });
    expect(result.questions[0].feedback!.markscheme_evaluation.map((e) => e.point_id)).toEqual(['cat', 'site', 'ea']);
  });
});
