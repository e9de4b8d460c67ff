import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP plumbing shared by the fake provider servers (fake-google-server.ts, fake-anthropic-server.ts):
 * listens on 127.0.0.1 on a free port, parses each JSON request body, records it, and sends whatever the
 * provider-specific handler decides, or nothing at all (a hung request, until the client aborts or the
 * server closes).
 */

export interface RecordedJsonRequest<Body = Record<string, unknown>> {
  method: string;
  /** Without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Body;
}

export type HttpAnswer = { status: number; body: string; headers?: Record<string, string> } | { hang: true };

export interface JsonHttpServer {
  /** e.g. http://127.0.0.1:38211 */
  origin: string;
  close(): Promise<void>;
}

export const jsonAnswer = (status: number, value: unknown, headers: Record<string, string> = {}): HttpAnswer => ({
  status,
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
});

export async function startJsonHttpServer(
  handle: (request: RecordedJsonRequest<unknown>) => HttpAnswer | Promise<HttpAnswer>,
  onError: (message: string) => HttpAnswer,
): Promise<JsonHttpServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = undefined;
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            return onError('Request body is not valid JSON');
          }
        }
        return handle({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      })()
        .catch((error: unknown) => onError(`Fake server handler failed: ${String(error)}`))
        .then((answer) => {
          if ('hang' in answer) return; // the socket stays open until the client aborts or close() runs
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
