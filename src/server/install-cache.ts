import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Files made once per install and kept out of the repository (the marker's word table, PGlite's template cluster):
 * where they may be kept, and how they are written so a reader sees a whole file or none.
 */

/** Where a cached file may be kept, in the order tried: `node_modules/.cache/markwell/`, then the temporary folder. */
export function installCacheFiles(nodeModules: string, name: string): string[] {
  const userId = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return [path.join(nodeModules, '.cache', 'markwell', name), path.join(os.tmpdir(), `markwell-cache-${userId}`, name)];
}

/** Writes `bytes` to `file` so that a reader sees the whole file or none: a temporary file, fsync, rename. */
export function writeAtomically(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = fs.openSync(temporary, 'w');
    try {
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
