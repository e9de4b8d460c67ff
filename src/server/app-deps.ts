import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Engine } from './engine/engine';
import type { ToolRunner } from './engine/tools/tool-calls';
import type { JobQueue } from './jobs/job-queue';
import type { SessionCache } from './services/auth';

/** The API's Fastify instance, typed by the zod contracts of src/shared. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Everything "AI": the built-in offline engine or an LLM provider (src/server/engine). */
  engine: Engine;
  /** The work that is not AI (reading PDFs, question files, bank search): in the engine's worker pool when it has one; default: in this thread. */
  tools?: ToolRunner;
  /** The built React client; served with an SPA fallback when the folder exists. */
  clientDir?: string;
  /** How many questions the built-in bank holds (for the landing page's claims). */
  bankQuestionCount?: () => number;
  /** Where the log lines go (default: standard output). */
  logStream?: NodeJS.WritableStream;
  /** Recently seen sessions (default: a new cache trusted for SESSION_CACHE_SECONDS). */
  sessionCache?: SessionCache;
  /** Background jobs (jobs/job-queue.ts); buildApp makes one over the app's database, started by the first job sent. */
  jobs?: JobQueue;
}
