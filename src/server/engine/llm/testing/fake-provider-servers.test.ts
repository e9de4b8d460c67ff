import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropicServer, type FakeAnthropicServer } from './fake-anthropic-server';
import { startFakeGoogleServer, type FakeGoogleServer } from './fake-google-server';

let google: FakeGoogleServer;
let anthropic: FakeAnthropicServer;
beforeAll(async () => {
  [google, anthropic] = await Promise.all([startFakeGoogleServer(), startFakeAnthropicServer()]);
});
afterAll(async () => {
  await Promise.all([google.close(), anthropic.close()]);
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the fake Gemini server', () => {
  const generate = () => `${google.baseURL}/models/gemini-2.5-flash:generateContent`;
  const request = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };

  it('answers generateContent with a candidate and usage metadata', async () => {
    google.respond({ text: '{"ok":true}' });
    const response = await post(generate(), request, { 'x-goog-api-key': 'k' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { candidates: unknown[]; usageMetadata: Record<string, number> };
    expect(body.candidates).toEqual([{ content: { parts: [{ text: '{"ok":true}' }], role: 'model' }, finishReason: 'STOP', index: 0 }]);
    expect(body.usageMetadata.totalTokenCount).toBe(body.usageMetadata.promptTokenCount + body.usageMetadata.candidatesTokenCount);
    expect(google.requests.at(-1)).toMatchObject({ model: 'gemini-2.5-flash', body: request });
  });

  it('speaks Google errors: status codes, canonical status names, a required key, 404 for other routes', async () => {
    google.respond({ status: 429 });
    const limited = await post(generate(), request, { 'x-goog-api-key': 'k' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' },
    });
    expect((await post(generate(), request)).status).toBe(403);
    expect((await post(`${generate()}?key=k`, request)).status).toBe(429); // the key may come as ?key=
    expect((await post(`${google.baseURL}/models/gemini-2.5-flash:countTokens`, request, { 'x-goog-api-key': 'k' })).status).toBe(404);
    expect((await post(generate(), '{not json', { 'x-goog-api-key': 'k' })).status).toBe(400);
  });
});

describe('the fake Anthropic server', () => {
  const headers = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
  const request = { model: 'claude-haiku-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] };

  it('answers with a text block, or a tool_use block when a tool is forced', async () => {
    anthropic.respond({ json: { ok: true } });
    const text = (await (await post(`${anthropic.baseURL}/messages`, request, headers)).json()) as Record<string, unknown>;
    expect(text).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5',
      content: [{ type: 'text', text: '{"ok":true}' }],
      stop_reason: 'end_turn',
    });

    const withTool = { ...request, tools: [{ name: 'json', input_schema: { type: 'object' } }], tool_choice: { type: 'any' } };
    const tool = (await (await post(`${anthropic.baseURL}/messages`, withTool, headers)).json()) as Record<string, unknown>;
    expect(tool).toMatchObject({ content: [{ type: 'tool_use', name: 'json', input: { ok: true } }], stop_reason: 'tool_use' });
  });

  it('speaks Anthropic errors, including 529 overloaded, and checks the required headers and fields', async () => {
    anthropic.respond({ status: 529 });
    const overloaded = await post(`${anthropic.baseURL}/messages`, request, headers);
    expect(overloaded.status).toBe(529);
    expect(overloaded.headers.get('request-id')).toMatch(/^req_fake_/);
    expect(await overloaded.json()).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    expect((await post(`${anthropic.baseURL}/messages`, request, { 'anthropic-version': '2023-06-01' })).status).toBe(401);
    expect((await post(`${anthropic.baseURL}/messages`, request, { 'x-api-key': 'k' })).status).toBe(400);
    const missing = await post(`${anthropic.baseURL}/messages`, { ...request, max_tokens: undefined }, headers);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } });
    expect((await post(`${anthropic.baseURL}/complete`, request, headers)).status).toBe(404);
  });
});
