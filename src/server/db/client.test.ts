import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { users } from './schema';

describe('openDatabase with PGlite on disk', () => {
  it('creates a missing data folder, applies the migrations, and keeps the data across a restart', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'markwell-data-')), 'nested', 'data');
    expect(existsSync(dataDir)).toBe(false);
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    expect(existsSync(dataDir)).toBe(true);
    await first.db.insert(users).values({ email: 'kept@example.org', username: 'kept', passwordHash: 'x' });
    await first.close();

    const second = await openDatabase({ dataDir }); // migrations already applied: nothing to do, nothing lost
    const rows = await second.db.select().from(users).where(eq(users.email, 'kept@example.org'));
    expect(rows).toHaveLength(1);
    // caches sized for a small machine (issue 29), with fsync still on (decision 008)
    const setting = async (name: string) =>
      ((await second.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0][name];
    expect(await setting('shared_buffers')).toBe('32MB');
    expect(await setting('fsync')).toBe('on');
    await second.close();
  }, 60_000);
});
