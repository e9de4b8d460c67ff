import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import pg, { escapeLiteral } from 'pg';

/**
 * Plan reuse for PGlite (decision 014). PGlite runs each `query()` as an unnamed statement, so PostgreSQL
 * parses and plans it again on every call; for the course list that is about four fifths of the query's time.
 * This keeps the plans instead, as a driver's statement cache does: a statement text seen a second time is
 * PREPAREd once under a name of its own, and from then on it runs as `EXECUTE name(values)`. The values are
 * serialised by PGlite's own serialisers for the statement's parameter types and quoted as SQL literals, so
 * what the database receives is what the unnamed statement would have bound; the rows, their parsers and
 * errors come back as they would have.
 *
 * Only single SELECT / INSERT / UPDATE / DELETE / WITH statements are kept (what PREPARE accepts), at most
 * {@link PLAN_CACHE_SIZE} of them (the least recently used one is deallocated), and a statement that cannot
 * be prepared runs as before. A prepared statement outlives a rolled-back transaction, so one prepared inside a
 * batch of saves (decision 013) stays valid.
 */
export const PLAN_CACHE_SIZE = 256;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

type Query = <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

interface Plan {
  /** The statement's name once it is prepared; until then, how often its text was seen. */
  name?: string;
  seen: number;
  /** The type of each parameter, as PostgreSQL inferred it when preparing. */
  paramTypes?: number[];
  /** PREPARE refused it (not a preparable statement): it always runs unnamed. */
  refused?: boolean;
}

export interface PlanReuse {
  /** Statements prepared so far (for tests and benchmarks). */
  readonly prepared: number;
}

export function reusePlans(client: PGlite): PlanReuse {
  const plans = new Map<string, Plan>();
  let prepared = 0;
  let counter = 0;
  const unnamed: Query = client.query.bind(client) as Query;

  function cached(text: string): Plan {
    let plan = plans.get(text);
    if (plan) {
      // Most recently used last, so the first entry is the one to evict.
      plans.delete(text);
    } else {
      plan = { seen: 0 };
    }
    plans.set(text, plan);
    return plan;
  }

  async function evict(run: Query) {
    while (plans.size > PLAN_CACHE_SIZE) {
      const [text, plan] = plans.entries().next().value as [string, Plan];
      plans.delete(text);
      if (plan.name) {
        prepared--;
        await run(`deallocate ${plan.name}`).catch(() => undefined);
      }
    }
  }

  async function prepare(run: Query, text: string, plan: Plan): Promise<boolean> {
    const name = `mw_plan_${++counter}`;
    try {
      await run(`prepare ${name} as ${text}`);
    } catch {
      // Not preparable after all (or the transaction has already failed: then the statement itself reports it).
      return false;
    }
    const types = await run<{ oids: number[] }>(
      'select array(select unnest(parameter_types)::oid) as oids from pg_prepared_statements where name = $1',
      [name],
    );
    plan.name = name;
    plan.paramTypes = (types.rows[0]?.oids ?? []).map(Number);
    prepared++;
    return true;
  }

  function literal(value: unknown, type: number | undefined, options?: QueryOptions): string {
    if (value === null || value === undefined) return 'null';
    const serialize = (type !== undefined && (options?.serializers?.[type] ?? client.serializers[type])) || undefined;
    const text = serialize ? serialize(value) : String(value);
    return escapeLiteral(text);
  }

  function withPlans(run: Query): Query {
    return async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (options?.blob || options?.paramTypes || !PREPARABLE.test(text) || text.includes(';')) return run<T>(text, params, options);
      const plan = cached(text);
      if (plan.refused) return run<T>(text, params, options);
      if (!plan.name) {
        plan.seen++;
        if (plan.seen < 2) {
          await evict(run);
          return run<T>(text, params, options);
        }
        if (!(await prepare(run, text, plan))) {
          plan.refused = true;
          return run<T>(text, params, options);
        }
        await evict(run);
      }
      const args = params.map((value, i) => literal(value, plan.paramTypes?.[i], options));
      try {
        return await run<T>(`execute ${plan.name}${args.length ? `(${args.join(', ')})` : ''}`, [], options);
      } catch (error) {
        // Report the statement the caller ran, not the EXECUTE with its values spelled out.
        if (error && typeof error === 'object') Object.assign(error, { query: text, params });
        throw error;
      }
    };
  }

  client.query = withPlans(unnamed) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = withPlans(tx.query.bind(tx) as Query);
      return callback(Object.assign(Object.create(tx) as Transaction, { query: txQuery }));
    })) as PGlite['transaction'];

  return {
    get prepared() {
      return prepared;
    },
  };
}

/**
 * The same for PostgreSQL through node-postgres: a query config without a name whose text was seen a second
 * time gets a name of its own, and node-postgres then parses it once per connection and binds it after that
 * (PostgreSQL keeps the plan). At most {@link PLAN_CACHE_SIZE} texts are named, for the life of the pool,
 * since node-postgres never deallocates a named statement; texts after those run unnamed as before.
 */
export function reusePlansOnPool(pool: pg.Pool): void {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();

  function nameFor(text: string): string | undefined {
    const name = names.get(text);
    if (name || names.size >= PLAN_CACHE_SIZE || !PREPARABLE.test(text) || text.includes(';')) return name;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < 2) {
      if (seen.size < PLAN_CACHE_SIZE * 4) seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const named = `mw_plan_${names.size + 1}`;
    names.set(text, named);
    return named;
  }

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && 'text' in config && !('name' in config && config.name)) {
        const name = nameFor((config as { text: string }).text);
        if (name) return query({ ...config, name }, ...rest);
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}
