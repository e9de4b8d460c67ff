import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from './client';
import { createGroupCommit, GROUP_COMMIT_MAX_BATCH } from './group-commit';

/** Decision 012: autosaves arriving together on PGlite share one transaction and one fsync. */

/** A stand-in database that records what ran inside which transaction. */
function fakeDb() {
  const log: string[] = [];
  let transactions = 0;
  const db = {
    async transaction<T>(fn: (tx: unknown) => Promise<T>): Promise<T> {
      transactions++;
      const mark = log.length;
      log.push('begin');
      try {
        const out = await fn(db);
        log.push('commit');
        return out;
      } catch (error) {
        log.splice(mark); // rolled back: nothing of it happened
        throw error;
      }
    },
  };
  return { db: db as unknown as Db, log, transactions: () => transactions };
}

const step =
  (log: string[], name: string, fail = false) =>
  async () => {
    await Promise.resolve();
    if (fail) throw new Error(`${name} failed`);
    log.push(name);
    return name;
  };

describe('createGroupCommit', () => {
  it('runs the work that arrives in one turn of the event loop in one transaction, in order', async () => {
    const { db, log, transactions } = fakeDb();
    const group = createGroupCommit(db);
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((name) => group.run(step(log, name))));
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual(['begin', 'a', 'b', 'c', 'd', 'commit']);
    expect(transactions()).toBe(1);
  });

  it('acknowledges a batch only after its commit', async () => {
    const { db, log } = fakeDb();
    const group = createGroupCommit(db);
    const seen: string[][] = [];
    await Promise.all(['a', 'b', 'c'].map((name) => group.run(step(log, name)).then(() => seen.push([...log]))));
    // each resolves after the batch's commit is in the log
    expect(seen.map((s) => s.at(-1))).toEqual(['commit', 'commit', 'commit']);
  });

  it('runs a piece of work that arrives alone without a transaction of its own (one statement commits itself)', async () => {
    const { db, log, transactions } = fakeDb();
    const group = createGroupCommit(db);
    expect(await group.run(step(log, 'a'))).toBe('a');
    expect(await group.run(step(log, 'b'))).toBe('b');
    expect(log).toEqual(['a', 'b']);
    expect(transactions()).toBe(0);
  });

  it('isolates a failure: the batch is rolled back, every piece runs again alone, only the failing one is refused', async () => {
    const { db, log } = fakeDb();
    const group = createGroupCommit(db);
    const outcomes = await Promise.allSettled([
      group.run(step(log, 'a')),
      group.run(step(log, 'b')),
      group.run(step(log, 'bad', true)),
      group.run(step(log, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new Error('bad failed'));
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it(`keeps a batch to ${GROUP_COMMIT_MAX_BATCH} pieces of work`, async () => {
    const { db, transactions } = fakeDb();
    const group = createGroupCommit(db);
    const log: string[] = [];
    const count = GROUP_COMMIT_MAX_BATCH + 3;
    await Promise.all(Array.from({ length: count }, (_, i) => group.run(step(log, `w${i}`))));
    expect(log).toHaveLength(count);
    expect(transactions()).toBe(2); // 64, then 3
    expect(log).toEqual(Array.from({ length: count }, (_, i) => `w${i}`));
  });
});

describe('group commit on a durable PGlite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('commits 20 concurrent writes with far fewer fsyncs than 20 separate commits, and keeps every one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'markwell-group-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: path.join(dir, 'data') });
    try {
      const db = database.db;
      await db.execute(sql`create table group_probe (id int primary key, body text not null)`);
      const fsyncSync = vi.spyOn(fs, 'fsyncSync');
      try {
        for (let i = 0; i < 20; i++) await db.execute(sql`insert into group_probe values (${i}, 'alone')`);
        const alone = fsyncSync.mock.calls.length;
        fsyncSync.mockClear();

        const group = createGroupCommit(db);
        await Promise.all(
          Array.from({ length: 20 }, (_, i) => group.run((tx) => tx.execute(sql`insert into group_probe values (${100 + i}, 'grouped')`))),
        );
        const grouped = fsyncSync.mock.calls.length;
        expect(alone).toBeGreaterThanOrEqual(20); // one fsync (at least) per commit
        expect(grouped).toBeLessThanOrEqual(alone / 4);
      } finally {
        fsyncSync.mockRestore();
      }
      const rows = (await db.execute(sql`select body, count(*)::int as n from group_probe group by body order by body`)) as unknown as {
        rows: { body: string; n: number }[];
      };
      expect(rows.rows).toEqual([
        { body: 'alone', n: 20 },
        { body: 'grouped', n: 20 },
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
