/**
 * Background jobs on pg-boss 10, in the portal's own database, so that jobs survive restarts and
 * several server instances share one queue (pg-boss coordinates through row locks and advisory
 * locks). On PGlite pg-boss talks through an adapter over the embedded database; on PostgreSQL
 * through a pool of its own, opened from the connection string.
 */
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { Database } from '../../db/client';

export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface LoggerLike {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLogger: LoggerLike = { info() {}, warn() {}, error() {} };

export interface JobQueueOptions {
  /**
   * PostgreSQL: the URL pg-boss connects with (its own pool of `poolSize` connections).
   * Omitted: pg-boss goes through `database.query`.
   */
  connectionString?: string;
  poolSize?: number;
  /** pg-boss's schema, 'pgboss' by default; pg-boss creates and migrates it on start. */
  schema?: string;
  /** How often an idle worker polls, in seconds (pg-boss minimum 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  logger?: LoggerLike;
  /** Further pg-boss constructor options (maintenance intervals, retention, ...). */
  boss?: Omit<PgBoss.ConstructorOptions, 'db' | 'connectionString' | 'schema'>;
}

/** Per-queue defaults, fixed when the queue is first created. */
export interface QueueSettings {
  /**
   * 'standard' (default); 'short': at most one waiting job per singletonKey; 'singleton': at most
   * one active job per key; 'stately': at most one waiting and one active per key. In the last
   * three, jobs without a key share the key ''.
   */
  policy?: QueuePolicy;
  retryLimit?: number;
  /** seconds */
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  retentionMinutes?: number;
  deadLetter?: string;
}

export interface RegisterOptions extends QueueSettings {
  /** Jobs fetched per poll; they run concurrently and complete or fail one by one. Default 1. */
  batchSize?: number;
  /** Workers polling this queue in this process. Default 1. */
  teamSize?: number;
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** A Date, seconds from now, or an ISO time. */
  startAfter?: Date | number | string;
  /**
   * Deduplication key. It takes effect with `singletonSeconds` (one job per key per time slot)
   * or on a queue whose policy is short, singleton or stately.
   */
  singletonKey?: string;
  singletonSeconds?: number;
  retryLimit?: number;
  /** seconds */
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  priority?: number;
  /** Settings for the queue if this send creates it. */
  queue?: QueueSettings;
}

export interface JobInfo<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  singletonKey: string | null;
  createdOn: Date;
}

export type JobHandler<T> = (job: JobInfo<T>) => Promise<unknown> | unknown;

interface Registration {
  name: string;
  handler: JobHandler<unknown>;
  opts: RegisterOptions;
}

type Executor = PgBoss.Db & { close(): Promise<void> };

/** pg-boss's multi-statement commands arrive as 'BEGIN; ...; COMMIT;' with no parameters. */
const TRANSACTION_BLOCK = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

function pgliteExecutor(database: Database): Executor {
  const client = database.pglite;
  if (!client) throw new Error('a PGlite database without its client');
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return database.query(text, values);
      // Parameterless commands may hold several statements: run them with the simple protocol.
      // A 'BEGIN; ...; COMMIT;' block goes through PGlite's transaction so that an error rolls it
      // back instead of leaving the single embedded session in an aborted transaction.
      const block = TRANSACTION_BLOCK.exec(text);
      const results = block ? await client.transaction(async (tx) => tx.exec(block[1])) : await client.exec(text);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as unknown[] as Record<string, unknown>[] };
    },
    async close() {},
  };
}

function postgresExecutor(url: string, max: number, logger: LoggerLike): Executor {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'pgboss' });
  pool.on('error', (err) => logger.warn({ err }, 'job queue: idle connection error'));
  return {
    async executeSql(text: string, values?: unknown[]) {
      return pool.query(text, values);
    },
    async close() {
      await pool.end();
    },
  };
}

function queryExecutor(database: Database): Executor {
  return {
    executeSql: (text: string, values?: unknown[]) => database.query(text, values),
    async close() {},
  };
}

export class JobQueue {
  readonly boss: PgBoss;
  private readonly executor: Executor;
  private readonly logger: LoggerLike;
  private readonly opts: JobQueueOptions;
  private readonly registrations: Registration[] = [];
  private readonly knownQueues = new Map<string, QueuePolicy>();
  private readonly workerIds = new Map<string, string[]>();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly inflightSql = new Set<Promise<unknown>>();
  private readonly schedules: { name: string; cron: string; data: object; tz?: string }[] = [];
  private readonly kickoffs: Array<() => Promise<unknown>> = [];
  private state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';

  constructor(
    readonly database: Database,
    opts: JobQueueOptions = {},
  ) {
    this.opts = opts;
    this.logger = opts.logger ?? silentLogger;
    const base =
      database.kind === 'pglite'
        ? pgliteExecutor(database)
        : opts.connectionString
          ? postgresExecutor(opts.connectionString, opts.poolSize ?? 4, this.logger)
          : queryExecutor(database);
    // Count statements in flight, so that stop() returns only once pg-boss has gone quiet.
    this.executor = {
      executeSql: (text, values) => this.track(this.inflightSql, base.executeSql(text, values)),
      close: () => base.close(),
    };
    this.boss = new PgBoss({
      ...opts.boss,
      db: this.executor,
      schema: opts.schema,
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    });
    this.boss.on('error', (err: unknown) => this.logger.error({ err }, 'job queue error'));
  }

  private track<T>(set: Set<Promise<unknown>>, p: Promise<T>): Promise<T> {
    set.add(p);
    const done = () => set.delete(p);
    p.then(done, done);
    return p;
  }

  get started(): boolean {
    return this.state === 'started';
  }

  /** Creates or migrates pg-boss's schema, starts the workers registered so far and the schedules. */
  async start(): Promise<void> {
    if (this.state === 'stopped') throw new Error('job queue: a stopped queue cannot be restarted; create a new one');
    if (this.state !== 'new') return;
    this.state = 'starting';
    try {
      await this.boss.start();
      for (const r of this.registrations) await this.startWorkers(r);
      for (const s of this.schedules) await this.applySchedule(s);
      this.state = 'started';
      for (const kick of this.kickoffs.splice(0)) await kick();
    } catch (err) {
      this.state = 'stopped';
      await this.boss.stop({ graceful: false, wait: true }).catch(() => {});
      await this.executor.close().catch(() => {});
      throw err;
    }
  }

  /**
   * Stops polling, waits up to `timeoutMs` for running handlers, then releases the connection
   * pool. Jobs still running then are failed and retried later by another instance.
   */
  async stop(opts: { timeoutMs?: number } = {}): Promise<void> {
    if (this.state !== 'started' && this.state !== 'starting') return;
    this.state = 'stopping';
    const timeout = opts.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeout;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout });
    // A worker may be inside a fetch when stop is called; let it and its handler finish.
    while ((this.inflight.size > 0 || this.inflightSql.size > 0) && Date.now() < deadline) {
      await Promise.race([Promise.allSettled([...this.inflight, ...this.inflightSql]), new Promise((r) => setTimeout(r, 50))]);
    }
    this.workerIds.clear();
    await this.executor.close();
    this.state = 'stopped';
  }

  /** Creates the queue if needed (idempotent; settings apply on first creation only). */
  async createQueue(name: string, settings: QueueSettings = {}): Promise<void> {
    if (this.knownQueues.has(name)) return;
    const existing = await this.boss.getQueue(name);
    if (existing) {
      this.knownQueues.set(name, (existing.policy ?? 'standard') as QueuePolicy);
      return;
    }
    await this.boss.createQueue(name, { name, ...settings });
    this.knownQueues.set(name, settings.policy ?? 'standard');
  }

  /**
   * A handler for one job at a time. Called before start(), the workers start with the queue;
   * after, at once. A handler that throws fails the attempt; pg-boss retries it up to the
   * queue's or job's retryLimit.
   */
  async register<T>(name: string, handler: JobHandler<T>, opts: RegisterOptions = {}): Promise<void> {
    const r: Registration = { name, handler: handler as JobHandler<unknown>, opts };
    this.registrations.push(r);
    if (this.state === 'started') await this.startWorkers(r);
  }

  private async startWorkers(r: Registration): Promise<void> {
    const { batchSize = 1, teamSize = 1, pollingIntervalSeconds, ...settings } = r.opts;
    await this.createQueue(r.name, settings);
    const options: PgBoss.WorkOptions = { batchSize, includeMetadata: true };
    if (pollingIntervalSeconds !== undefined) options.pollingIntervalSeconds = pollingIntervalSeconds;
    for (let i = 0; i < teamSize; i++) {
      await this.work<unknown>(r.name, options, (jobs) => this.runBatch(r, jobs));
    }
  }

  private async runBatch(r: Registration, jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
    const run = (job: PgBoss.JobWithMetadata<unknown>) =>
      this.track(
        this.inflight,
        (async () => {
          try {
            return await r.handler(toJobInfo(job));
          } catch (err) {
            this.logger.warn({ err, job: job.id, queue: job.name, attempt: job.retryCount + 1 }, 'job failed');
            throw err;
          }
        })(),
      );
    if (jobs.length === 1) {
      // pg-boss completes or fails the job from the outcome
      await run(jobs[0]);
      return;
    }
    const results = await Promise.allSettled(jobs.map(run));
    const done: string[] = [];
    for (let i = 0; i < jobs.length; i++) {
      const res = results[i];
      if (res.status === 'fulfilled') done.push(jobs[i].id);
      else await this.boss.fail(r.name, jobs[i].id, errorOutput(res.reason));
    }
    if (done.length) await this.boss.complete(r.name, done);
  }

  /** pg-boss's own batch worker (jobs with metadata); the queue must be started. Returns the worker id. */
  async work<T>(
    name: string,
    options: PgBoss.WorkOptions,
    handler: (jobs: PgBoss.JobWithMetadata<T>[]) => Promise<unknown>,
  ): Promise<string> {
    await this.createQueue(name);
    const id = await this.boss.work<T>(name, { ...options, includeMetadata: true }, handler);
    this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), id]);
    return id;
  }

  /** Adds a job; resolves to its id, or null when a singleton rule dropped it as a duplicate. */
  async send<T extends object>(name: string, data: T, opts: SendOptions = {}): Promise<string | null> {
    const { queue, ...sendOpts } = opts;
    await this.createQueue(name, queue);
    const policy = this.knownQueues.get(name) ?? 'standard';
    if (sendOpts.singletonKey && !sendOpts.singletonSeconds && policy === 'standard') {
      throw new Error(`job queue ${name}: singletonKey needs singletonSeconds or a short/singleton/stately queue`);
    }
    const id = await this.boss.send(name, data, stripUndefined(sendOpts) as PgBoss.SendOptions);
    // Wake a local idle worker instead of waiting for its next poll.
    if (id && !sendOpts.startAfter) for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
    return id;
  }

  /**
   * A cron schedule (UTC unless tz): at each tick one job `name` with `data`. Schedules live in the
   * database and are keyed by name, so every instance may declare the same schedule; pg-boss lets
   * only one instance per tick send the job.
   */
  async schedule(name: string, cron: string, data: object = {}, opts: { tz?: string } = {}): Promise<void> {
    const s = { name, cron, data, tz: opts.tz };
    this.schedules.push(s);
    if (this.state === 'started') await this.applySchedule(s);
  }

  private async applySchedule(s: { name: string; cron: string; data: object; tz?: string }) {
    await this.createQueue(s.name);
    await this.boss.schedule(s.name, s.cron, s.data, s.tz ? { tz: s.tz } : {});
  }

  /**
   * A timer as a job: `handler` runs about every `intervalMs`, one run at a time across every
   * instance that declares it. The queue is 'stately' (at most one job waiting and one running);
   * each run queues the next one interval after it ends, and a cron job every minute, added only
   * when none is waiting, restarts the chain if an instance died between a run and its successor.
   * A run that hangs holds the chain until `expireInSeconds`.
   */
  async every(name: string, intervalMs: number, handler: JobHandler<object>, opts: { expireInSeconds?: number } = {}): Promise<void> {
    const next = (after: number) =>
      this.send(name, {}, after > 0 ? { startAfter: new Date(Date.now() + after) } : {}).catch((err: unknown) =>
        this.logger.warn({ err, queue: name }, 'job queue: next run not queued (the minute cron restarts it)'),
      );
    const pollingIntervalSeconds = Math.min(2, Math.max(0.5, intervalMs / 1000));
    await this.register<object>(
      name,
      async (job) => {
        try {
          return await handler(job);
        } finally {
          if (this.state === 'started' || this.state === 'stopping') await next(intervalMs);
        }
      },
      { policy: 'stately', retryLimit: 0, expireInSeconds: opts.expireInSeconds ?? 600, pollingIntervalSeconds },
    );
    await this.schedule(name, '* * * * *');
    if (this.state === 'started') await next(0);
    else this.kickoffs.push(() => next(0));
  }

  async unschedule(name: string): Promise<void> {
    await this.boss.unschedule(name);
  }

  async getJob<T = unknown>(name: string, id: string): Promise<PgBoss.JobWithMetadata<T> | null> {
    return this.boss.getJobById<T>(name, id, { includeArchive: true });
  }
}

function toJobInfo<T>(job: PgBoss.JobWithMetadata<T>): JobInfo<T> {
  return {
    id: job.id,
    name: job.name,
    data: job.data,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    singletonKey: job.singletonKey,
    createdOn: job.createdOn,
  };
}

function errorOutput(err: unknown): object {
  if (err instanceof Error) return { message: err.message, name: err.name, stack: err.stack };
  return { message: String(err) };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
