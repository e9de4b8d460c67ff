import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/** Where `npm run build` puts the worker as JavaScript (scripts/build-engine-worker.mjs). */
export const WORKER_BUNDLE_DIR = path.join(root, 'dist/engine-worker');
/** The worker from the sources: it registers tsx in its thread, then loads engine-worker.ts. */
export const SOURCE_WORKER = new URL('./engine-worker.mjs', import.meta.url).href;

/** The same hash as scripts/build-engine-worker.mjs inputsHash(): the bundled sources and the lock file. */
function inputsHash(inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...inputs, 'package-lock.json']) {
    hash.update(file);
    hash.update('\0');
    const full = path.join(root, file);
    hash.update(fs.existsSync(full) ? fs.readFileSync(full) : '');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The pool worker's file (issue 29): the prebuilt JavaScript worker when it was built from the sources as they are
 * now (no TypeScript loader in the thread: 30-45 MiB less per worker), the TypeScript worker otherwise (no build,
 * or a source changed since it; tests run from the sources). Removing dist/engine-worker takes the sources.
 */
export function engineWorkerFile(bundleDir = WORKER_BUNDLE_DIR): { filename: string; bundled: boolean } {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(bundleDir, 'stamp.json'), 'utf8')) as { inputs: string[]; hash: string };
    const file = path.join(bundleDir, 'engine-worker.js');
    if (fs.existsSync(file) && stamp.hash === inputsHash(stamp.inputs)) return { filename: pathToFileURL(file).href, bundled: true };
  } catch {
    // no build, or an unreadable stamp: the sources
  }
  return { filename: SOURCE_WORKER, bundled: false };
}
