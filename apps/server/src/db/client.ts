/**
 * One database handle for both engines: PGlite in a data folder when DATABASE_URL is unset (the
 * embedded default), node-postgres when it is set. Both speak PostgreSQL; Drizzle sits on top.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw statement, typed by the caller (both drivers answer `{ rows }`). */
export async function rows<T>(db: Pick<Db | Tx, 'execute'>, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Raw parameterised SQL, for pg-boss's `db` adapter, set-based work and hot paths. A `name`
   * makes it a prepared statement on PostgreSQL (planned once per connection).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], opts?: { name?: string }): Promise<{ rows: T[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Receive the NOTIFY payloads of `channel`. `state(true)` once listening, `state(false)` when
   * the listening connection is lost (PostgreSQL: it reconnects, then `state(true)` again; what was
   * sent meanwhile is not delivered). Answers a function that stops listening.
   */
  listen(channel: string, handlers: { notify(payload: string): void; state(listening: boolean): void }): Promise<() => Promise<void>>;
  /** PostgreSQL: the connection string (tests connect beside the server, as another instance would). */
  connectionString?: string;
  /** The PGlite instance, when embedded (tests dump it as a template). */
  pglite?: PGlite;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  // pg_trgm: the company name search's index (migration 0011); btree_gist: the storage orders'
  // non-overlapping periods per device (migration 0019).
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm, btree_gist } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async query(text, params) {
      const r = await client.query(text, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async listen(channel, handlers) {
      // One process owns a PGlite database, and its notifications are delivered as each
      // statement or transaction commits: nothing can be missed.
      const stop = await client.listen(channel, (payload) => handlers.notify(payload));
      handlers.state(true);
      return async () => {
        handlers.state(false);
        if (!client.closed) await stop();
      };
    },
  };
}

/**
 * The hot path's connections: a few long-lived clients, each query sent to the one with the
 * fewest queries in flight (queued per client). It saves the pool's
 * checkout/release on every call, and the named statements stay prepared on few connections.
 * Transactions and Drizzle still go through the pool. A client that fails is dropped and opened
 * again on the next query; the query that was on it fails, as it would on the pool.
 *
 * These connections commit asynchronously (synchronous_commit off): the only writes sent through
 * them are replay-protection nonces, a device's "notified" mark with its wave counter, and
 * last-seen and last-active times. A database crash can forget the last fraction of a second of those (never
 * anything half-written: an asynchronous commit is still atomic); in exchange no call waits for a
 * WAL flush just to record its nonce, which otherwise caps every signed call at the disk's flush
 * rate. Everything else (business writes, the operation log) goes through the pool, durable.
 */
class HotClients {
  private slots: Array<{ client: Promise<pg.Client> | null; inFlight: number; tail: Promise<unknown> }>;
  private closed = false;
  constructor(
    private url: string,
    size: number,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ client: null, inFlight: 0, tail: Promise.resolve() }));
  }

  private open(slot: { client: Promise<pg.Client> | null }): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, options: '-c synchronous_commit=off' });
    const drop = () => {
      if (slot.client === opened) slot.client = null;
    };
    client.on('error', drop);
    client.on('end', drop);
    const opened: Promise<pg.Client> = client.connect().then(
      () => client,
      (err: unknown) => {
        drop();
        throw err;
      },
    );
    slot.client = opened;
    return opened;
  }

  async query<R extends pg.QueryResultRow>(config: pg.QueryConfig | pg.QueryArrayConfig): Promise<pg.QueryResult<R>> {
    if (this.closed) throw new Error('database closed');
    let slot = this.slots[0];
    for (let i = 1; i < this.slots.length && slot.inFlight > 0; i++) if (this.slots[i].inFlight < slot.inFlight) slot = this.slots[i];
    slot.inFlight++;
    // Queued here, one query at a time per client (node-postgres deprecates queueing on the client).
    const run = slot.tail.then(async () => {
      const client = await (slot.client ?? this.open(slot));
      return (await client.query(config as pg.QueryConfig)) as pg.QueryResult<R>;
    });
    slot.tail = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      slot.inFlight--;
    }
  }

  async end() {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        const c = slot.client;
        slot.client = null;
        if (c) await c.then((client) => client.end()).catch(() => {});
      }),
    );
  }
}

export async function openPostgres(url: string, opts: { max?: number; hotClients?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  // Surface a dead connection in the log instead of crashing the process.
  pool.on('error', () => {});
  const hot = new HotClients(url, opts.hotClients ?? Number(process.env.DB_HOT_CLIENTS ?? 4));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    connectionString: url,
    async query(text, params, opts) {
      const r = opts?.name
        ? await hot.query({ name: opts.name, text, values: params as unknown[] })
        : await pool.query(text, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    async migrate() {
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await Promise.all([pool.end(), hot.end()]);
    },
    listen(channel, handlers) {
      return listenPostgres(url, channel, handlers);
    },
  };
}

const RELISTEN_DELAY_MS = 1_000;
const LISTEN_PING_MS = 30_000;

/** A dedicated connection that LISTENs on `channel`, opened again after a loss. */
async function listenPostgres(
  url: string,
  channel: string,
  handlers: { notify(payload: string): void; state(listening: boolean): void },
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;
  // These timers keep this process's own listening connection up (reconnect, liveness ping); they
  // are not background work of the portal, so they are not jobs: a job would run on one instance,
  // and every instance needs its own listener.
  const retry = () => {
    if (!stopped && !timer) timer = setTimeout(() => ((timer = null), void connect()), RELISTEN_DELAY_MS);
  };
  const connect = async () => {
    // TCP keepalive and a ping every 30 s: a connection that died silently would otherwise keep the
    // caches trusting notifications that no longer arrive.
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'portal-listen' });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) {
        if (ping) clearInterval(ping);
        current = null;
        handlers.state(false);
      }
      client.end().catch(() => {});
      retry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (m) => {
      if (m.channel === channel) handlers.notify(m.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.state(true);
    ping = setInterval(() => {
      client.query('select 1').catch(onLost);
    }, LISTEN_PING_MS);
    ping.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (ping) clearInterval(ping);
    const c = current;
    current = null;
    handlers.state(false);
    if (c) await c.end().catch(() => {});
  };
}

/** DATABASE_URL set: PostgreSQL. Unset: PGlite in `dataDir` (default ./.data/pglite). */
export async function openDatabase(opts: { url?: string; dataDir?: string } = {}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite({ dataDir: opts.dataDir });
}
