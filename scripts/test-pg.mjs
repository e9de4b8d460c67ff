// Runs the API tests a second time against PostgreSQL (each test file creates and drops its own database
// there), plus the tests that need a shared server (several instances). .ci/run sets TEST_DATABASE_URL.
// The pass cannot be skipped silently: under CI it is required, and it always says how many tests ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  if (process.env.CI === 'true') {
    console.error('API tests on PostgreSQL: TEST_DATABASE_URL is not set, and CI requires the PostgreSQL pass.');
    console.error('Set TEST_DATABASE_URL=postgres://user@host:5432/postgres (.ci/run does this when PostgreSQL is up).');
    process.exit(1);
  }
  console.log(
    'API tests on PostgreSQL: NOT RUN — 0 PostgreSQL tests ran (set TEST_DATABASE_URL=postgres://user@host:5432/postgres to run them).',
  );
  process.exit(0);
}
console.log(`API tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//…@')})`);
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'markwell-pg-')), 'report.json');
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.pg.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { stdio: 'inherit', env: process.env },
);
let summary;
try {
  summary = JSON.parse(fs.readFileSync(report, 'utf8'));
} catch {
  console.error('API tests on PostgreSQL: no test report was written; the pass did not run.');
  process.exit(result.status || 1);
}
const files = summary.testResults?.length ?? 0;
console.log(
  `API tests on PostgreSQL: ${summary.numTotalTests} tests in ${files} files ran — ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests + summary.numTodoTests} skipped.`,
);
if (summary.numTotalTests === 0) {
  console.error('API tests on PostgreSQL: no test ran.');
  process.exit(1);
}
process.exit(result.status ?? 1);
