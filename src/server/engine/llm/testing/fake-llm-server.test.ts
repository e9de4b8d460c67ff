import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Output, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});

describe('the fake OpenAI-compatible server', () => {
  it('streams server-sent chat.completion.chunk events ending in [DONE]', async () => {
    server.respond({ content: 'A long enough reply to be sent in several chunks.' });
    const response = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map(
      (e) =>
        JSON.parse(e.replace(/^data: /, '')) as {
          object: string;
          choices: { delta: { content?: string }; finish_reason: string | null }[];
          usage?: unknown;
        },
    );
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('A long enough reply to be sent in several chunks.');
    expect(chunks.some((c) => c.choices[0]?.finish_reason === 'stop')).toBe(true);
    expect(chunks.at(-1)?.usage).toBeDefined();
  });

  it('is understood by the AI SDK when streaming text and structured output', async () => {
    const model = createOpenAICompatible({ name: 'fake', baseURL: server.baseURL, supportsStructuredOutputs: true }).chatModel(
      'fake-model',
    );
    server.respond({ content: 'Streaming works.' });
    const text = streamText({ model, prompt: 'Say something.' });
    let streamed = '';
    for await (const delta of text.textStream) streamed += delta;
    expect(streamed).toBe('Streaming works.');
    expect(server.requests.at(-1)?.body.stream).toBe(true);

    server.respond({ content: JSON.stringify({ answer: 42 }) });
    const structured = streamText({ model, prompt: 'Answer.', output: Output.object({ schema: z.object({ answer: z.number() }) }) });
    expect(await structured.output).toEqual({ answer: 42 });
    expect(server.requests.at(-1)?.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'response' } });
  });

  it('answers errors in the OpenAI shape and unknown routes with 404', async () => {
    server.respond({ status: 429, message: 'Slow down', headers: { 'retry-after': '1' } });
    const limited = await fetch(`${server.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ error: { message: 'Slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } });
    expect((await fetch(`${server.baseURL}/models`)).status).toBe(404);
  });
});
