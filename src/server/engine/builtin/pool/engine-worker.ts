import { threadId } from 'node:worker_threads';
import { workerData } from 'piscina';
import { isEngineError } from '../../engine';
import { createBuiltinEngine } from '../builtin-engine';
import { toolHandlers } from '../../tools/run-tool';
import { useSharedWordVectors } from '../marker/embeddings';
import type { EngineWorkerData, PoolCallName, PoolHandlers, PoolInput, PoolOutput, PoolResult, WorkerTask } from './engine-task';

/**
 * Runs in a pool worker (loaded by engine-worker.mjs): the built-in engine, in this thread. The marker's
 * word vectors are the pool's one shared copy (workerData). The worker starts with the engine's dispatcher
 * only: each part (the marker, the bank, PDF reading, OCR, ...) is loaded by its first call in this thread,
 * and the marker by the pool's warm-up task, which one worker runs when the pool starts.
 */
const { wordVectors } = (workerData ?? {}) as Partial<EngineWorkerData>;
if (wordVectors) useSharedWordVectors(wordVectors);
const engine = createBuiltinEngine();

/** Each call the pool sends, answered in this thread (engine-task.ts PoolCalls). */
const handlers: PoolHandlers = {
  generateCourse: (input) => engine.generateCourse(input),
  generatePaper: (input) => engine.generatePaper(input),
  evaluateAnswer: (input) => engine.evaluateAnswer(input),
  tutorReply: (input) => engine.tutorReply(input),
  answerFromDocument: (input) => engine.answerFromDocument(input),
  questionsFromDocument: (input) => engine.questionsFromDocument(input),
  practicePaper: (input) => engine.practicePaper(input),
  markAnswers: async (answers) => {
    const marked = [];
    for (const answer of answers) marked.push(await engine.evaluateAnswer(answer));
    return marked;
  },
  // the tools (the grading pipeline's sheet reader among them): not the engine's, the same modules a thread without a
  // pool runs
  ...toolHandlers,
};

function answer<K extends PoolCallName>(call: K, input: PoolInput<K>): Promise<PoolOutput<K>> {
  return handlers[call](input);
}

export async function runEngineTask(task: WorkerTask): Promise<PoolResult<PoolCallName | 'warmUp'>> {
  try {
    if (task.call === 'warmUp') await engine.warmUp?.();
    const value = task.call === 'warmUp' ? undefined : await answer(task.call, task.input);
    return { ok: true, value, threadId, memoryBytes: memoryBytes() };
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
