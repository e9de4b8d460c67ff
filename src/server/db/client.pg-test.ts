import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../testing/scratch-database';
import { openDatabase } from './client';

// Runs only in the PostgreSQL pass (npm run test:pg).
const adminUrl = process.env.TEST_DATABASE_URL!;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('openDatabase with PostgreSQL', () => {
  it('survives the server closing its idle connections (a restart, a terminated backend) and carries on', async () => {
    const scratch = await createScratchDatabase(adminUrl, 'markwell_conn');
    cleanups.push(scratch.drop);
    const closed: Error[] = [];
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused', onConnectionError: (error) => closed.push(error) });
    cleanups.push(() => database.close());
    await database.db.execute(sql`select 1`); // leaves an idle connection in the pool

    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const dbName = new URL(scratch.url).pathname.slice(1);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);
    await admin.end();

    await expect.poll(() => closed.length).toBeGreaterThan(0);
    expect(closed[0].message).toMatch(/terminating connection/);
    await expect(database.db.execute(sql`select 1 as ok`)).resolves.toBeDefined();
  });
});
