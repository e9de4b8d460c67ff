import { jsonAnswer, startJsonHttpServer, type HttpAnswer, type RecordedJsonRequest } from './fake-json-http-server';

/**
 * A fake Anthropic Messages API for tests, on 127.0.0.1: it speaks the protocol as @ai-sdk/anthropic
 * calls it. POST /v1/messages (x-api-key and anthropic-version required) is answered with a `message`:
 * content blocks (`text` or `tool_use`), stop_reason and usage; errors come as Anthropic's
 * `{ type: 'error', error: { type, message } }`, including 529 overloaded_error.
 *
 * Structured output reaches the API in one of two ways, depending on the model: models with native
 * structured outputs (claude-haiku-4-5, claude-sonnet-4-5, ...) get `output_config.format` (a JSON schema)
 * and answer with the JSON as a text block; older models (claude-3-x, claude-sonnet-4-0) get a forced
 * tool named `json` and answer with a `tool_use` block whose `input` is the object. A `{ json }` reply
 * is delivered the way the request asked for it.
 */

export type AnthropicContentBlock =
  | { type: 'text'; text: string; [key: string]: unknown }
  | { type: 'image'; source: unknown; [key: string]: unknown }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: unknown };

export interface MessagesRequest {
  model: string;
  max_tokens: number;
  system?: string | { type: 'text'; text: string }[];
  messages: { role: 'user' | 'assistant'; content: string | AnthropicContentBlock[] }[];
  temperature?: number;
  tools?: { name: string; description?: string; input_schema: Record<string, unknown>; [key: string]: unknown }[];
  tool_choice?: { type: 'auto' | 'any' | 'tool' | 'none'; name?: string; disable_parallel_tool_use?: boolean };
  output_config?: { format?: { type: 'json_schema'; schema: Record<string, unknown> }; [key: string]: unknown };
  stream?: boolean;
  [key: string]: unknown;
}

export type RecordedAnthropicRequest = RecordedJsonRequest<MessagesRequest>;

export type AnthropicStopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';

export type AnthropicReply =
  /** 200: the model's structured answer, as a text block (output_config.format) or a tool_use block (forced tool). */
  | { json: unknown }
  /** 200: one text block with exactly this text (e.g. malformed JSON, or prose). */
  | { text: string; stopReason?: AnthropicStopReason }
  /** An error in Anthropic's shape: 429 rate_limit_error, 500 api_error, 529 overloaded_error, ... */
  | { status: number; message?: string; headers?: Record<string, string> }
  /** Never answer (until the client gives up or the server closes). */
  | { hang: true }
  /** This raw body with this status (default 200), e.g. truncated JSON. */
  | { rawBody: string; status?: number };

export type AnthropicResponder = (request: RecordedAnthropicRequest) => AnthropicReply | Promise<AnthropicReply>;

export interface FakeAnthropicServer {
  /** e.g. http://127.0.0.1:38211/v1 — what AI_BASE_URL should be (the real one is https://api.anthropic.com/v1). */
  baseURL: string;
  requests: RecordedAnthropicRequest[];
  respond(responder: AnthropicResponder | AnthropicReply): void;
  close(): Promise<void>;
}

/** Anthropic's error type for each HTTP status, with the message the real API sends. */
const anthropicErrors: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: { type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' },
  404: { type: 'not_found_error', message: 'Not found.' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit.' },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

let requestIds = 0;

export const anthropicError = (status: number, message?: string, headers: Record<string, string> = {}): HttpAnswer => {
  const known = anthropicErrors[status] ?? { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: 'Error' };
  requestIds += 1;
  return jsonAnswer(
    status,
    { type: 'error', error: { type: known.type, message: message ?? known.message } },
    { 'request-id': `req_fake_${requestIds}`, ...headers },
  );
};

function blocksText(content: string | AnthropicContentBlock[]): string {
  if (typeof content === 'string') return content;
  return content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
}

/** All the text of the system prompt. */
export function anthropicSystemText(request: RecordedAnthropicRequest): string {
  const system = request.body.system;
  if (!system) return '';
  return typeof system === 'string' ? system : system.map((b) => b.text).join('\n');
}

/** All the text of the user turns. */
export function anthropicUserText(request: RecordedAnthropicRequest): string {
  return request.body.messages
    .filter((m) => m.role === 'user')
    .map((m) => blocksText(m.content))
    .join('\n');
}

/** The tool the request forces the model to call, if any (tool_choice 'tool', or 'any' with one tool). */
export function forcedTool(request: RecordedAnthropicRequest): string | undefined {
  const choice = request.body.tool_choice;
  if (choice?.type === 'tool') return choice.name;
  if (choice?.type === 'any') return request.body.tools?.[0]?.name;
  return undefined;
}

/** The request body, or the error the real API gives for it. */
function validate(req: RecordedJsonRequest<unknown>): { body: MessagesRequest } | { error: HttpAnswer } {
  const fail = (status: number, message: string) => ({ error: anthropicError(status, message) });
  if (!req.headers['x-api-key']) return fail(401, 'x-api-key header is required');
  if (!req.headers['anthropic-version']) return fail(400, 'anthropic-version: header is required');
  const body = req.body as Partial<MessagesRequest> | undefined;
  if (!body || typeof body !== 'object') return fail(400, 'Request body must be a JSON object');
  if (typeof body.model !== 'string') return fail(400, 'model: Field required');
  if (typeof body.max_tokens !== 'number') return fail(400, 'max_tokens: Field required');
  if (!Array.isArray(body.messages) || body.messages.length === 0) return fail(400, 'messages: Field required');
  if (body.messages[0].role !== 'user') return fail(400, 'messages: first message must use the "user" role');
  if (body.stream) return fail(400, 'stream: this fake answers non-streaming requests only');
  const choice = body.tool_choice;
  if (choice?.type === 'tool' && !body.tools?.some((t) => t.name === choice.name))
    return fail(400, `tool_choice: tool '${choice.name}' not found in tools`);
  return { body: body as MessagesRequest };
}

export async function startFakeAnthropicServer(
  initial: AnthropicResponder | AnthropicReply = { text: 'Hello from the fake Claude.' },
): Promise<FakeAnthropicServer> {
  let responder: AnthropicResponder = typeof initial === 'function' ? initial : () => initial;
  const requests: RecordedAnthropicRequest[] = [];
  let sequence = 0;

  const http = await startJsonHttpServer(
    async (req) => {
      if (req.method !== 'POST' || req.path !== '/v1/messages') return anthropicError(404, `Unknown route ${req.method} ${req.path}`);
      const validated = validate(req);
      if ('error' in validated) return validated.error;
      const checked = validated.body;

      const recorded: RecordedAnthropicRequest = { ...req, body: checked };
      requests.push(recorded);
      const reply = await responder(recorded);
      sequence += 1;

      if ('hang' in reply) return reply;
      if ('rawBody' in reply) return { status: reply.status ?? 200, body: reply.rawBody, headers: { 'content-type': 'application/json' } };
      if ('status' in reply) return anthropicError(reply.status, reply.message, reply.headers);

      let content: AnthropicContentBlock[];
      let stopReason: AnthropicStopReason;
      const tool = forcedTool(recorded);
      if ('json' in reply && tool) {
        content = [{ type: 'tool_use', id: `toolu_fake_${sequence}`, name: tool, input: reply.json }];
        stopReason = 'tool_use';
      } else {
        const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
        content = [{ type: 'text', text }];
        stopReason = 'json' in reply ? 'end_turn' : (reply.stopReason ?? 'end_turn');
      }
      const inputTokens = 40 + Math.ceil(JSON.stringify(checked.messages).length / 4);
      return jsonAnswer(
        200,
        {
          id: `msg_fake_${sequence}`,
          type: 'message',
          role: 'assistant',
          model: checked.model,
          content,
          stop_reason: stopReason,
          stop_sequence: null,
          usage: {
            input_tokens: inputTokens,
            output_tokens: Math.ceil(JSON.stringify(content).length / 4),
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          },
        },
        { 'request-id': `req_fake_msg_${sequence}` },
      );
    },
    (message) => anthropicError(400, message),
  );

  return {
    baseURL: `${http.origin}/v1`,
    requests,
    respond(next) {
      responder = typeof next === 'function' ? next : () => next;
    },
    close: http.close,
  };
}
