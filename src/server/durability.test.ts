import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { autosave, createStudent, findLosses, freePort, killServer, startServer, type Loss } from '../../bench/durability-harness';
import { openDatabase } from './db/client';

/** Decision 008: an acknowledged save survives a crash of the process (and, with fsync, of the machine). */
const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('PGlite on disk', () => {
  it('runs with fsync on, synchronous commits, WAL synced with fsync() and full-page writes', async () => {
    const database = await openDatabase({ dataDir: path.join(tempDir('markwell-durable-'), 'data') });
    try {
      const setting = async (name: string) =>
        ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0][name];
      expect(await setting('fsync')).toBe('on');
      expect(await setting('synchronous_commit')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');
      expect(await setting('full_page_writes')).toBe('on');
    } finally {
      await database.close();
    }
  }, 120_000);

  it('asks the host to fsync before a commit returns', async () => {
    const database = await openDatabase({ dataDir: path.join(tempDir('markwell-durable-'), 'data') });
    try {
      await database.db.execute(sql`create table durability_probe (id int primary key, body text not null)`);
      const fsyncSync = vi.spyOn(fs, 'fsyncSync');
      try {
        await database.db.execute(sql`insert into durability_probe values (1, 'acknowledged')`);
        expect(fsyncSync).toHaveBeenCalled();
      } finally {
        fsyncSync.mockRestore();
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('the server process killed with SIGKILL', () => {
  it('keeps every acknowledged autosave: after a restart each answer holds the last acknowledged text or a later one', async () => {
    const port = await freePort();
    const store = { dataDir: path.join(tempDir('markwell-sigkill-'), 'data') };
    let server = await startServer(store, port);
    try {
      const student = await createStudent(server.baseUrl, 'durability');
      // One autosave loop per question, all at once, as ten open exam tabs would.
      const chains = student.questionIds.slice(0, 10).map((questionId) => ({ headers: student.headers, questionIds: [questionId] }));
      expect(chains).toHaveLength(10);
      let acks = 0;
      let killed = false;
      const stop = () => killed;
      const onAck = () => {
        acks++;
        if (acks === 300 && !killed) {
          killed = true;
          server.child.kill('SIGKILL'); // right after an acknowledgement, with other saves in flight
        }
      };
      const results = await Promise.all(chains.map((chain) => autosave(server.baseUrl, chain, 1, { stop, onAck })));
      await killServer(server);
      expect(acks).toBeGreaterThanOrEqual(300);

      server = await startServer(store, port);
      const losses: Loss[] = [];
      for (const [i, chain] of chains.entries()) losses.push(...(await findLosses(server.baseUrl, chain, 1, results[i].acknowledged)));
      expect(losses).toEqual([]);
      expect(results.every((r) => r.acknowledged.size === 1)).toBe(true);
    } finally {
      await killServer(server);
    }
  }, 300_000);
});
