import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../db/client';

/**
 * Background jobs in a queue kept in the app's own database (decision 017): pg-boss over PostgreSQL (any instance's
 * worker takes a job; a job whose process died is failed by pg-boss's supervisor once it has run longer than its
 * expiry, then retried) and the same pg-boss over the embedded PGlite, in the one process.
 */

/** The kinds of job and what each carries: only ids, never a student's text or an upload. */
export interface JobKinds {
  /** A scanned class set to read, match and mark (services/grading-jobs.ts). */
  'grade-scans': { gradingJobId: string };
}
export type JobKind = keyof JobKinds;
export type JobHandlers = { [K in JobKind]: (data: JobKinds[K]) => Promise<void> };

export interface JobQueue {
  /** Starts the queue and this process's workers (idempotent); sending a job starts it too. */
  start(): Promise<void>;
  send<K extends JobKind>(kind: K, data: JobKinds[K]): Promise<string>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** Seconds a job may run before it is taken for dead (its process killed) and retried. */
  timeoutSeconds: number;
  /** How often the supervisor looks for such jobs. */
  superviseSeconds: number;
  /** Runs this process's workers (false: the queue only sends, e.g. an instance that leaves grading to `npm run worker`). */
  work?: boolean;
  onError?: (error: Error) => void;
}

/** pg-boss's database interface over the connection the app already holds (PGlite's one, or the pg pool). */
function bossDb(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const pglite = client as PGlite;
  return {
    async executeSql(text, values) {
      // pg-boss sends its schema as several statements without parameters: PGlite runs those with exec()
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

export function createJobQueue(database: Database, handlers: JobHandlers, options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: bossDb(database),
    schema: 'pgboss',
    supervise: true,
    maintenanceIntervalSeconds: options.superviseSeconds,
    monitorStateIntervalSeconds: Math.max(options.superviseSeconds, 60),
    schedule: false,
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  let started: Promise<void> | null = null;
  let stopped = false;

  const start = () =>
    (started ??= (async () => {
      await boss.start();
      for (const kind of Object.keys(handlers) as JobKind[]) {
        await boss.createQueue(kind, {
          name: kind,
          retryLimit: 3,
          retryDelay: 1,
          expireInSeconds: options.timeoutSeconds,
          retentionDays: 7,
        });
        if (options.work === false) continue;
        await boss.work<JobKinds[typeof kind]>(kind, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
          await handlers[kind](job.data);
        });
      }
    })());

  return {
    start,
    async send(kind, data) {
      await start();
      const id = await boss.send(kind, data as object);
      if (!id) throw new Error(`the ${kind} job was not queued`);
      return id;
    },
    async stop() {
      if (!started || stopped) return;
      stopped = true;
      await started.catch(() => undefined);
      // graceful: a job under way finishes first (wait), so a restart does not leave it for the supervisor
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    },
  };
}
