import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { Engine } from '../engine/engine';
import { loadBank } from '../engine/builtin/bank/bank';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { createScratchDatabase } from './scratch-database';

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL is
 * set — a new PostgreSQL database created for the file and dropped afterwards.
 */
export async function buildTestApp(overrides: Partial<Record<keyof Config, string>> = {}, engine: Engine = createBuiltinEngine()) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...overrides });
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: config.DATA_DIR });
    dropDatabase = scratch.drop;
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  const app = await buildApp({ config, database, engine, clientDir: '/nonexistent', bankQuestionCount: () => loadBank().byId.size });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let counter = 0;
/** Registers a new student and returns their bearer header. */
export async function signUp(app: FastifyInstance, fields: Partial<{ email: string; password: string }> = {}) {
  const email = fields.email ?? `student${++counter}-${randomBytes(3).toString('hex')}@example.org`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: fields.password ?? 'correct-horse', firstName: 'Test', lastName: 'Student' },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { sessionId: string; user: { id: string; username: string } };
  return { ...body, email, headers: { authorization: `Bearer ${body.sessionId}` } };
}
