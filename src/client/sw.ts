/**
 * The service worker (vite-plugin-pwa, injectManifest): the app shell (every built file) is precached, so the
 * app opens with no signal; a page load answers with the shell's index.html from the cache. API replies are not
 * cached, except the few GETs the exam screen needs to show a paper opened once (OFFLINE_READS): network first,
 * the last reply from the cache only when the network fails. Each cached reply is kept under the session that
 * asked for it (a hash of its bearer token), so another session at this browser never reads it; logging out or
 * signing in empties that cache. Answers written offline are kept by the page (lib/outbox.ts), not here.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';

interface SwScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
}

declare const self: SwScope;
const sw = self;

const API_CACHE = 'markwell-api';

/** The GETs a paper's exam screen makes: the session, the course, the paper, its questions, the answers. */
const OFFLINE_READS = [
  /^\/api\/users\/me$/,
  /^\/api\/courses\/[\w-]+(\/questions)?$/,
  /^\/api\/question-papers\/[\w-]+(\/questions)?$/,
  /^\/api\/user\/answers$/,
  /^\/api\/questions\/[\w-]+\/(answer|feedback)$/,
];

/** Logging out, in or away: nothing cached for one session stays for the next. */
const SESSION_CHANGES = /^\/api\/auth\/(logout|login|register)$|^\/api\/account/;

async function sessionKey(request: Request): Promise<string | null> {
  const auth = request.headers.get('Authorization');
  if (!auth) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the same index.html (the client router decides): from the precache when offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && OFFLINE_READS.some((re) => re.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      {
        // The cache key names the session; without a bearer token nothing is read or kept.
        cacheKeyWillBeUsed: async ({ request }) => {
          const key = await sessionKey(request);
          const url = new URL(request.url);
          url.searchParams.set('__session', key ?? 'none');
          return url.href;
        },
        cacheWillUpdate: async ({ request, response }) =>
          response.status === 200 && request.headers.get('Authorization') ? response : null,
      },
    ],
  }),
);

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && SESSION_CHANGES.test(url.pathname)) event.waitUntil(caches.delete(API_CACHE));
});

sw.addEventListener('install', () => void sw.skipWaiting());
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
