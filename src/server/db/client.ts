import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant: several instances starting together take turns migrating. */
const MIGRATION_LOCK_ID = 724_311_905;

/**
 * Opens the database and applies pending migrations.
 * `databaseUrl` → PostgreSQL; otherwise PGlite in `dataDir` ('memory://' keeps it in memory, for tests).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; onConnectionError?: (error: Error) => void }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.onConnectionError);
  return openPglite(opts.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(path.resolve(dataDir));
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, onConnectionError: (error: Error) => void = () => undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server closes (a restart, a terminated backend) is dropped from the pool and
  // the next query opens a new one; without this listener node-postgres would crash the process instead.
  pool.on('error', onConnectionError);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
