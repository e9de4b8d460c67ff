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
    return { ok: true, value, threadId } as EngineTaskResult;
  } catch (error) {
    if (isEngineError(error))
      return { ok: false, engineError: { code: error.code, message: error.message }, message: error.message, threadId };
    return { ok: false, engineError: null, message: error instanceof Error ? error.message : String(error), threadId };
  }
}
