import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../testing/scratch-database';
import { PLAN_CACHE_SIZE, reusePlansOnPool } from './plan-reuse';

// Runs only in the PostgreSQL pass (npm run test:pg).
const adminUrl = process.env.TEST_DATABASE_URL!;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });

/** One connection, so that what it holds prepared can be read back from it. */
async function onePooledConnection() {
  const scratch = await createScratchDatabase(adminUrl, 'markwell_plans');
  cleanups.push(scratch.drop);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  // the scratch database is dropped WITH (FORCE) at the end: a connection still closing then is ended by the server
  // (57P01), which is the teardown, not a failure
  pool.on('error', () => {});
  cleanups.push(() => pool.end());
  reusePlansOnPool(pool);
  await pool.query('create table notes (id int primary key, body text not null)');
  const prepared = async () =>
    (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;
  return { pool, db: drizzle({ client: pool }), prepared };
}

describe('plan reuse on PostgreSQL (node-postgres)', () => {
  it('names a statement the second time its text is run, so the connection parses it once and keeps its plan', async () => {
    const { db, prepared } = await onePooledConnection();
    await db.insert(notes).values({ id: 1, body: "it's here" });
    const read = () => db.select().from(notes).where(eq(notes.id, 1));
    expect(await read()).toEqual([{ id: 1, body: "it's here" }]);
    expect(await prepared()).toEqual([]);
    expect(await read()).toEqual([{ id: 1, body: "it's here" }]);
    const kept = await prepared();
    expect(kept).toHaveLength(1);
    expect(kept[0].name).toBe('mw_plan_1');
    expect(kept[0].statement).toContain('from "notes"');
    expect(await read()).toEqual([{ id: 1, body: "it's here" }]);
    expect(await prepared()).toHaveLength(1);
  });

  it('leaves statements drizzle already names alone, and works inside transactions', async () => {
    const { db, prepared } = await onePooledConnection();
    const byId = db
      .select()
      .from(notes)
      .where(eq(notes.id, sql.placeholder('id')))
      .prepare('notes_by_id');
    for (let id = 1; id <= 3; id++) {
      await db.transaction(async (tx) => {
        await tx.insert(notes).values({ id, body: `note ${id}` });
      });
      expect(await byId.execute({ id })).toEqual([{ id, body: `note ${id}` }]);
    }
    const names = (await prepared()).map((row) => row.name).sort();
    expect(names).toContain('notes_by_id');
    expect(names.filter((name) => name.startsWith('mw_plan_'))).toHaveLength(1); // the insert
  });

  it('names at most PLAN_CACHE_SIZE texts; the others keep running unnamed', async () => {
    const { db, prepared } = await onePooledConnection();
    for (let i = 0; i < PLAN_CACHE_SIZE + 10; i++) {
      const query = sql.raw(`select ${i} + 1 as n`);
      await db.execute(query);
      expect((await db.execute(query)).rows).toEqual([{ n: i + 1 }]);
    }
    expect(await prepared()).toHaveLength(PLAN_CACHE_SIZE);
  });
});
