import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * The server's log settings. Logs never hold a secret or a student's text: a failed query's error names
 * the statement but not its bound parameters (password hashes, e-mails, answers), a database error keeps
 * its SQLSTATE code and names but not the values it quotes, headers and bodies are never logged, and a
 * request is logged by its path without the query string (a token sent as `?token=` stays out of the log).
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    serializers: {
      req: serializeRequest,
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
    },
    redact: { paths: ['req.headers', 'res.headers', 'body', 'req.body'], remove: true },
  };
}

interface LoggedRequest {
  [key: string]: unknown;
  method: string;
  url: string;
  host?: string;
  remoteAddress?: string;
  remotePort?: number;
}

/** A request as it is logged (Fastify's own fields), its URL cut at the query string. */
function serializeRequest(request: FastifyRequest): LoggedRequest {
  return {
    method: request.method,
    url: pathOf(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** '/api/x?token=abc#f' → '/api/x'. */
function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0];
}

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  table?: string;
  column?: string;
  constraint?: string;
  stack: string;
  cause?: SafeError;
}

/** An error as it may be logged: type, a message without values, codes and names, the stack's frames. */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error value was thrown', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const type = error.name || error.constructor?.name || 'Error';
  const message = safeMessage(error);
  const safe: SafeError = { type, message, stack: `${type}: ${message}${typeof error.stack === 'string' ? framesOf(error.stack) : ''}` };
  for (const key of ['code', 'table', 'column', 'constraint'] as const) {
    if (typeof fields[key] === 'string') safe[key] = fields[key];
  }
  if (typeof fields.statusCode === 'number') safe.statusCode = fields.statusCode;
  if (error.cause !== undefined && depth < 3) safe.cause = serializeError(error.cause, depth + 1);
  return safe;
}

/** SQLSTATE classes whose messages quote the offending value: 22 data exception, 23 integrity violation. */
const VALUE_QUOTING_SQLSTATE = /^2[23]/;

function safeMessage(error: Error): string {
  const code = (error as { code?: unknown }).code;
  // Drizzle: "Failed query: <sql>\nparams: <values>" — keep the statement, drop the values.
  let message = error.message.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && VALUE_QUOTING_SQLSTATE.test(code)) {
    message = message.replace(/"[^"]*"|'[^']*'/g, '[redacted]');
  }
  return message.length > 2000 ? `${message.slice(0, 2000)}…` : message;
}

/** The "    at ..." lines of a stack: the message the stack begins with is not repeated. */
function framesOf(stack: string): string {
  const first = stack.search(/\n\s+at /);
  return first === -1 ? '' : stack.slice(first);
}
