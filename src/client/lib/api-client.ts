import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest, headers, isApiError, takeEarly, throwIfNotOk } from './api-request';
import { readSessionToken } from './session-token';
import { urlFromQueryKey } from './api/query-keys';

/** A GET of raw bytes (a stored file): the same bearer header, cookies and errors as apiRequest. */
export async function apiDownload(url: string): Promise<ArrayBuffer> {
  const token = readSessionToken();
  const res = await fetch(url, { method: 'GET', headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  await throwIfNotOk(res);
  return res.arrayBuffer();
}

/** A POST whose answer is a file (e.g. a PDF): the same headers, cookies and errors as apiRequest. */
export async function apiPostForFile(url: string, data: unknown): Promise<{ blob: Blob; headers: Headers }> {
  const res = await fetch(url, { method: 'POST', headers: headers(), body: JSON.stringify(data ?? {}), credentials: 'include' });
  await throwIfNotOk(res);
  return { blob: await res.blob(), headers: res.headers };
}

/** One server-sent event of a streamed answer: its name and its JSON data. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * A POST answered with server-sent events (text/event-stream): each event goes to `onEvent` as it arrives.
 * The same headers, cookies and errors as apiRequest for anything refused before the stream starts.
 */
export async function apiPostStream(url: string, data: unknown, onEvent: (event: StreamEvent) => void): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers(), Accept: 'text/event-stream' },
    body: JSON.stringify(data ?? {}),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  if (!res.body) throw new Error('The reply could not be read.');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const flush = (block: string) => {
    const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
    const lines = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]);
    if (lines.length) onEvent({ event, data: JSON.parse(lines.join('\n')) as unknown });
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      flush(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  }
  if (buffer.trim()) flush(buffer);
}

export { urlFromQueryKey };

export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      const url = urlFromQueryKey(queryKey);
      return await (takeEarly<T>(url) ?? apiRequest<T>('GET', url));
    } catch (error) {
      if (options.on401 === 'returnNull' && isApiError(error) && error.status === 401) return null;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        // Asked even when the browser says it is offline: the service worker may answer from its cache (sw.ts).
        networkMode: 'offlineFirst',
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
