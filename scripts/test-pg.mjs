// Runs the API tests a second time against PostgreSQL when TEST_DATABASE_URL names a server
// (each test file creates and drops its own database there). .ci/run sets it when PostgreSQL is up.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('API tests on PostgreSQL: not run (set TEST_DATABASE_URL=postgres://user@host:5432/postgres to run them).');
  process.exit(0);
}
console.log(`API tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//…@')})`);
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.pg.config.ts'], { stdio: 'inherit', env: process.env });
process.exit(result.status ?? 1);
