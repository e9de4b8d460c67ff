import { readSessionToken } from './session-token';

// The plain request helpers, without the query library: the logged-out pages use only these (api-client.ts
// re-exports them for the signed-in app).

export const AUTH_REQUIRED_MESSAGE = 'Authentication required - please refresh and log in again.';

/** An error from the API: message as §8 ('status: body'), plus the status and the server's own message. */
export type ApiError = Error & { status: number; serverMessage: string | null; body?: unknown };

export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && typeof (error as Partial<ApiError>).status === 'number';
}

/** The server's explanation if it gave one, else the fallback text the screen would show. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

function looksLikeHtmlDocument(text: string): boolean {
  return /^\s*(<!doctype html|<html)/i.test(text);
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = (await res.text()) || res.statusText;
  let serverMessage: string | null = null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
    const text = (parsed as { message?: unknown } | null)?.message;
    if (typeof text === 'string') serverMessage = text;
  } catch {
    serverMessage = null;
  }
  const message = looksLikeHtmlDocument(body) ? AUTH_REQUIRED_MESSAGE : `${res.status}: ${body}`;
  throw Object.assign(new Error(message), { status: res.status, serverMessage, body: parsed });
}

export function headers(): HeadersInit {
  const token = readSessionToken();
  return { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/** Every call: JSON content type, the bearer header when a token exists, and cookies. */
export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const res = await fetch(url, {
    method,
    headers: headers(),
    body: hasBody ? JSON.stringify(data ?? {}) : undefined,
    credentials: 'include',
  });
  return readReply<T>(res);
}

async function readReply<T>(res: Response): Promise<T> {
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The global where index.html's preload script (app/page-preload-script.ts) leaves the GETs it started as the page
 * arrived, before this code had been downloaded: the session it used and each URL's response.
 */
export const PAGE_STARTED_GETS = '__markwellEarly';

interface PageStartedGets {
  token: string;
  replies: Record<string, Promise<Response> | undefined>;
}

/** The reply of a GET index.html's script started for this URL with this session, once. */
function takeStartedByPage(url: string, token: string | null): Promise<unknown> | undefined {
  const started = (globalThis as Record<string, unknown>)[PAGE_STARTED_GETS] as PageStartedGets | undefined;
  const response = started?.replies[url];
  if (!started || !response) return undefined;
  started.replies[url] = undefined;
  return started.token === token ? response.then((res) => readReply(res)) : undefined;
}

/** How long a GET started early (startEarly) waits to be taken by the screen that needs it. */
export const EARLY_GET_TTL_MS = 10_000;
const early = new Map<string, { reply: Promise<unknown>; at: number; token: string | null }>();

/**
 * Starts GET requests now, before the screen that needs them has been downloaded (a reload of the exam screen
 * asks for its questions while the session is checked and the screen's code arrives, not after), or takes over the
 * ones index.html's script already started. Each reply is kept for the first screen that asks within
 * EARLY_GET_TTL_MS, then dropped.
 */
export function startEarly(urls: readonly string[]): void {
  const now = Date.now();
  for (const url of urls) {
    const kept = early.get(url);
    const token = readSessionToken();
    if (kept && now - kept.at < EARLY_GET_TTL_MS && kept.token === token) continue;
    const reply = takeStartedByPage(url, token) ?? apiRequest('GET', url);
    reply.catch(() => undefined); // a failure is reported to whoever takes it, or ignored if no one does
    early.set(url, { reply, at: now, token });
  }
}

/** The reply of a GET started early for this URL, without taking it (to start what follows from it). */
export function peekEarly<T>(url: string): Promise<T> | undefined {
  return early.get(url)?.reply as Promise<T> | undefined;
}

/** The reply of a GET started early for this URL, once (undefined if none, too old, or asked with another session). */
export function takeEarly<T>(url: string): Promise<T> | undefined {
  const kept = early.get(url);
  if (!kept) return undefined;
  early.delete(url);
  return Date.now() - kept.at < EARLY_GET_TTL_MS && kept.token === readSessionToken() ? (kept.reply as Promise<T>) : undefined;
}
