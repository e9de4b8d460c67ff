import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { createBuiltinEngine } from './engine/builtin/builtin-engine';
import { createScratchDatabase } from './testing/scratch-database';
import type { FastifyInstance } from 'fastify';

// Runs only in the PostgreSQL pass (npm run test:pg): PGlite is one process's database.
const adminUrl = process.env.TEST_DATABASE_URL!;
const instances: { app: FastifyInstance; database: Database }[] = [];
let dropDatabase = async () => {};

beforeAll(async () => {
  const scratch = await createScratchDatabase(adminUrl, 'markwell_multi');
  dropDatabase = scratch.drop;
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: scratch.url, AUTH_RATE_LIMIT_PER_EMAIL: '3' });
  // Three instances start together: migrations take turns under the advisory lock.
  const databases = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'unused' })));
  for (const database of databases) {
    instances.push({ app: await buildApp({ config, database, engine: createBuiltinEngine(), clientDir: '/nonexistent' }), database });
  }
});

afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  await dropDatabase();
});

describe('several app instances on one PostgreSQL', () => {
  it('share sessions and data: sign up on one, work on another, log out on a third', async () => {
    const [a, b, c] = instances.map((i) => i.app);
    const reg = await a.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'multi@example.org', password: 'secret1' } });
    expect(reg.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${reg.json().sessionId}` };
    expect((await b.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
    const course = await b.inject({ method: 'POST', url: '/api/courses/direct-create', headers, payload: { subject: 'Physics' } });
    expect(course.statusCode).toBe(201);
    const list = await c.inject({ method: 'GET', url: '/api/courses', headers });
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([course.json().id]);
    await c.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect((await a.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(401);
  });

  it('enforce one rate limit across instances', async () => {
    const attempt = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'victim@example.org', password: 'guess123' } });
    const codes = [];
    for (const app of [...instances.map((i) => i.app), instances[0].app]) codes.push((await attempt(app)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
