import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_CACHE_SIZE, reusePlans, type PlanReuse } from './plan-reuse';

/** The statements PGlite holds prepared right now (read with exec, which plan reuse leaves alone). */
async function prepared(client: PGlite): Promise<{ name: string; statement: string }[]> {
  const [{ rows }] = await client.exec('select name, statement from pg_prepared_statements order by name');
  return rows as { name: string; statement: string }[];
}

async function preparedNames(client: PGlite): Promise<string[]> {
  return (await prepared(client)).map((row) => row.name);
}

describe('plan reuse on PGlite', () => {
  let client: PGlite;
  let reuse: PlanReuse;
  beforeEach(async () => {
    client = new PGlite();
    await client.exec(`
      create table notes (id serial primary key, body text not null unique, done boolean, score float8, seen_at timestamptz,
        tags text[], meta jsonb, owner uuid);`);
    reuse = reusePlans(client);
  });
  afterEach(() => client.close());

  it('prepares a statement the second time its text is run, and runs it by name from then on', async () => {
    const text = 'select count(*)::int as n from notes where body <> $1';
    await client.query(text, ['x']);
    expect(reuse.prepared).toBe(0);
    expect(await preparedNames(client)).toEqual([]);
    await client.query(text, ['x']);
    expect(reuse.prepared).toBe(1);
    expect(await preparedNames(client)).toEqual(['mw_plan_1']);
    await client.query(text, ['y']);
    expect(reuse.prepared).toBe(1); // the same plan again, not a second one
  });

  it('binds every kind of value exactly as the unnamed statement would', async () => {
    const insert = 'insert into notes (body, done, score, seen_at, tags, meta, owner) values ($1, $2, $3, $4, $5, $6, $7) returning *';
    const awkward = [
      "it's a quote",
      'back\\slash and \\x00-looking text',
      "'); drop table notes; --",
      'line one\nline two\ttab',
      'ΔG = ΔH − TΔS; ≤ ⇌ 😀',
      '$1 and $$dollar$$ quoting',
      '',
    ];
    const seenAt = new Date('2026-11-25T03:04:05.678Z');
    const rows = [];
    for (const [i, body] of awkward.entries()) {
      const {
        rows: [row],
      } = await client.query<Record<string, unknown>>(insert, [
        body,
        i % 2 === 0 ? true : null,
        i === 1 ? -0.125 : i,
        seenAt,
        ['a', "b'c", 'd,e', 'f"g'],
        { mark: i, note: "a 'quoted' \\ note" },
        '2dab4175-ee0d-469b-b727-d29ca3ac7ed6',
      ]);
      rows.push(row);
    }
    expect(reuse.prepared).toBeGreaterThan(0);
    expect(rows.map((row) => row.body)).toEqual(awkward);
    for (const [i, row] of rows.entries()) {
      expect(row.done).toBe(i % 2 === 0 ? true : null);
      expect(row.score).toBe(i === 1 ? -0.125 : i);
      expect(row.seen_at).toEqual(seenAt);
      expect(row.tags).toEqual(['a', "b'c", 'd,e', 'f"g']);
      expect(row.meta).toEqual({ mark: i, note: "a 'quoted' \\ note" });
      expect(row.owner).toBe('2dab4175-ee0d-469b-b727-d29ca3ac7ed6');
    }
    // The table holds exactly the seven rows: nothing in a value ran as SQL.
    const read = 'select body from notes where body = $1';
    for (const body of awkward) expect((await client.query<{ body: string }>(read, [body])).rows).toEqual([{ body }]);
    expect((await client.query<{ n: number }>('select count(*)::int as n from notes')).rows[0].n).toBe(awkward.length);
  });

  it('keeps the row mode and the caller’s parsers', async () => {
    const text = 'select $1::int as n, now() as at';
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `raw:${value}` } };
    await client.query(text, [7], options);
    const { rows } = await client.query<unknown[]>(text, [7], options);
    expect(reuse.prepared).toBe(1);
    expect(rows[0][0]).toBe(7);
    expect(String(rows[0][1])).toMatch(/^raw:\d{4}-/);
  });

  it('reports a failed statement with its own text and SQLSTATE, not the EXECUTE with the values in it', async () => {
    const insert = 'insert into notes (body) values ($1)';
    await client.query(insert, ['secret student answer']);
    await client.query(insert, ['another']);
    expect(reuse.prepared).toBe(1);
    const error = await client.query(insert, ['secret student answer']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert, params: ['secret student answer'] });
  });

  it('keeps a plan prepared inside a transaction that rolled back, and still rolls the data back', async () => {
    const insert = 'insert into notes (body) values ($1)';
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ['one']);
        await tx.query(insert, ['two']); // prepared here, inside the transaction
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await client.query('select * from notes')).rows).toEqual([]);
    expect(reuse.prepared).toBe(1);
    await client.query(insert, ['three']);
    expect((await client.query<{ body: string }>('select body from notes')).rows).toEqual([{ body: 'three' }]);
  });

  it('runs what PREPARE does not take (SET, SHOW, several statements) as before', async () => {
    for (let i = 0; i < 3; i++) {
      await client.query("set application_name = 'markwell'");
      expect((await client.query<{ application_name: string }>('show application_name')).rows[0].application_name).toBe('markwell');
    }
    await client.exec('select 1; select 2;');
    expect(reuse.prepared).toBe(0);
  });

  it('holds at most PLAN_CACHE_SIZE plans, dropping the least recently used', async () => {
    const hot = 'select $1::int + 0 as n';
    for (let i = 0; i < PLAN_CACHE_SIZE + 40; i++) {
      await client.query(hot, [i]);
      const text = `select $1::int + ${i + 1} as n`;
      await client.query(text, [i]);
      expect((await client.query<{ n: number }>(text, [i])).rows[0].n).toBe(2 * i + 1);
    }
    expect(reuse.prepared).toBeLessThanOrEqual(PLAN_CACHE_SIZE);
    const statements = await prepared(client);
    expect(statements.length).toBe(reuse.prepared);
    // The statement used all along was kept; the first of the one-off statements was dropped.
    expect(statements.filter((row) => row.statement.endsWith(hot))).toHaveLength(1);
    expect(statements.filter((row) => row.statement.endsWith('select $1::int + 1 as n'))).toHaveLength(0);
    expect((await client.query<{ n: number }>(hot, [5])).rows[0].n).toBe(5);
  });
});
