import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server for tests, speaking the real Chat Completions protocol on 127.0.0.1:
 * POST /v1/chat/completions answers with a `chat.completion` JSON body, or with `stream: true` with
 * server-sent `chat.completion.chunk` events ending in `data: [DONE]`. What it answers is decided per
 * request by a responder the test sets; every request is recorded for the test to inspect.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | Array<{ type: string; text?: string; image_url?: { url: string } }> | null;
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  response_format?:
    | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } }
    | { type: 'json_object' | 'text' };
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatCompletionRequest;
}

export type FakeReply =
  /** 200 with this assistant message content (a JSON string for structured output). */
  | { content: string; finishReason?: 'stop' | 'length' }
  /** An OpenAI-style error body with this status, e.g. 429 or 500. */
  | { status: number; message: string; headers?: Record<string, string> }
  /** Never answer (until the client gives up or the server closes). */
  | { hang: true }
  /** A 200 whose body is this raw text (e.g. truncated JSON). */
  | { rawBody: string };

export type Responder = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeLlmServer {
  /** e.g. http://127.0.0.1:38211/v1 — what AI_BASE_URL should be. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Replace the responder for the following requests. */
  respond(responder: Responder | FakeReply): void;
  close(): Promise<void>;
}

const errorTypes: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
  500: { type: 'server_error', code: null },
  503: { type: 'server_error', code: null },
};

function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((part) => part.text ?? '').join('\n');
}

/** All the text of the messages with this role, joined. */
export function messageText(request: RecordedRequest, role: ChatMessage['role']): string {
  return request.body.messages
    .filter((m) => m.role === role)
    .map(textOf)
    .join('\n');
}

/** The structured-output schema the client sent, if any. */
export function requestedSchema(request: RecordedRequest): Record<string, unknown> | undefined {
  const format = request.body.response_format;
  return format && format.type === 'json_schema' ? format.json_schema.schema : undefined;
}

export async function startFakeLlmServer(
  initial: Responder | FakeReply = { content: 'Hello from the fake model.' },
): Promise<FakeLlmServer> {
  let responder: Responder = typeof initial === 'function' ? initial : () => initial;
  const requests: RecordedRequest[] = [];
  let sequence = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '/').split('?')[0];
        if (req.method !== 'POST' || path !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `Unknown route ${req.method} ${path}`, type: 'invalid_request_error', code: null } }));
          return;
        }
        let body: ChatCompletionRequest;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest;
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'Request body is not JSON', type: 'invalid_request_error', code: null } }));
          return;
        }
        const recorded: RecordedRequest = { method: req.method, path, headers: req.headers, body };
        requests.push(recorded);
        const reply = await responder(recorded);
        sequence += 1;
        const id = `chatcmpl-fake-${sequence}`;
        const created = Math.floor(Date.now() / 1000);

        if ('hang' in reply) return; // the socket stays open until the client aborts or close() runs
        if ('status' in reply) {
          const kind = errorTypes[reply.status] ?? { type: 'server_error', code: null };
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(JSON.stringify({ error: { message: reply.message, type: kind.type, param: null, code: kind.code } }));
          return;
        }
        if ('rawBody' in reply) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(reply.rawBody);
          return;
        }
        const finishReason = reply.finishReason ?? 'stop';
        const usage = {
          prompt_tokens: 42,
          completion_tokens: Math.ceil(reply.content.length / 4),
          total_tokens: 42 + Math.ceil(reply.content.length / 4),
        };
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id,
              object: 'chat.completion',
              created,
              model: body.model,
              system_fingerprint: 'fp_fake',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: reply.content, refusal: null },
                  logprobs: null,
                  finish_reason: finishReason,
                },
              ],
              usage,
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_fake', choices, ...extra })}\n\n`;
        res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]));
        // Send the content in small pieces, as a real server does.
        for (let i = 0; i < reply.content.length; i += 16)
          res.write(chunk([{ index: 0, delta: { content: reply.content.slice(i, i + 16) }, logprobs: null, finish_reason: null }]));
        res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]));
        const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
        if (streamOptions?.include_usage) res.write(chunk([], { usage }));
        res.end('data: [DONE]\n\n');
      })().catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Fake server responder failed: ${String(error)}`, type: 'server_error', code: null } }));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    respond(next) {
      responder = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
