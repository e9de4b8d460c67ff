import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { loadBank } from './engine/builtin/bank/bank';
import { createBuiltinEngine } from './engine/builtin/builtin-engine';
import { poolFromSettings } from './engine/builtin/pool/pooled-engine';
import { resolveLlmConfig } from './engine/llm/llm-config';
import { createAppJobs } from './jobs/app-jobs';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionError: (error) => console.warn(`A database connection was closed (${error.message}); the pool opens a new one.`),
  });
  // The built-in engine's work runs in worker threads (ENGINE_WORKERS; 0: on this thread), off the event loop.
  const pooled = poolFromSettings(config);
  const builtin = pooled ?? createBuiltinEngine();
  const llmConfig = resolveLlmConfig(config);
  // The AI providers' SDKs are loaded only when one is configured.
  const engine = llmConfig
    ? (await import('./engine/llm/create-llm-engine')).createLlmEngine({
        config: llmConfig,
        fallback: builtin,
        tools: pooled?.tools,
        onFallback: (event) =>
          app.log.warn(
            { task: event.task, failed: event.failed, reason: event.reason },
            'AI provider failed; the built-in engine answered',
          ),
      })
    : builtin;
  // Background jobs: this instance's workers take grading jobs from the queue in the database (decision 017).
  const jobs = createAppJobs({ config, database, engine }, (error) => app.log.error({ err: error }, 'background job queue error'));
  const app = await buildApp({ config, database, engine, tools: pooled?.tools, jobs, bankQuestionCount: () => loadBank().byId.size });
  const close = async () => {
    await app.close();
    await jobs.stop();
    await pooled?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  // jobs queued before a restart are taken up again
  await jobs.start();
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  // Off the start-up path: the port is open while the marker loads its word vectors.
  setImmediate(() => void builtin.warmUp?.().catch((error: unknown) => app.log.warn({ err: error }, 'engine warm-up failed')));
  app.log.info(`Markwell is serving http://localhost:${config.PORT} with ${where}; AI: ${engine.info.label}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
