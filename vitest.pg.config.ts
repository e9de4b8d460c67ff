import { defineConfig } from 'vitest/config';

/** The PostgreSQL pass: the API tests again, plus tests that need a shared server (several instances). */
export default defineConfig({
  test: {
    include: ['src/server/routes/**/*.test.ts', 'src/server/services/**/*.test.ts', 'src/server/**/*.pg-test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
