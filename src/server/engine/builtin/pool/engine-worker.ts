import { threadId } from 'node:worker_threads';
import { workerData } from 'piscina';
import { isEngineError } from '../../engine';
import { createBuiltinEngine } from '../builtin-engine';
import { useSharedWordVectors } from '../marker/embeddings';
import type { EngineTaskResult, EngineWorkerData, PooledMethod, WorkerTask } from './engine-task';

/**
 * Runs in a pool worker (loaded by engine-worker.mjs): the built-in engine, in this thread. The marker's
 * word vectors are the pool's one shared copy (workerData). The worker starts with the engine's dispatcher
 * only: each part (the marker, the bank, PDF reading, OCR, ...) is loaded by its first call in this thread,
 * and the marker by the pool's warm-up task, which one worker runs when the pool starts.
 */
const { wordVectors } = (workerData ?? {}) as Partial<EngineWorkerData>;
if (wordVectors) useSharedWordVectors(wordVectors);
const engine = createBuiltinEngine();

type AnyMethod = (input: unknown) => Promise<unknown>;

export async function runEngineTask(task: WorkerTask): Promise<EngineTaskResult> {
  try {
    const value =
      task.method === 'warmUp' ? await engine.warmUp?.() : await (engine[task.method as PooledMethod] as unknown as AnyMethod)(task.input);
    return { ok: true, value, threadId, memoryBytes: memoryBytes() } as EngineTaskResult;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const engineError = isEngineError(error) ? { code: error.code, message } : null;
    return { ok: false, engineError, message, threadId, memoryBytes: memoryBytes() };
  }
}

/** This thread's memory (in a worker, heapTotal and external are the thread's own; rss is the process's). */
function memoryBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapTotal + usage.external;
}
