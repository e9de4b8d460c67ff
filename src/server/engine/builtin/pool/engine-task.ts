import type { Engine } from '../../engine';

/** The engine calls that run in the worker pool: every method of the Engine that does work. */
export const POOLED_METHODS = [
  'generateCourse',
  'generatePaper',
  'evaluateAnswer',
  'tutorReply',
  'answerFromDocument',
  'questionsFromDocument',
  'gradeHandwritten',
  'practicePaper',
  'readSheets',
  'findQuestion',
  'searchBank',
  'importQuestions',
  'exportQuestions',
  'readPdf',
] as const;
export type PooledMethod = (typeof POOLED_METHODS)[number];

/** One call sent to a worker: the method's name and its (structured-cloneable) input. */
type Method<M extends PooledMethod> = NonNullable<Engine[M]>;

export interface EngineTask<M extends PooledMethod = PooledMethod> {
  method: M;
  input: Parameters<Method<M>>[0];
}

/** Loads the marker in the worker that runs it (the pool's warm-up: one worker, not all of them). */
export interface WarmUpTask {
  method: 'warmUp';
  input?: undefined;
}

/** What a worker can be asked to do. */
export type WorkerTask = EngineTask | WarmUpTask;

/**
 * What a worker sends back. Errors travel as data: structured cloning keeps an Error's message but not
 * the fields an EngineError carries (its code), which decide the HTTP status the student sees.
 */
export type EngineTaskResult<M extends PooledMethod = PooledMethod> = (
  | { ok: true; value: Awaited<ReturnType<Method<M>>> }
  | {
      ok: false;
      engineError: { code: 'UNSUPPORTED_SUBJECT' | 'UNAVAILABLE' | 'BAD_INPUT'; message: string } | null;
      message: string;
    }
) & {
  threadId: number;
  /** The worker's memory after the call: its JavaScript heap and the buffers outside it (bytes). */
  memoryBytes: number;
};

/** What every pool worker is given when it starts (piscina's workerData). */
export interface EngineWorkerData {
  /** The marker's word table, one copy shared by all threads (null: the vectors package is not installed). */
  wordVectors: SharedArrayBuffer | null;
}
