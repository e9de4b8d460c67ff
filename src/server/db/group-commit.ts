import type { Db } from './client';

/**
 * Group commit for PGlite (decision 012). PGlite is one connection on the server's own thread and, since
 * decision 008, every commit waits for an fsync: one autosave, one fsync, about 370 a second at best on the
 * build machine. Work handed to {@link inGroupCommit} waits until the end of the current turn of the event loop
 * (setImmediate: no timer, so an idle server adds no delay) and for any batch still committing; then everything
 * that arrived runs in one transaction, one after the other in arrival order, and is acknowledged after that
 * one COMMIT (one fsync for the whole batch).
 *
 * If any statement of a batch fails, the batch is rolled back and each piece runs again on its own, so one
 * student's failed save never fails or delays another's beyond that retry. PostgreSQL does its own group
 * commit across connections, so there the work runs directly.
 */
/** The work is one statement: alone, it commits by itself; in a batch, with the others. */
export interface GroupCommit {
  run<T>(work: (tx: Db) => Promise<T>): Promise<T>;
}

interface Job {
  work: (tx: Db) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** At most this many pieces of work in one transaction, so that one batch stays short. */
export const GROUP_COMMIT_MAX_BATCH = 64;

export function createGroupCommit(db: Db): GroupCommit {
  let queue: Job[] = [];
  let busy = false;

  // Alone, the work runs as it would without group commit (one statement, its own implicit transaction).
  async function runAlone(job: Job) {
    try {
      job.resolve(await job.work(db));
    } catch (error) {
      job.reject(error);
    }
  }

  async function drain() {
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, GROUP_COMMIT_MAX_BATCH);
        queue = queue.slice(batch.length);
        if (batch.length === 1) {
          await runAlone(batch[0]);
          continue;
        }
        let results: unknown[] | null = null;
        try {
          results = await db.transaction(async (tx) => {
            const out: unknown[] = [];
            for (const job of batch) out.push(await job.work(tx as unknown as Db));
            return out;
          });
        } catch {
          results = null;
        }
        if (results) batch.forEach((job, i) => job.resolve(results[i]));
        else for (const job of batch) await runAlone(job);
      }
    } finally {
      busy = false;
    }
  }

  return {
    run<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (busy) return;
        // PGlite's work runs on this thread without yielding, so a batch can only form from requests read in the
        // same turn of the event loop: start after them (setImmediate runs right after the I/O that brought them).
        busy = true;
        setImmediate(() => void drain());
      });
    },
  };
}

const groupCommits = new WeakMap<Db, GroupCommit>();

/** Called once by openDatabase for PGlite. */
export function enableGroupCommit(db: Db): void {
  groupCommits.set(db, createGroupCommit(db));
}

/** Runs `work` in a transaction shared with other work arriving at the same time (PGlite), or on its own. */
export function inGroupCommit<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const group = groupCommits.get(db);
  return group ? group.run(work) : work(db);
}
