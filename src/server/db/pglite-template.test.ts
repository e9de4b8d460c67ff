import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { makePgliteTemplate, readPgliteTemplate } from './pglite-template';
import { users } from './schema';

const root = fs.mkdtempSync(path.join(tmpdir(), 'markwell-template-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

type Rows = { rows: Record<string, unknown>[] };
const rows = async (database: Database, query: string) => ((await database.db.execute(sql.raw(query))) as unknown as Rows).rows;

/** The schema as the migrations leave it: columns, indexes, constraints, and the migrations journal. */
async function schemaOf(database: Database) {
  return {
    columns: await rows(
      database,
      `select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
       where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
    ),
    indexes: await rows(
      database,
      `select schemaname, indexname, indexdef from pg_indexes where schemaname not in ('pg_catalog') order by 1, 2`,
    ),
    constraints: await rows(
      database,
      `select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint
       where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) order by 1, 2`,
    ),
    migrations: (await rows(database, 'select hash from drizzle.__drizzle_migrations order by id')).length,
    encoding: await rows(database, 'select datname, pg_encoding_to_char(encoding) as enc, datcollate from pg_database order by 1'),
    settings: await rows(database, "select name, setting from pg_settings where name in ('shared_buffers', 'fsync') order by 1"),
  };
}

/** A user written, the folder closed and opened again: the data is there. */
async function worksAcrossRestart(dataDir: string, database: Database, email: string) {
  await database.db.insert(users).values({ email, username: email.split('@')[0], passwordHash: 'x' });
  await database.close();
  const again = await openDatabase({ dataDir });
  try {
    expect(await again.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  } finally {
    await again.close();
  }
}

/** The names of a tar's entries, in order (ustar: a 512-byte header, the name at 0, the size in octal at 124). */
function tarNames(tar: Buffer): string[] {
  const text = (from: number, to: number) => tar.toString('latin1', from, to).replace(/\0.*$/s, '');
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length && tar.subarray(at, at + 512).some((byte) => byte !== 0);) {
    names.push(text(at, at + 100));
    at += 512 + Math.ceil(Number.parseInt(text(at + 124, at + 136).trim() || '0', 8) / 512) * 512;
  }
  return names;
}

describe('new PGlite data folders from a ready cluster (decision 020)', () => {
  let template: string;
  let marked: string;

  beforeAll(async () => {
    template = (await makePgliteTemplate([path.join(root, 'cache', 'cluster.tar.gz')]))!;
    expect(fs.existsSync(template)).toBe(true);
    // The same cluster with a table of its own, to tell a folder opened from the template from one initdb made.
    const pg = new PGlite({ loadDataDir: readPgliteTemplate([template])! });
    await pg.exec('create table template_marker (id int); checkpoint');
    fs.writeFileSync(path.join(root, 'marked.tar.gz'), new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer()));
    await pg.close();
    marked = path.join(root, 'marked.tar.gz');
  }, 180_000);

  it('opens a new folder from the template with the same schema as initdb, and it works across a restart', async () => {
    const fromTemplateDir = path.join(root, 'from-template');
    const fromInitdbDir = path.join(root, 'from-initdb');
    const fromTemplate = await openDatabase({ dataDir: fromTemplateDir, pgliteTemplateFiles: [marked] });
    const fromInitdb = await openDatabase({ dataDir: fromInitdbDir, pgliteTemplateFiles: false });
    expect(await rows(fromTemplate, "select to_regclass('template_marker')::text as t")).toEqual([{ t: 'template_marker' }]);
    expect(await rows(fromInitdb, "select to_regclass('template_marker')::text as t")).toEqual([{ t: null }]);
    await fromTemplate.db.execute(sql.raw('drop table template_marker'));
    expect(await schemaOf(fromTemplate)).toEqual(await schemaOf(fromInitdb));
    await worksAcrossRestart(fromTemplateDir, fromTemplate, 'template@example.org');
    await worksAcrossRestart(fromInitdbDir, fromInitdb, 'initdb@example.org');
  }, 240_000);

  it("lists the cluster's PG_VERSION last, so a start stopped while unpacking leaves a folder that is still new", () => {
    const names = tarNames(zlib.gunzipSync(fs.readFileSync(template)));
    expect(names.length).toBeGreaterThan(500);
    expect(names.at(-1)).toBe('/PG_VERSION');
    expect(names.filter((name) => name === '/PG_VERSION')).toHaveLength(1);
    expect(names).toContain('/postgresql.conf');
  });

  it('never reads a damaged or foreign file as a template', () => {
    const gzip = fs.readFileSync(template);
    const truncated = path.join(root, 'truncated.tar.gz');
    fs.writeFileSync(truncated, gzip.subarray(0, gzip.length - 1000));
    const garbage = path.join(root, 'garbage.tar.gz');
    fs.writeFileSync(garbage, 'not a tarball');
    const foreign = path.join(root, 'foreign.tar.gz');
    fs.writeFileSync(foreign, zlib.gzipSync(Buffer.alloc(4096)));
    // A tar of files that is not a cluster: the template with its top-level PG_VERSION renamed (each database's
    // folder keeps its own base/N/PG_VERSION, which does not count).
    const tar = zlib.gunzipSync(gzip);
    const at = tar.lastIndexOf(Buffer.from('/PG_VERSION\0'));
    expect(at % 512).toBe(0); // a header's name field
    tar.write('/PG_VERSIOX', at);
    const notCluster = path.join(root, 'not-a-cluster.tar.gz');
    fs.writeFileSync(notCluster, zlib.gzipSync(tar));
    for (const file of [truncated, garbage, foreign, notCluster, path.join(root, 'missing.tar.gz')]) {
      expect(readPgliteTemplate([file])).toBeUndefined();
    }
    expect(readPgliteTemplate([garbage, template])).toBeDefined(); // the next place is tried
  });

  it('runs initdb when the template is damaged', async () => {
    const gzip = fs.readFileSync(template);
    const truncated = path.join(root, 'truncated-2.tar.gz');
    fs.writeFileSync(truncated, gzip.subarray(0, gzip.length >> 1));
    const dataDir = path.join(root, 'fallback');
    const database = await openDatabase({ dataDir, pgliteTemplateFiles: [truncated] });
    expect((await rows(database, 'select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n).toBeGreaterThan(0);
    await worksAcrossRestart(dataDir, database, 'fallback@example.org');
  }, 180_000);

  it('runs initdb when PGlite cannot start on the template, removing what it unpacked and keeping what was there', async () => {
    // A template that reads well (gzip, tar, PG_VERSION) but whose cluster lacks global/pg_control.
    const tar = zlib.gunzipSync(fs.readFileSync(template));
    const at = tar.indexOf(Buffer.from('/global/pg_control\0'));
    expect(at % 512).toBe(0);
    tar.write('/global/pg_controX', at);
    const broken = path.join(root, 'no-pg-control.tar.gz');
    fs.writeFileSync(broken, zlib.gzipSync(tar));
    expect(readPgliteTemplate([broken])).toBeDefined();
    const dataDir = path.join(root, 'broken-template');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'kept');
    const database = await openDatabase({ dataDir, pgliteTemplateFiles: [broken] });
    expect(fs.existsSync(path.join(dataDir, 'global', 'pg_controX'))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, 'notes.txt'), 'utf8')).toBe('kept');
    await worksAcrossRestart(dataDir, database, 'broken@example.org');
  }, 180_000);
});
