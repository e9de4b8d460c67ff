import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createBuiltinEngine } from './engine/builtin/builtin-engine';
import { poolFromSettings } from './engine/builtin/pool/pooled-engine';
import { resolveLlmConfig } from './engine/llm/llm-config';
import { createAppJobs } from './jobs/app-jobs';

/**
 * `npm run worker`: a process that only runs background jobs (grading scanned class sets) from the queue in
 * PostgreSQL, for schools that want grading on another machine. No HTTP server. PostgreSQL only: PGlite belongs to
 * one process, which runs its own jobs.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker needs PostgreSQL: set DATABASE_URL=postgres://... (the same database as the app servers). ' +
        'With the embedded PGlite (no DATABASE_URL) the server runs its own jobs; there is nothing for a worker to do.',
    );
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionError: (error) => console.warn(`A database connection was closed (${error.message}); the pool opens a new one.`),
  });
  const pooled = poolFromSettings(config);
  const builtin = pooled ?? createBuiltinEngine();
  const llmConfig = resolveLlmConfig(config);
  const engine = llmConfig
    ? (await import('./engine/llm/create-llm-engine')).createLlmEngine({ config: llmConfig, fallback: builtin, tools: pooled?.tools })
    : builtin;
  const jobs = createAppJobs({ config, database, engine }, (error) => console.error(`background job queue error: ${error.message}`));
  const close = async () => {
    await jobs.stop();
    await pooled?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await jobs.start();
  console.log(`Markwell worker: running background jobs from PostgreSQL (DATABASE_URL); AI: ${engine.info.label}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
