import type { FastifyRequest } from 'fastify';
import { AUTH_TEXT } from '../shared/auth-text';
import { httpError } from './http-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the API answers a write whose body is not JSON (also Fastify's own 415, app.ts). */
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

/**
 * onRequest hook of the /api scope: a state-changing call (POST, PUT, PATCH, DELETE) is served only when it
 * comes from this site and brings JSON (or no body). Another site's page can make a browser send a form
 * (urlencoded, multipart or text/plain) with the site's cookies, never a JSON request without asking first, so:
 *
 * - `Sec-Fetch-Site: cross-site` or `same-site` (sent by every current browser) → 403. With `same-origin` or
 *   `none` the browser has said where the request came from, and the Host header is not consulted (a proxy
 *   may rewrite it).
 * - Without Sec-Fetch-Site, an `Origin` whose host is not the request's (`request.host`, X-Forwarded-Host with
 *   TRUST_PROXY), or `Origin: null` (a sandboxed page) → 403. No Origin at all: not a browser's cross-site
 *   request (curl, the tests, the command-line tools), served as before.
 * - A Content-Type other than application/json → 415, before the body is read.
 */
export async function refuseCrossSiteWrites(request: FastifyRequest): Promise<void> {
  if (!STATE_CHANGING.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'cross-site' || site === 'same-site') throw httpError(403, AUTH_TEXT.crossSite);
  } else {
    const origin = request.headers.origin;
    if (origin !== undefined && originHost(origin) !== withoutDefaultPort(request.host)) throw httpError(403, AUTH_TEXT.crossSite);
  }
  const type = request.headers['content-type'];
  if (type !== undefined && type.split(';')[0].trim().toLowerCase() !== 'application/json') throw httpError(415, JSON_ONLY_MESSAGE);
}

/** The host (with its port, if any) an Origin header names; null for `null` or anything unreadable. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

/** `example.org:443` → `example.org`, as a URL writes it (the Origin header omits a default port). */
function withoutDefaultPort(host: string): string {
  return host.replace(/:(80|443)$/, '');
}
