import { jsonAnswer, startJsonHttpServer, type HttpAnswer, type RecordedJsonRequest } from './fake-json-http-server';

/**
 * A fake Gemini API (Google Generative Language API, v1beta) for tests, on 127.0.0.1: it speaks the
 * protocol as @ai-sdk/google calls it. POST /v1beta/models/{model}:generateContent with a JSON body
 * (contents, systemInstruction, generationConfig with responseMimeType / responseSchema for structured
 * output) is answered with candidates[0].content.parts[].text, finishReason and usageMetadata; errors
 * come as Google's `{ error: { code, message, status } }`. The key is required in `x-goog-api-key` (or
 * `?key=`), as the real API requires it.
 */

export interface GeminiPart {
  text?: string;
  inlineData?: { mimeType: string; data: string };
  [key: string]: unknown;
}

export interface GenerateContentRequest {
  contents: { role: 'user' | 'model'; parts: GeminiPart[] }[];
  systemInstruction?: { parts: GeminiPart[] };
  generationConfig?: {
    responseMimeType?: string;
    responseSchema?: Record<string, unknown>;
    responseJsonSchema?: Record<string, unknown>;
    temperature?: number;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface RecordedGeminiRequest extends RecordedJsonRequest<GenerateContentRequest> {
  /** From the path: 'gemini-2.5-flash'. */
  model: string;
}

export type GeminiReply =
  /** 200: one candidate whose single part is this text (a JSON string for structured output). */
  | { text: string; finishReason?: 'STOP' | 'MAX_TOKENS' | 'SAFETY' | 'RECITATION' | 'OTHER' }
  /** An error in Google's shape with this HTTP status (429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE, ...). */
  | { status: number; message?: string; headers?: Record<string, string> }
  /** Never answer (until the client gives up or the server closes). */
  | { hang: true }
  /** This raw body with this status (default 200), e.g. truncated JSON. */
  | { rawBody: string; status?: number };

export type GeminiResponder = (request: RecordedGeminiRequest) => GeminiReply | Promise<GeminiReply>;

export interface FakeGoogleServer {
  /** e.g. http://127.0.0.1:38211/v1beta — what AI_BASE_URL should be (the real one is https://generativelanguage.googleapis.com/v1beta). */
  baseURL: string;
  requests: RecordedGeminiRequest[];
  respond(responder: GeminiResponder | GeminiReply): void;
  close(): Promise<void>;
}

/** Google's canonical status for each HTTP status, with the message the real API sends. */
const googleErrors: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  403: {
    status: 'PERMISSION_DENIED',
    message: "Method doesn't allow unregistered callers. Please use API Key or other form of API consumer identity to call this API.",
  },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', message: 'An internal error has occurred.' },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  504: { status: 'DEADLINE_EXCEEDED', message: 'Deadline expired before operation could complete.' },
};

export const googleError = (code: number, message?: string, headers?: Record<string, string>): HttpAnswer => {
  const known = googleErrors[code] ?? { status: code >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION', message: 'Error' };
  return jsonAnswer(code, { error: { code, message: message ?? known.message, status: known.status } }, headers);
};

const routePattern = /^\/v1beta\/models\/([^/:]+):generateContent$/;

/** All the text of the system instruction. */
export function geminiSystemText(request: RecordedGeminiRequest): string {
  return (request.body.systemInstruction?.parts ?? []).map((p) => p.text ?? '').join('\n');
}

/** All the text of the user turns. */
export function geminiUserText(request: RecordedGeminiRequest): string {
  return request.body.contents
    .filter((c) => c.role === 'user')
    .flatMap((c) => c.parts.map((p) => p.text ?? ''))
    .join('\n');
}

export async function startFakeGoogleServer(
  initial: GeminiResponder | GeminiReply = { text: 'Hello from the fake Gemini.' },
): Promise<FakeGoogleServer> {
  let responder: GeminiResponder = typeof initial === 'function' ? initial : () => initial;
  const requests: RecordedGeminiRequest[] = [];
  let sequence = 0;

  const http = await startJsonHttpServer(
    async (req) => {
      const match = routePattern.exec(req.path);
      if (req.method !== 'POST' || !match) return googleError(404, `Unknown route ${req.method} ${req.path}`);
      if (!req.headers['x-goog-api-key'] && !req.query.get('key')) return googleError(403);
      const body = req.body as GenerateContentRequest | undefined;
      if (!body || !Array.isArray(body.contents) || body.contents.length === 0)
        return googleError(400, '* GenerateContentRequest.contents: contents is not specified');

      const recorded: RecordedGeminiRequest = { ...req, body, model: decodeURIComponent(match[1]) };
      requests.push(recorded);
      const reply = await responder(recorded);
      sequence += 1;

      if ('hang' in reply) return reply;
      if ('status' in reply && !('rawBody' in reply)) return googleError(reply.status, reply.message, reply.headers);
      if ('rawBody' in reply)
        return { status: reply.status ?? 200, body: reply.rawBody, headers: { 'content-type': 'application/json; charset=utf-8' } };

      const promptTokenCount = 40 + Math.ceil(JSON.stringify(body.contents).length / 4);
      const candidatesTokenCount = Math.ceil(reply.text.length / 4);
      return jsonAnswer(200, {
        candidates: [
          {
            content: { parts: [{ text: reply.text }], role: 'model' },
            finishReason: reply.finishReason ?? 'STOP',
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount,
          candidatesTokenCount,
          totalTokenCount: promptTokenCount + candidatesTokenCount,
          promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokenCount }],
        },
        modelVersion: recorded.model,
        responseId: `fake-gemini-${sequence}`,
      });
    },
    (message) => googleError(400, message),
  );

  return {
    baseURL: `${http.origin}/v1beta`,
    requests,
    respond(next) {
      responder = typeof next === 'function' ? next : () => next;
    },
    close: http.close,
  };
}
