import { describe, expect, it } from 'vitest';
import { markPointSchema } from '../../../shared/mark-scheme';
import { createLanguageModel, describeProvider, type FetchFunction } from './create-language-model';
import { createLlmEngine } from './create-llm-engine';
import { parseLlmConfig, type LlmConfig } from './llm-config';
import { createFakeFallbackEngine } from './testing/fake-fallback-engine';

describe('createLanguageModel', () => {
  it('uses Chat Completions for OpenAI and compatible servers, and each provider’s own API otherwise', () => {
    const make = (env: Record<string, string>) => createLanguageModel(parseLlmConfig(env)!);
    const asModel = (m: unknown) => m as { provider: string; modelId: string };
    expect(asModel(make({ AI_PROVIDER: 'openai', AI_API_KEY: 'k' }))).toMatchObject({ provider: 'openai.chat', modelId: 'gpt-4o-mini' });
    expect(asModel(make({ AI_PROVIDER: 'google', AI_API_KEY: 'k' })).provider).toMatch(/^google/);
    expect(asModel(make({ AI_PROVIDER: 'anthropic', AI_API_KEY: 'k' })).provider).toMatch(/^anthropic/);
    expect(
      asModel(make({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1' })),
    ).toMatchObject({
      provider: 'openai-compatible.chat',
      modelId: 'llama3.1',
    });
  });

  it('names the provider as the UI shows it', () => {
    const compatible = (baseURL: string): LlmConfig => ({ provider: 'openai-compatible', model: 'm', baseURL, timeoutMs: 1000 });
    expect(describeProvider(compatible('http://localhost:11434/v1'))).toBe('Ollama');
    expect(describeProvider(compatible('https://ollama.internal/v1'))).toBe('Ollama');
    expect(describeProvider(compatible('http://vllm:8000/v1'))).toBe('OpenAI-compatible');
    expect(describeProvider({ provider: 'google', model: 'g', timeoutMs: 1 })).toBe('Google');
  });
});

describe('every provider sends its key to AI_BASE_URL', () => {
  const question = {
    text: '<p>Explain.</p>',
    type: 'short_answer' as const,
    totalMarks: 1,
    markScheme: [markPointSchema.parse({ id: 'p1', text: 'enzyme' })],
  };
  const cases: [Record<string, string>, string, [string, string]][] = [
    [{ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-o' }, 'https://gw.example/v1/chat/completions', ['authorization', 'Bearer sk-o']],
    [
      { AI_PROVIDER: 'google', GOOGLE_GENERATIVE_AI_API_KEY: 'g-key' },
      'https://gw.example/v1/models/gemini-2.5-flash:generateContent',
      ['x-goog-api-key', 'g-key'],
    ],
    [{ AI_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'a-key' }, 'https://gw.example/v1/messages', ['x-api-key', 'a-key']],
    [
      { AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.1', AI_API_KEY: 'c-key' },
      'https://gw.example/v1/chat/completions',
      ['authorization', 'Bearer c-key'],
    ],
  ];
  it.each(cases)('%o', async (env, url, [header, value]) => {
    const seen: { url: string; headers: Headers }[] = [];
    const fetch: FetchFunction = async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers) });
      return new Response(JSON.stringify({ error: { message: 'unavailable' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    };
    const config = parseLlmConfig({ ...env, AI_BASE_URL: 'https://gw.example/v1' })!;
    const engine = createLlmEngine({ config, fallback: createFakeFallbackEngine(), fetch, maxRetries: 0, onFallback: () => {} });
    const feedback = await engine.evaluateAnswer({ question, answer: 'an enzyme' });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe(url);
    expect(seen[0].headers.get(header)).toBe(value);
    expect(feedback.marked_by).toBe(`the built-in marker (${config.model} was unavailable)`);
  });
});

describe('structured marking through the Anthropic and Gemini APIs', () => {
  const question = {
    text: '<p>Explain.</p>',
    type: 'short_answer' as const,
    totalMarks: 2,
    markScheme: [markPointSchema.parse({ id: 'p1', text: 'enzyme' }), markPointSchema.parse({ id: 'p2', text: 'substrate' })],
  };
  const marking = JSON.stringify({
    points: [
      { point_id: 'p1', status: 'COVERED', marks_awarded: 1, justification: 'names the enzyme' },
      { point_id: 'p2', status: 'NOT_COVERED', marks_awarded: 0, justification: 'no substrate' },
    ],
    level: null,
    qualitative_feedback: 'Mention the substrate.',
  });
  const replies: Record<string, unknown> = {
    anthropic: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5',
      content: [{ type: 'text', text: marking }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 50, output_tokens: 40 },
    },
    google: {
      candidates: [{ content: { parts: [{ text: marking }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 40, totalTokenCount: 90 },
    },
  };

  it.each([
    ['anthropic', 'claude-haiku-4-5 (Anthropic)'],
    ['google', 'gemini-2.5-flash (Google)'],
  ])('%s', async (provider, label) => {
    const bodies: Record<string, unknown>[] = [];
    const fetch: FetchFunction = async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(JSON.stringify(replies[provider]), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const config = parseLlmConfig({ AI_PROVIDER: provider, AI_API_KEY: 'k', AI_BASE_URL: 'https://gw.example/v1' })!;
    const engine = createLlmEngine({
      config,
      fallback: createFakeFallbackEngine(),
      fetch,
      maxRetries: 0,
      onFallback: (e) => console.error(e.error),
    });
    const feedback = await engine.evaluateAnswer({ question, answer: 'an enzyme' });
    expect(feedback).toMatchObject({ marks_awarded: 1, total_marks: 2, qualitative_feedback: 'Mention the substrate.', marked_by: label });
    // The rules travel as the provider's system instruction; the answer alone as the user's turn.
    const body = JSON.stringify(bodies[0]);
    expect(body).toContain(
      provider === 'anthropic' ? '"system":[{"type":"text","text":"You are an experienced A-Level examiner' : '"systemInstruction"',
    );
    expect(body).toContain('<student_answer>\\nan enzyme\\n</student_answer>');
  });
});
