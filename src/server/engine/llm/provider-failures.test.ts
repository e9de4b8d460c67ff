import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markPointSchema, type Feedback, type MarkPointInput } from '../../../shared/mark-scheme';
import { createBuiltinEngine } from '../builtin/builtin-engine';
import type { Engine, QuestionForMarking } from '../engine';
import { createLlmEngine, type FallbackEvent } from './create-llm-engine';
import { parseLlmConfig } from './llm-config';
import {
  anthropicSystemText,
  anthropicUserText,
  startFakeAnthropicServer,
  type AnthropicReply,
  type FakeAnthropicServer,
} from './testing/fake-anthropic-server';
import {
  geminiSystemText,
  geminiUserText,
  startFakeGoogleServer,
  type FakeGoogleServer,
  type GeminiReply,
} from './testing/fake-google-server';

/**
 * Gemini and Claude through their real wire protocols (fake servers on 127.0.0.1), with the engine built
 * as src/server/index.ts builds it: the config parsed from AI_* variables, the built-in engine as the
 * fallback. A good structured reply is used and named; every kind of failure hands the answer to the
 * built-in marker, and the feedback says so.
 */

let google: FakeGoogleServer;
let anthropic: FakeAnthropicServer;
const builtin = createBuiltinEngine();

beforeAll(async () => {
  [google, anthropic] = await Promise.all([startFakeGoogleServer(), startFakeAnthropicServer()]);
  await builtin.warmUp?.(); // loads the marker's word vectors once, so each test stays fast
});
afterAll(async () => {
  await Promise.all([google.close(), anthropic.close()]);
});
beforeEach(() => {
  google.requests.length = 0;
  anthropic.requests.length = 0;
  google.respond({ status: 500, message: 'no responder set for this test' });
  anthropic.respond({ status: 500, message: 'no responder set for this test' });
});

/** The engine as production builds it, from the environment; the built-in engine's marker is watched. */
function engineFor(env: Record<string, string>, options: { maxRetries?: number } = { maxRetries: 0 }) {
  const config = parseLlmConfig({ AI_API_KEY: 'test-key', AI_TIMEOUT_MS: '2000', ...env });
  if (!config) throw new Error('no LLM configured');
  const fallbackCalls: string[] = [];
  const fallback: Engine = {
    ...builtin,
    async evaluateAnswer(input) {
      fallbackCalls.push('evaluateAnswer');
      return builtin.evaluateAnswer(input);
    },
  };
  const events: FallbackEvent[] = [];
  const engine = createLlmEngine({ config, fallback, maxRetries: options.maxRetries, onFallback: (e) => events.push(e) });
  return { engine, config, fallbackCalls, events };
}

const point = (input: MarkPointInput) => markPointSchema.parse(input);

const question: QuestionForMarking = {
  text: '<p>Explain how an enzyme speeds up a reaction. (4 marks)</p>',
  type: 'short_answer',
  totalMarks: 4,
  subject: 'Biology',
  topic: 'Enzymes',
  markScheme: [
    point({ id: 'p1', text: 'enzyme is a biological catalyst' }),
    point({ id: 'p2', text: 'active site is complementary to the substrate', accept: ['substrate fits the active site'] }),
    point({ id: 'p3', text: 'lowers the activation energy', marks: 2 }),
  ],
};
const answer = 'An enzyme is a biological catalyst. It lowers the activation energy of the reaction.';

const modelMarking = {
  points: [
    { point_id: 'p1', status: 'COVERED', marks_awarded: 1, justification: 'Calls the enzyme a biological catalyst.' },
    { point_id: 'p2', status: 'NOT_COVERED', marks_awarded: 0, justification: 'Does not mention the active site.' },
    { point_id: 'p3', status: 'COVERED', marks_awarded: 2, justification: 'Says it lowers the activation energy.' },
  ],
  level: null,
  qualitative_feedback: 'Good start; explain the active site to earn the last mark.',
};
const offSchemaMarking = { points: [{ point_id: 'p1', status: 'MOSTLY', justification: 'hm' }], qualitative_feedback: 'x' };
const cutOffJson = JSON.stringify(modelMarking).slice(0, 60);

/** The model's marking was used: 3 of 4, named after the model, the built-in marker not asked. */
function expectModelMarking(feedback: Feedback, label: string, run: { fallbackCalls: string[]; events: FallbackEvent[] }) {
  expect(feedback).toMatchObject({
    marks_awarded: 3,
    total_marks: 4,
    qualitative_feedback: modelMarking.qualitative_feedback,
    marked_by: label,
  });
  expect(feedback.markscheme_evaluation.map((e) => [e.point_id, e.status])).toEqual([
    ['p1', 'COVERED'],
    ['p2', 'NOT_COVERED'],
    ['p3', 'COVERED'],
  ]);
  expect(run.fallbackCalls).toEqual([]);
  expect(run.events).toEqual([]);
}

/** The built-in marker's own feedback, saying the model was unavailable, and one reported failure. */
async function expectBuiltinFallback(
  feedback: Feedback,
  model: string,
  run: { fallbackCalls: string[]; events: FallbackEvent[] },
  reason: RegExp,
) {
  const builtinFeedback = await builtin.evaluateAnswer({ question, answer });
  expect(feedback).toEqual({ ...builtinFeedback, marked_by: `the built-in marker (${model} was unavailable)` });
  expect(run.fallbackCalls).toEqual(['evaluateAnswer']);
  expect(run.events).toHaveLength(1);
  expect(run.events[0]).toMatchObject({ task: 'evaluateAnswer', failed: 'model' });
  expect(run.events[0].reason).toMatch(reason);
}

describe('Gemini (provider google) through the generateContent API', () => {
  const env = () => ({ AI_PROVIDER: 'google', AI_BASE_URL: google.baseURL });

  it('asks for JSON marking with the schema and uses a valid reply, naming the model', async () => {
    const run = engineFor(env());
    google.respond({ text: JSON.stringify(modelMarking) });
    const feedback = await run.engine.evaluateAnswer({ question, answer });

    expect(run.engine.info.label).toBe('gemini-2.5-flash (Google)');
    expectModelMarking(feedback, 'gemini-2.5-flash (Google)', run);
    expect(google.requests).toHaveLength(1);
    const [request] = google.requests;
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request.model).toBe('gemini-2.5-flash');
    expect(request.headers['x-goog-api-key']).toBe('test-key');
    expect(request.body.generationConfig).toMatchObject({ responseMimeType: 'application/json', temperature: 0 });
    const schema = request.body.generationConfig?.responseSchema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['points', 'level', 'qualitative_feedback']);
    expect(schema.required).toEqual(['points', 'level', 'qualitative_feedback']);
    // The rules and the scheme go in the system instruction; the answer alone is the user's turn.
    expect(geminiSystemText(request)).toContain('id "p2" (B, 1 mark): active site is complementary to the substrate');
    expect(geminiSystemText(request)).not.toContain('biological catalyst. It lowers');
    expect(geminiUserText(request)).toContain(`<student_answer>\n${answer}\n</student_answer>`);
  });

  const failures: [string, GeminiReply, RegExp][] = [
    ['429 RESOURCE_EXHAUSTED', { status: 429 }, /^HTTP 429$/],
    ['500 INTERNAL', { status: 500 }, /^HTTP 500$/],
    ['503 UNAVAILABLE (model overloaded)', { status: 503 }, /^HTTP 503$/],
    ['malformed JSON in the reply', { text: '{"points": [{"point_id": "p1", "status": "COV' }, /^malformed output$/],
    ['prose instead of JSON', { text: 'The student deserves full marks.' }, /^malformed output$/],
    ['JSON that does not match the schema', { text: JSON.stringify(offSchemaMarking) }, /^malformed output$/],
    ['a reply cut off at MAX_TOKENS', { text: cutOffJson, finishReason: 'MAX_TOKENS' }, /^malformed output$/],
    ['a malformed response body', { rawBody: '{"candidates": [{"content": {"parts": [{"text": "{\\"po' }, /^invalid response/],
  ];
  it.each(failures)('falls back to the built-in marker on %s', async (_name, reply, reason) => {
    const run = engineFor(env());
    google.respond(reply);
    const feedback = await run.engine.evaluateAnswer({ question, answer });
    expect(google.requests).toHaveLength(1);
    await expectBuiltinFallback(feedback, 'gemini-2.5-flash', run, reason);
  });

  it('falls back when Gemini does not answer within AI_TIMEOUT_MS', async () => {
    const run = engineFor({ ...env(), AI_TIMEOUT_MS: '300' });
    google.respond({ hang: true });
    const feedback = await run.engine.evaluateAnswer({ question, answer });
    // The timeout, not another failure, is why the built-in marker answered (the reason is checked below).
    await expectBuiltinFallback(feedback, 'gemini-2.5-flash', run, /^timed out after 300 ms$/);
  });
});

describe('Claude (provider anthropic) through the Messages API', () => {
  const env = (model?: string) => ({ AI_PROVIDER: 'anthropic', AI_BASE_URL: anthropic.baseURL, ...(model ? { AI_MODEL: model } : {}) });

  it('asks a structured-output model for a JSON schema answer and uses a valid reply, naming the model', async () => {
    const run = engineFor(env());
    anthropic.respond({ json: modelMarking });
    const feedback = await run.engine.evaluateAnswer({ question, answer });

    expect(run.engine.info.label).toBe('claude-haiku-4-5 (Anthropic)');
    expectModelMarking(feedback, 'claude-haiku-4-5 (Anthropic)', run);
    expect(anthropic.requests).toHaveLength(1);
    const [request] = anthropic.requests;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('test-key');
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.body).toMatchObject({ model: 'claude-haiku-4-5', temperature: 0, output_config: { format: { type: 'json_schema' } } });
    expect(request.body.tools).toBeUndefined(); // native structured output, no JSON tool
    expect((request.body.output_config?.format?.schema as { required: string[] }).required).toEqual([
      'points',
      'level',
      'qualitative_feedback',
    ]);
    expect(anthropicSystemText(request)).toContain('id "p3" (B, 2 marks): lowers the activation energy');
    expect(anthropicSystemText(request)).not.toContain('biological catalyst. It lowers');
    expect(anthropicUserText(request)).toContain(`<student_answer>\n${answer}\n</student_answer>`);
  });

  it('forces the json tool on a model without structured outputs and reads its tool_use input', async () => {
    const run = engineFor(env('claude-sonnet-4-0'));
    anthropic.respond({ json: modelMarking });
    const feedback = await run.engine.evaluateAnswer({ question, answer });

    expectModelMarking(feedback, 'claude-sonnet-4-0 (Anthropic)', run);
    const [request] = anthropic.requests;
    expect(request.body.output_config).toBeUndefined();
    expect(request.body.tools?.map((t) => t.name)).toEqual(['json']);
    expect(request.body.tools?.[0].input_schema).toMatchObject({ type: 'object', required: ['points', 'level', 'qualitative_feedback'] });
    expect(request.body.tool_choice).toMatchObject({ type: 'any', disable_parallel_tool_use: true });
  });

  const failures: [string, AnthropicReply, RegExp, string?][] = [
    ['429 rate_limit_error', { status: 429, headers: { 'retry-after': '0' } }, /^HTTP 429$/],
    ['529 overloaded_error', { status: 529 }, /^HTTP 529$/],
    ['500 api_error', { status: 500 }, /^HTTP 500$/],
    ['malformed JSON in the reply', { text: '{"points": [{"point_id": "p1", "status": "COV' }, /^malformed output$/],
    ['prose instead of JSON', { text: 'The student deserves full marks.' }, /^malformed output$/],
    ['JSON that does not match the schema', { json: offSchemaMarking }, /^malformed output$/],
    ['a json tool call that does not match the schema', { json: offSchemaMarking }, /^malformed output$/, 'claude-sonnet-4-0'],
    ['a reply cut off at max_tokens', { text: cutOffJson, stopReason: 'max_tokens' }, /^malformed output$/],
    [
      'a malformed response body',
      { rawBody: '{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"te' },
      /^invalid response/,
    ],
  ];
  it.each(failures)('falls back to the built-in marker on %s', async (_name, reply, reason, model) => {
    const run = engineFor(env(model));
    anthropic.respond(reply);
    const feedback = await run.engine.evaluateAnswer({ question, answer });
    expect(anthropic.requests).toHaveLength(1);
    await expectBuiltinFallback(feedback, model ?? 'claude-haiku-4-5', run, reason);
  });

  it('falls back when Claude does not answer within AI_TIMEOUT_MS', async () => {
    const run = engineFor({ ...env(), AI_TIMEOUT_MS: '300' });
    anthropic.respond({ hang: true });
    const feedback = await run.engine.evaluateAnswer({ question, answer });
    // The timeout, not another failure, is why the built-in marker answered (the reason is checked below).
    await expectBuiltinFallback(feedback, 'claude-haiku-4-5', run, /^timed out after 300 ms$/);
  });

  it('with the production retry setting, retries a 429 after its retry-after and then uses the reply', async () => {
    const run = engineFor(env(), {}); // maxRetries as in production (default 1)
    let calls = 0;
    anthropic.respond(() => (++calls === 1 ? { status: 429, headers: { 'retry-after': '0' } } : { json: modelMarking }));
    const feedback = await run.engine.evaluateAnswer({ question, answer });
    expect(anthropic.requests).toHaveLength(2);
    expectModelMarking(feedback, 'claude-haiku-4-5 (Anthropic)', run);
  });

  it('with the production retry setting, falls back once a 529 persists through the retry', async () => {
    const run = engineFor(env(), {});
    anthropic.respond({ status: 529, headers: { 'retry-after': '0' } });
    const feedback = await run.engine.evaluateAnswer({ question, answer });
    expect(anthropic.requests).toHaveLength(2);
    await expectBuiltinFallback(feedback, 'claude-haiku-4-5', run, /^HTTP 529$/);
  });
});
