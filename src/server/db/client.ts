import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { collectGarbageNow } from '../collect-garbage';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DATA_DIR_LOCK_FILE, lockDataDir } from './data-dir-lock';
import { enableGroupCommit } from './group-commit';
import { readPgliteTemplate } from './pglite-template';
import { reusePlans, reusePlansOnPool } from './plan-reuse';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant: several instances starting together take turns migrating. */
const MIGRATION_LOCK_ID = 724_311_905;

/**
 * Opens the database and applies pending migrations.
 * `databaseUrl` → PostgreSQL; otherwise PGlite in `dataDir` ('memory://' keeps it in memory, for tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onConnectionError?: (error: Error) => void;
  /**
   * PGlite only, a new data folder: where a ready cluster made by `makePgliteTemplate` may be read (default: the
   * install's cache, see pglite-template.ts); `false` runs initdb. A missing or damaged template runs initdb.
   */
  pgliteTemplateFiles?: readonly string[] | false;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.onConnectionError);
  return openPglite(opts.dataDir, opts.pgliteTemplateFiles);
}

/**
 * PGlite's start-up parameters with fsync on (decision 008). PGlite's defaults pass `-F` (fsync = off), and
 * its WebAssembly libc makes `fdatasync()` a no-op, so the WAL is synced with `fsync()`, which reaches
 * {@link durableNodeFs}.
 */
export const DURABLE_PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'full_page_writes=on',
];

/**
 * PGlite's caches sized for a small machine (issue 29). PostgreSQL's default of 128 MB of shared buffers is
 * touched as pages are read and stays resident for the life of the process; 32 MB holds a school's working set
 * of pages (a sequential scan of a larger table uses a small ring of buffers anyway), and pages beyond it come
 * from the operating system's page cache. A process holding only PGlite on a reopened data folder: 349 MB
 * resident with 128 MB, 261 MB with 32 MB. Durability does not depend on it (fsync settings above).
 */
export const SMALL_MACHINE_PGLITE_START_PARAMS: readonly string[] = ['-c', 'shared_buffers=32MB'];

type EmscriptenOpts = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
type PostgresMod = Parameters<NonNullable<EmscriptenOpts['preRun']>[number]>[0];
interface NodeFsStream {
  nfd?: number;
  node: unknown;
}
type NodeFsModule = PostgresMod & {
  NODEFS: {
    stream_ops: { fsync?: (stream: NodeFsStream) => number };
    realPath: (node: unknown) => string;
    tryFSOperation: <T>(operation: () => T) => T;
  };
};

/**
 * PGlite's NodeFS writes every page straight to the host file (fs.writeSync), but its Emscripten layer has no
 * fsync: PostgreSQL's fsync() returned success without touching the disk. This NodeFS gives it one, so a
 * commit returns only after the WAL is on the disk (fsync of the WAL file, or of a directory after a new file).
 */
function durableNodeFs(dataDir: string): NodeFS {
  const nodeFs = new NodeFS(dataDir);
  const init = nodeFs.init.bind(nodeFs);
  nodeFs.init = async (pg, opts) => {
    const { emscriptenOpts } = await init(pg, opts);
    const addFsync = (mod: PostgresMod) => {
      const { NODEFS } = mod as NodeFsModule;
      NODEFS.stream_ops.fsync = (stream: NodeFsStream) =>
        NODEFS.tryFSOperation(() => {
          if (stream.nfd !== undefined) {
            fs.fsyncSync(stream.nfd);
            return 0;
          }
          const fd = fs.openSync(NODEFS.realPath(stream.node), 'r');
          try {
            fs.fsyncSync(fd);
          } finally {
            fs.closeSync(fd);
          }
          return 0;
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  };
  return nodeFs;
}

/** fsyncs every file and folder under `dir` (children first): PGlite writes a new cluster without syncing it. */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else if (entry.isFile()) syncPath(child);
  }
  syncPath(dir);
}

function syncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Opens a new data folder from a ready cluster (decision 020): PGlite unpacks the tarball into the folder and
 * starts on it, without initdb. Undefined when there is no valid template or PGlite fails on it; the files it
 * wrote are then removed, so that initdb finds the folder as it was.
 */
async function openFromTemplate(
  dir: string,
  files: readonly string[] | undefined,
  open: (loadDataDir?: Blob) => Promise<PGlite>,
): Promise<PGlite | undefined> {
  const template = readPgliteTemplate(files);
  if (!template) return undefined;
  const before = new Set(fs.readdirSync(dir));
  let client: PGlite | undefined;
  try {
    client = await open(template);
    await client.query('select 1');
    return client;
  } catch {
    await client?.close().catch(() => undefined);
    for (const entry of fs.readdirSync(dir)) {
      if (!before.has(entry) && entry !== DATA_DIR_LOCK_FILE) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
    return undefined;
  }
}

async function openPglite(dataDir: string, templateFiles?: readonly string[] | false): Promise<Database> {
  if (dataDir === 'memory://') {
    const client = new PGlite();
    return migrated(client);
  }
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  // One process at a time (a running server, `npm run user:reset`): PGlite itself does not check.
  const release = lockDataDir(dir);
  try {
    const isNew = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    const open = async (loadDataDir?: Blob) => {
      const options: PGliteOptions = {
        fs: durableNodeFs(dir),
        startParams: [...DURABLE_PGLITE_START_PARAMS, ...SMALL_MACHINE_PGLITE_START_PARAMS],
        ...(loadDataDir ? { loadDataDir } : {}),
      };
      const client = await withBaselineWasm(async () => {
        const started = new PGlite(options);
        await started.waitReady;
        return started;
      });
      // PGlite keeps its options object for the life of the instance: without this the unpacked template (about
      // 40 MB) stayed resident in every server started on a new data folder (issue 29).
      delete options.loadDataDir;
      return client;
    };
    const fromTemplate = isNew && templateFiles !== false ? await openFromTemplate(dir, templateFiles, open) : undefined;
    let client = fromTemplate ?? (await open());
    if (fromTemplate) {
      // The template's files were unpacked into the folder without fsync: make the new cluster durable once.
      syncTree(dir);
      syncPath(path.dirname(dir));
      // The tarball and its copies are garbage now (about 100 MB); an idle server would keep them for minutes.
      collectGarbageNow();
    } else if (isNew) {
      // initdb's files were unpacked into the folder without fsync: make the new cluster itself durable once.
      syncTree(dir);
      syncPath(path.dirname(dir));
      // On a new folder PGlite's instance has run initdb: its WebAssembly memory grew for it (it never shrinks)
      // and it keeps a copy of its heap for initdb's runs. A fresh instance on the now existing folder holds what
      // a restart would; the first one's memory goes back once collected (issue 29: about 300 MB).
      await client.close();
      client = await open();
      collectGarbageNow();
    }
    const database = await migrated(client);
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Runs `start` with V8 compiling WebAssembly with its baseline compiler only (Liftoff), then restores the
 * setting. PGlite's PostgreSQL is a 9 MB WebAssembly module: by default V8 recompiles its hot functions with
 * TurboFan in background threads, which left 80-110 MB more resident (optimised code and the compilers' freed
 * memory, which glibc keeps) for no measurable gain in the server's queries (issue 29; decision 021). Only PGlite's
 * module is compiled while the flag is set (the engine's threads start later and compile Tesseract normally).
 */
async function withBaselineWasm<T>(start: () => Promise<T>): Promise<T> {
  const wasOn = process.execArgv.includes('--liftoff-only');
  if (!wasOn) v8.setFlagsFromString('--liftoff-only');
  try {
    return await start();
  } finally {
    if (!wasOn) v8.setFlagsFromString('--no-liftoff-only');
  }
}

async function migrated(client: PGlite): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  // After the migrations: a kept plan belongs to the schema it was made for (decision 014).
  reusePlans(client);
  enableGroupCommit(db as unknown as Db);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, onConnectionError: (error: Error) => void = () => undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server closes (a restart, a terminated backend) is dropped from the pool and
  // the next query opens a new one; without this listener node-postgres would crash the process instead.
  pool.on('error', onConnectionError);
  reusePlansOnPool(pool);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
