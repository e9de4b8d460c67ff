import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionToken } from './auth-hook';
import type { Config } from './config';
import { httpError } from './http-error';

/** The calls that start engine work ("AI"): marking, tutoring, generating, reading documents, grading, drafting a mark scheme. */
export type EngineJob =
  'evaluate' | 'tutor' | 'paper' | 'course' | 'practice-paper' | 'document-question' | 'document-paper' | 'grading' | 'scheme-draft';

/** What the student asked for too much of, in the 429 message. */
const ASKED_FOR: Record<EngineJob, string> = {
  evaluate: 'answers to be marked',
  tutor: 'tutor replies',
  paper: 'question papers',
  course: 'new courses',
  'practice-paper': 'practice papers',
  'document-question': 'answers about documents',
  'document-paper': 'papers from documents',
  grading: 'gradings',
  'scheme-draft': 'mark-scheme drafts',
};

/** How long to wait after a refusal for too many calls at once: a job takes a second or two. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export function tooManyPerMinuteMessage(job: EngineJob, max: number, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return `You have asked for too many ${ASKED_FOR[job]} in the last minute (the limit is ${max} a minute). Please try again in ${wait}.`;
}

export function tooManyAtOnceMessage(max: number): string {
  const requests = max === 1 ? 'a request' : `${max} requests`;
  return `You already have ${requests} being marked or generated. Please wait for ${max === 1 ? 'it' : 'them'} to finish, then try again.`;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface EngineJobLimits {
  /**
   * Route options for a call that starts engine work: after `auth` (which sets request.user), a per-user
   * rate (ENGINE_RATE_LIMIT_PER_MINUTE per call kind) and a per-user cap on calls running at once
   * (ENGINE_JOBS_PER_USER, over all kinds); the same cap per session is checked before `auth`, so a
   * burst costs no database queries. All run before the body is read; over any → 429 with { message }
   * and Retry-After.
   */
  route(auth: Hook, job: EngineJob): { onRequest: Hook[]; onResponse: Hook };
}

declare module 'fastify' {
  interface FastifyInstance {
    engineJobLimits: EngineJobLimits;
  }
}

/**
 * Registers @fastify/rate-limit (for these routes only: global false) and decorates the app with
 * `engineJobLimits`. The counters live in this process: they protect this instance's CPU (see
 * docs/decisions/007-rate-limits-and-worker-pool.md).
 */
export async function installEngineJobLimits(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(rateLimit, { global: false });
  const perUser = config.ENGINE_JOBS_PER_USER;
  /** Calls in flight per key: 'u:<user id>' (running engine work) and 's:<hash of the session token>'. */
  const running = new Map<string, number>();
  const held = new WeakMap<FastifyRequest, string[]>();

  const release = (request: FastifyRequest) => {
    const keys = held.get(request);
    held.delete(request);
    for (const key of keys ?? []) {
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    }
  };

  /** Takes a place for `key`, or answers 429 when `perUser` calls of that key are already in flight. */
  const take = (key: string, request: FastifyRequest, reply: FastifyReply) => {
    const now = running.get(key) ?? 0;
    if (now >= perUser) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      throw httpError(429, tooManyAtOnceMessage(perUser));
    }
    running.set(key, now + 1);
    const keys = held.get(request);
    if (keys) keys.push(key);
    else {
      held.set(request, [key]);
      // Whichever comes first: the response is sent, or the client goes away.
      reply.raw.once('close', () => release(request));
    }
  };

  /**
   * Before authentication: a session that already has its share of calls in flight is refused without
   * a database lookup, so that a burst of hundreds of calls does not queue hundreds of session queries
   * in front of everyone else's (PGlite answers one query at a time).
   */
  const sessionGuard: Hook = async (request, reply) => {
    const token = sessionToken(request);
    if (token) take(`s:${createHash('sha256').update(token).digest('base64url')}`, request, reply);
  };
  /** After authentication: the user's share over all their sessions. */
  const userGuard: Hook = async (request, reply) => {
    if (request.user) take(`u:${request.user.id}`, request, reply);
  };
  const releaseSlots: Hook = async (request) => release(request);

  const rateHooks = new Map<EngineJob, Hook>();
  const rateHook = (job: EngineJob): Hook => {
    let hook = rateHooks.get(job);
    if (!hook) {
      hook = app.rateLimit({
        max: config.ENGINE_RATE_LIMIT_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => request.user?.id ?? request.ip,
        errorResponseBuilder: (_request, context) =>
          httpError(context.statusCode, tooManyPerMinuteMessage(job, Number(context.max), Math.max(1, Math.ceil(context.ttl / 1000)))),
      }) as Hook;
      rateHooks.set(job, hook);
    }
    return hook;
  };

  app.decorate('engineJobLimits', {
    route: (auth: Hook, job: EngineJob) => ({ onRequest: [sessionGuard, auth, rateHook(job), userGuard], onResponse: releaseSlots }),
  } satisfies EngineJobLimits);
}
