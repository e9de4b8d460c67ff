import { threadId } from 'node:worker_threads';
import { isEngineError } from '../../engine';
import { createBuiltinEngine } from '../builtin-engine';
import type { EngineTask, EngineTaskResult, PooledMethod } from './engine-task';

/**
 * Runs in a pool worker (loaded by engine-worker.mjs): the built-in engine, in this thread. The marker's
 * word vectors and model are loaded when the worker starts, not by the first student's answer.
 */
const engine = createBuiltinEngine();
await engine.warmUp?.();

type AnyMethod = (input: unknown) => Promise<unknown>;

export async function runEngineTask(task: EngineTask): Promise<EngineTaskResult> {
  try {
    const method = engine[task.method as PooledMethod] as unknown as AnyMethod;
    const value = await method(task.input);
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
