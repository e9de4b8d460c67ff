import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { installCacheFiles, writeAtomically } from '../install-cache';

/**
 * A ready PostgreSQL cluster for new PGlite data folders (issue 29, decision 020). PGlite's initdb on a fresh
 * folder takes the process to 820-900 MiB (a second PGlite instance and initdb's own WebAssembly module, memory
 * that WebAssembly never gives back); opening a new folder from a tarball of a cluster that initdb made earlier
 * (PGlite's `loadDataDir`) peaks at about 400-450 MiB. The tarball is made once per install by a short-lived
 * process (`npm run build` runs scripts/make-pglite-template.ts, and `npm start` where one is missing) and kept in
 * `node_modules/.cache/markwell/` beside the package (or the system's temporary folder when node_modules is
 * read-only), named by PGlite's version and the template's format, written atomically (a temporary file, fsync,
 * rename). It is never downloaded: a missing or damaged file only means the server runs initdb itself, as before.
 */

/** Bump when the way the template is made changes: older files are then ignored. */
export const PGLITE_TEMPLATE_FORMAT = 1;

function pgliteVersion(): { version: string; nodeModules: string } {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // …/node_modules/@electric-sql/pglite/dist/index.cjs
  const packageRoot = path.resolve(path.dirname(entry), '..');
  const nodeModules = path.resolve(packageRoot, '..', '..');
  let version = 'unknown';
  try {
    version = (JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    // an unreadable package.json: 'unknown' still names a file of its own
  }
  return { version, nodeModules };
}

/** Where the template may be kept, in the order tried: beside the installed package, then the temporary folder. */
export function pgliteTemplateFiles(): string[] {
  const { version, nodeModules } = pgliteVersion();
  const name = `pglite-${version}-cluster${PGLITE_TEMPLATE_FORMAT}.tar.gz`;
  return installCacheFiles(nodeModules, name);
}

interface TarEntry {
  /** The name as stored; PGlite's dump names the cluster's files from its root, with a leading slash. */
  name: string;
  /** Where the entry's header starts and where its data ends, in bytes. */
  start: number;
  end: number;
}

/** The entries of a ustar tarball, or undefined when a header does not parse (not a tar, or cut short). */
function tarEntries(tar: Uint8Array): TarEntry[] | undefined {
  // ustar: a 512-byte header (the name in its first 100 bytes, the size in octal at 124), the data padded to
  // 512 bytes, and zero blocks at the end. A cluster's tar is about a thousand entries.
  const decoder = new TextDecoder();
  const field = (header: Uint8Array, from: number, to: number) => decoder.decode(header.subarray(from, to)).replace(/\0.*$/s, '');
  const entries: TarEntry[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) return entries;
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (!Number.isFinite(size) || size < 0 || end > tar.length) return undefined;
    entries.push({ name: field(header, 0, 100), start: at, end });
    at = end;
  }
  return undefined; // no end-of-archive blocks: cut short
}

/** The cluster's own PG_VERSION (each database's folder has one too): the file that tells PGlite a folder holds a cluster. */
const isClusterVersion = (name: string) => ['PG_VERSION', '/PG_VERSION', './PG_VERSION'].includes(name);

/**
 * The tar with the cluster's PG_VERSION moved to the end. PGlite unpacks a template in order, file by file, into
 * the data folder, and a folder without PG_VERSION counts as new: a start-up stopped while unpacking (killed,
 * out of memory) then leaves a folder that the next start fills again, never one that looks like a cluster but
 * lacks files. (PGlite's dump lists it before postgresql.conf and the other top-level files.)
 */
function withClusterVersionLast(tar: Uint8Array): Uint8Array {
  const entries = tarEntries(tar);
  const version = entries?.find((entry) => isClusterVersion(entry.name));
  if (!entries || !version) throw new Error('PGlite dumped a data folder without PG_VERSION');
  const last = entries[entries.length - 1];
  const reordered = new Uint8Array(tar.length);
  reordered.set(tar.subarray(0, version.start));
  reordered.set(tar.subarray(version.end, last.end), version.start);
  reordered.set(tar.subarray(version.start, version.end), last.end - (version.end - version.start));
  // The end-of-archive blocks stay as they were (zero).
  return reordered;
}

/**
 * The first readable template as an uncompressed tarball, or undefined. Reading it decompresses it whole, which
 * checks gzip's CRC and length, and the tar must parse to its end and hold a cluster (its top-level PG_VERSION),
 * so a truncated or foreign file is never handed to PGlite.
 */
export function readPgliteTemplate(files: readonly string[] = pgliteTemplateFiles()): Blob | undefined {
  for (const file of files) {
    let tar: Buffer;
    try {
      tar = zlib.gunzipSync(fs.readFileSync(file));
    } catch {
      continue; // missing, unreadable, truncated or not gzip
    }
    if (tarEntries(tar)?.some((entry) => isClusterVersion(entry.name)))
      return new Blob([new Uint8Array(tar.buffer as ArrayBuffer, tar.byteOffset, tar.byteLength)]);
  }
  return undefined;
}

/**
 * Makes the template: initdb in an in-memory PGlite (the same initdb, with the same arguments, that PGlite runs
 * on an empty data folder), a checkpoint, and PGlite's own dump of the data folder with PG_VERSION moved last,
 * gzipped. Meant for a short-lived process (about 900 MiB resident for 10 s), never the server. Returns the file
 * written, or undefined when no place could be written.
 */
export async function makePgliteTemplate(files: readonly string[] = pgliteTemplateFiles()): Promise<string | undefined> {
  const pg = new PGlite();
  let gzip: Uint8Array;
  try {
    await pg.waitReady;
    await pg.exec('checkpoint');
    gzip = zlib.gzipSync(withClusterVersionLast(new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer())));
  } finally {
    await pg.close();
  }
  for (const file of files) {
    try {
      writeAtomically(file, gzip);
      return file;
    } catch {
      // read-only: the next place
    }
  }
  return undefined;
}
