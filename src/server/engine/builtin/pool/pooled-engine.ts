import { Piscina } from 'piscina';
import { engineError, type Engine } from '../../engine';
import { gradeReadPages } from '../../grading/grade-pages';
import type { ToolRunner } from '../../tools/tool-calls';
import { matchTopic, offlineSubjects, topicsOf } from '../bank-topics';
import { BUILTIN_LABEL } from '../builtin-engine';
import { loadWordTable, type SharedWordTable } from '../marker/word-vector-cache';
import { engineWorkerFile, SOURCE_WORKER } from './worker-bundle';
import type { EngineWorkerData, PoolCallName, PoolInput, PoolOutput, PoolResult, PoolTask, WorkerTask } from './engine-task';

/** How much lower than the main thread the workers run (nice 0 → 10). */
const WORKER_NICE_INCREMENT = 10;

export const ENGINE_BUSY_MESSAGE = 'The server is busy marking and generating for other students. Please try again in a few seconds.';
export const ENGINE_OUT_OF_MEMORY_MESSAGE =
  'This needed more memory than the server gives one piece of work, so it was stopped. Try a smaller file or a shorter text.';

/** A worker's JavaScript heap may grow to this (piscina resourceLimits); beyond it the worker is stopped. */
export const WORKER_MAX_HEAP_MB = 1024;
/**
 * A worker's young generation (V8's new objects, collected often): small, since each worker keeps its pages committed
 * (issue 29: 8 instead of 16 holds about 8 MB less per worker that has marked; 180 markings took 2.4-3.3 s against
 * 1.9-3.7 s with 16; 4 saved about 5 MB more but marked slower, 3.5-4.0 s, on the same busy 2-core machine).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;
/** A worker that holds more than this after a call (heap and buffers) is replaced by a fresh one. */
export const WORKER_RECYCLE_ABOVE_MB = 384;

export interface PooledEngine extends Engine {
  /** The tools (reading PDFs and sheets, question files, bank search) done in the same workers: not AI, so not Engine methods. */
  tools: ToolRunner;
  /** Stops the workers (shutdown, tests). */
  close(): Promise<void>;
  /**
   * Calls answered by a worker so far, the worker threads that answered them, workers replaced for their memory, and
   * the workers running now.
   */
  stats(): { completed: number; threadIds: number[]; recycled: number; running: number };
}

export interface PoolOptions {
  /** Worker threads; they share one copy of the marker's word vectors, read by this thread. */
  workers: number;
  /** Calls waiting for a worker beyond which a call is refused at once (503 'busy') rather than queued. */
  maxQueue: number;
  /**
   * Milliseconds a worker beyond the first may wait for a call before it stops (its memory given back; another starts
   * when calls queue again, and loads the marker on its first call). Absent or 0: every worker runs for ever.
   */
  idleStopMs?: number;
  /** Each worker's JavaScript heap limit (default WORKER_MAX_HEAP_MB): a call that needs more fails with a message. */
  maxHeapMb?: number;
  /** A worker holding more than this after a call is replaced (default WORKER_RECYCLE_ABOVE_MB). */
  recycleAboveMb?: number;
  /** The worker's file (default engineWorkerFile(): the prebuilt worker when up to date, else the sources). */
  workerFile?: string;
  /** Told, in one line, when a worker other than the sources' fails to load and the pool falls back to them (default console.warn). */
  onFallback?: (message: string) => void;
}

type Pool = Piscina<WorkerTask, PoolResult<PoolCallName | 'warmUp'>>;

/** A module the worker's code imports is not there (a chunk of a bad or partly copied bundle, a package it expects). */
const MODULE_NOT_FOUND = /Cannot find (?:module|package)|ERR_MODULE_NOT_FOUND|Failed to load url/;

/** The first line of a load error, short: a file name and what went wrong, nothing a student wrote. */
function loadErrorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0].trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** The settings a server or worker process reads its pool from (src/server/config.ts). */
export interface PoolSettings {
  ENGINE_WORKERS: number;
  ENGINE_QUEUE_MAX: number;
  ENGINE_WORKER_IDLE_SECONDS: number;
}

/** The pool the settings ask for, or null with ENGINE_WORKERS=0 (the engine's work then runs on the calling thread). */
export function poolFromSettings(settings: PoolSettings): PooledEngine | null {
  if (settings.ENGINE_WORKERS <= 0) return null;
  return createPooledEngine({
    workers: settings.ENGINE_WORKERS,
    maxQueue: settings.ENGINE_QUEUE_MAX,
    idleStopMs: settings.ENGINE_WORKER_IDLE_SECONDS * 1000,
  });
}

/**
 * The built-in engine with its work done in a pool of worker threads (piscina), so that marking a long
 * answer, reading a PDF, OCR or drawing a paper never holds up the event loop that serves everyone
 * else's requests. Same interface, same results as createBuiltinEngine(): the worker runs exactly that.
 */
export function createPooledEngine(options: PoolOptions): PooledEngine {
  // the prebuilt JavaScript worker when it is up to date, else the TypeScript one through tsx (worker-bundle.ts)
  let workerFile = options.workerFile ?? engineWorkerFile().filename;
  const startPool = (filename: string, wordVectors: SharedWordTable | null) => {
    const started: Pool = new Piscina<WorkerTask, PoolResult<PoolCallName | 'warmUp'>>({
      filename,
      // the first worker always runs (it keeps the warmed-up marker); the others start when calls queue and, with
      // idleStopMs, stop again after that long without a call
      minThreads: options.idleStopMs ? 1 : options.workers,
      maxThreads: options.workers,
      maxQueue: options.maxQueue,
      idleTimeout: options.idleStopMs || Number.POSITIVE_INFINITY,
      // The worker registers tsx itself when it needs it (engine-worker.mjs); it inherits no loader flags from this process.
      execArgv: [],
      // Workers keep a normal event loop between tasks (pdf.js and tesseract.js use timers and messages).
      atomics: 'disabled',
      // The workers yield the CPU to the event loop's thread: on a busy machine a request that only reads the
      // database is served before the next slice of marking (Linux thread priority, via @napi-rs/nice).
      niceIncrement: WORKER_NICE_INCREMENT,
      // A call that makes the worker's heap outgrow this ends the worker (ERR_WORKER_OUT_OF_MEMORY) instead of
      // the server; piscina starts a fresh one.
      // Its young generation is kept small: V8's default grows to tens of MB in each worker and stays resident, while
      // the engine's calls make short-lived garbage that a smaller one collects as well (measured: no slower).
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxHeapMb ?? WORKER_MAX_HEAP_MB,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
      // One copy of the marker's word table's index for every worker (a SharedArrayBuffer is shared, not copied);
      // each worker reads the vectors it needs from the table's file.
      workerData: { wordVectors } satisfies EngineWorkerData,
    });
    // A worker that fails between calls has no call to fail with it; piscina replaces it either way. A prebuilt
    // worker that fails before it has answered anything failed to load (piscina would start it again and again, and
    // the calls waiting for it would wait for ever): the pool falls back to the sources.
    started.on('error', (error: unknown) => {
      if (started === pool && !answered) void fallBack(error);
    });
    return started;
  };
  // The workers start once this thread has the word table (read from disk; converted in a thread of its own on
  // a first start), so that the event loop serves requests meanwhile. Calls made before then wait for it.
  let pool: Pool | undefined;
  let wordTable: SharedWordTable | null = null;
  /** A worker of the current pool has answered a call: its file loads. */
  let answered = false;
  /** The old pool's end, once the pool has fallen back to the sources. */
  let fellBack: Promise<Pool> | undefined;
  const poolReady = loadWordTable()
    .catch(() => null)
    .then((wordVectors) => {
      wordTable = wordVectors;
      return (pool = startPool(workerFile, wordVectors));
    });

  /**
   * The prebuilt worker failed to load (a bad bundle, a missing module): a pool of workers from the sources (through
   * tsx) takes its place, once, and says so in one line. Calls queued on the failed pool are run again on the new one.
   * Undefined when the pool already runs the sources (nothing to fall back to).
   */
  function fallBack(error: unknown): Promise<Pool> | undefined {
    if (workerFile === SOURCE_WORKER || !pool) return undefined;
    const failed = pool;
    (options.onFallback ?? console.warn)(
      `The prebuilt engine worker failed to load (${loadErrorLine(error)}); the engine's workers run from the TypeScript sources (tsx) instead.`,
    );
    workerFile = SOURCE_WORKER;
    answered = false;
    const replacement = startPool(SOURCE_WORKER, wordTable);
    pool = replacement;
    fellBack = failed
      .destroy()
      .catch(() => {})
      .then(() => replacement);
    return fellBack;
  }
  let waitingForPool = 0;
  const recycleAboveBytes = (options.recycleAboveMb ?? WORKER_RECYCLE_ABOVE_MB) * 1024 * 1024;
  const threadIds = new Set<number>();
  let completed = 0;
  let recycled = 0;

  /**
   * Replaces a worker that kept the memory of a big call (V8 keeps a grown heap, and garbage is collected
   * only when it must be): piscina starts a fresh one in its place.
   */
  function recycle(threadId: number) {
    const worker = pool?.threads.find((thread) => thread.threadId === threadId);
    if (!worker) return;
    recycled += 1;
    void worker.terminate();
  }

  /** The pool, once its workers can start; until then as many calls as its queue would hold wait for it. */
  async function startedPool(): Promise<Pool> {
    if (pool) return pool;
    if (waitingForPool >= options.maxQueue) throw engineError('UNAVAILABLE', ENGINE_BUSY_MESSAGE);
    waitingForPool += 1;
    try {
      return await poolReady;
    } finally {
      waitingForPool -= 1;
    }
  }

  async function runTask(task: WorkerTask, retried = false): Promise<PoolResult<PoolCallName | 'warmUp'>> {
    const started = await startedPool();
    let result: PoolResult<PoolCallName | 'warmUp'>;
    try {
      result = await started.run(task);
    } catch (error) {
      // the call was queued on a prebuilt worker that failed to load: the pool from the sources runs it
      if (started !== pool) return runTask(task, retried);
      if (!(error instanceof Error)) throw error;
      if (error.message === 'Task queue is at limit') throw engineError('UNAVAILABLE', ENGINE_BUSY_MESSAGE);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw engineError('BAD_INPUT', ENGINE_OUT_OF_MEMORY_MESSAGE);
      // The call had been handed to a worker being recycled: engine calls have no side effects, so run it again.
      if (!retried && /^worker exited with code/.test(error.message)) return runTask(task, true);
      // a prebuilt worker that fails before answering anything failed to load
      if (!answered && fallBack(error)) return runTask(task, retried);
      throw error;
    }
    // a module the prebuilt worker loads on first use (a chunk of the bundle) is missing: the sources have it
    const missing = result.ok || result.engineError || !MODULE_NOT_FOUND.test(result.message) ? undefined : result.message;
    if (missing !== undefined && (started !== pool || fallBack(new Error(missing)))) {
      return runTask(task, retried);
    }
    answered = true;
    return result;
  }

  /** One call in a worker, typed by engine-task.ts PoolCalls: the worker answers `call` with its handler for it. */
  async function run<K extends PoolCallName>(call: K, input: PoolInput<K>): Promise<PoolOutput<K>> {
    const task: PoolTask<K> = { call, input };
    // The worker answered this call with its handler for `call` (the one place the result's type is asserted: it crossed a thread).
    const result = (await runTask(task)) as PoolResult<K>;
    completed += 1;
    threadIds.add(result.threadId);
    if (result.memoryBytes > recycleAboveBytes) recycle(result.threadId);
    if (result.ok) return result.value;
    if (result.engineError) throw engineError(result.engineError.code, result.engineError.message);
    throw new Error(result.message);
  }

  return {
    info: { kind: 'builtin', model: 'builtin', label: BUILTIN_LABEL },
    // One worker loads the marker (the one an idle pool hands the next call to: the first one ready); the others
    // start with the engine's dispatcher only and load what their first calls need, so that each extra worker
    // costs tens of MB while idle, not a whole engine. Nothing is loaded in this thread.
    async warmUp() {
      const result = await runTask({ call: 'warmUp' });
      if (!result.ok) throw new Error(result.message);
    },
    generateCourse: (input) => run('generateCourse', input),
    generatePaper: (input) => run('generatePaper', input),
    // A lookup in the bank's index: no worker needed.
    listTopics: async (subject) => topicsOf(subject),
    matchTopic: async (subject, topic) => matchTopic(subject, topic),
    offlineSubjects: async () => offlineSubjects(),
    evaluateAnswer: (input) => run('evaluateAnswer', input),
    tutorReply: (input) => run('tutorReply', input),
    answerFromDocument: (input) => run('answerFromDocument', input),
    questionsFromDocument: (input) => run('questionsFromDocument', input),
    // The pipeline's steps in the workers (all pages read in one call, by the readSheets tool, all answers marked in
    // another); the scheme is looked up between them here, by the caller (its database), so grading a photo crosses
    // into the pool twice.
    gradePages: (input) =>
      gradeReadPages(input, { read: (images) => run('readSheets', { images }), mark: (answers) => run('markAnswers', answers) }),
    practicePaper: (input) => run('practicePaper', input),
    tools: { run },
    close: async () => {
      await poolReady;
      await fellBack;
      await pool!.destroy();
    },
    stats: () => ({ completed, threadIds: [...threadIds], recycled, running: pool?.threads.length ?? 0 }),
  };
}
