import type { Feedback } from '../../../../shared/mark-scheme';
import type { Engine, QuestionForMarking } from '../../engine';
import type { ToolCalls } from '../../tools/tool-calls';
import type { SharedWordTable } from '../marker/word-vector-cache';

/** The Engine's methods that take one input and resolve to a result. */
type EngineMethod = { [K in keyof Engine]-?: NonNullable<Engine[K]> extends (input: never) => Promise<unknown> ? K : never }[keyof Engine];
type Method<M extends EngineMethod> = Extract<NonNullable<Engine[M]>, (input: never) => Promise<unknown>>;

/** A method of the Engine as a pool call: its one (structured-cloneable) input and what it resolves to. */
type EngineCall<M extends EngineMethod> = {
  input: Parameters<Method<M>>[0];
  output: Awaited<ReturnType<Method<M>>>;
};

/** The engine's calls the pool's workers answer, by name. */
export interface EngineCalls {
  generateCourse: EngineCall<'generateCourse'>;
  generatePaper: EngineCall<'generatePaper'>;
  evaluateAnswer: EngineCall<'evaluateAnswer'>;
  tutorReply: EngineCall<'tutorReply'>;
  answerFromDocument: EngineCall<'answerFromDocument'>;
  questionsFromDocument: EngineCall<'questionsFromDocument'>;
  practicePaper: EngineCall<'practicePaper'>;
  /** The grading pipeline's marking step: every answer region of the pages marked in one crossing (in order). */
  markAnswers: { input: { question: QuestionForMarking; answer: string }[]; output: Feedback[] };
}

/**
 * Every call the pool's workers answer, by name: its input and its output — the engine's calls and the tools'
 * (tools/tool-calls.ts). Both sides are typed by this map: the pooled engine sends `run(call, input)` and gets the
 * call's output; the worker answers with a table of handlers, one per call (engine-worker.ts), so a misspelt name,
 * a wrong input or a missing handler is a type error.
 */
export type PoolCalls = EngineCalls & ToolCalls;

export type PoolCallName = keyof PoolCalls;
export type PoolInput<K extends PoolCallName> = PoolCalls[K]['input'];
export type PoolOutput<K extends PoolCallName> = PoolCalls[K]['output'];

/** What a worker answers each call with (engine-worker.ts). */
export type PoolHandlers = { [K in PoolCallName]: (input: PoolInput<K>) => Promise<PoolOutput<K>> };

/** One call sent to a worker: its name and its input. */
export interface PoolTask<K extends PoolCallName = PoolCallName> {
  call: K;
  input: PoolInput<K>;
}

/** Loads the marker in the worker that runs it (the pool's warm-up: one worker, not all of them). */
export interface WarmUpTask {
  call: 'warmUp';
}

/** What a worker can be asked to do. */
export type WorkerTask = PoolTask | WarmUpTask;

/**
 * What a worker sends back. Errors travel as data: structured cloning keeps an Error's message but not
 * the fields an EngineError carries (its code), which decide the HTTP status the student sees.
 */
export type PoolResult<K extends PoolCallName | 'warmUp' = PoolCallName> = (
  | { ok: true; value: K extends PoolCallName ? PoolOutput<K> : void }
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
  /** The marker's word table, its index one copy shared by all threads (null: the vectors package is not installed). */
  wordVectors: SharedWordTable | null;
}
