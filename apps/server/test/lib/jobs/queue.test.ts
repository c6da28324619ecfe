import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createJobQueue,
  MAINTENANCE_JOBS,
  purgeExpiredCodes,
  purgeExpiredNonces,
  type JobInfo,
  type JobQueue,
} from '../../../src/lib/jobs';
import { nonces, verificationCodes } from '../../../src/db/schema';
import { ENGINES, openDb, type TestDb } from '../helpers/db';
import { waitFor } from '../helpers/wait';

const FAST = { pollingIntervalSeconds: 0.5 };

describe.each(ENGINES)('job queue on %s', (engine) => {
  let t: TestDb;
  let queue: JobQueue;
  const open = () => createJobQueue(t.database, { ...FAST, connectionString: t.url });

  beforeAll(async () => {
    t = await openDb(engine);
    queue = open();
    await queue.start();
  });

  afterAll(async () => {
    await queue?.stop();
    await t?.close();
  });

  it('runs a sent job with its data', async () => {
    const seen: JobInfo<{ n: number }>[] = [];
    await queue.register<{ n: number }>('test.echo', (job) => {
      seen.push(job);
    });
    const id = await queue.send('test.echo', { n: 42 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ id, name: 'test.echo', data: { n: 42 }, retryCount: 0 });
    const job = await waitFor(async () => {
      const j = await queue.getJob('test.echo', id!);
      return j?.state === 'completed' ? j : null;
    });
    expect(job.state).toBe('completed');
  });

  it('retries a failing job and completes it on a later attempt', async () => {
    const attempts: number[] = [];
    await queue.register<{ x: string }>('test.flaky', (job) => {
      attempts.push(job.retryCount);
      if (job.retryCount < 2) throw new Error(`attempt ${job.retryCount} fails`);
    });
    const id = await queue.send('test.flaky', { x: 'y' }, { retryLimit: 3, retryDelay: 0 });
    const job = await waitFor(async () => {
      const j = await queue.getJob('test.flaky', id!);
      return j?.state === 'completed' ? j : null;
    }, 15_000);
    expect(attempts).toEqual([0, 1, 2]);
    expect(job.retryCount).toBe(2);
  });

  it('fails a job for good once its retries are spent', async () => {
    let calls = 0;
    await queue.register('test.broken', () => {
      calls++;
      throw new Error('always');
    });
    const id = await queue.send('test.broken', {}, { retryLimit: 1, retryDelay: 0 });
    const job = await waitFor(async () => {
      const j = await queue.getJob('test.broken', id!);
      return j?.state === 'failed' ? j : null;
    }, 15_000);
    expect(calls).toBe(2);
    expect(JSON.stringify(job.output)).toContain('always');
  });

  it('runs a batch with per-job outcomes', async () => {
    await queue.createQueue('test.batch');
    const ids = await Promise.all([1, 2, 3, 4].map((n) => queue.send('test.batch', { n }, { retryLimit: 0 })));
    await queue.register<{ n: number }>(
      'test.batch',
      (job) => {
        if (job.data.n === 3) throw new Error('three');
      },
      { batchSize: 4 },
    );
    const states = await waitFor(async () => {
      const s = await Promise.all(ids.map(async (id) => (await queue.getJob('test.batch', id!))?.state));
      return s.every((x) => x === 'completed' || x === 'failed') ? s : null;
    });
    expect(states).toEqual(['completed', 'completed', 'failed', 'completed']);
  });

  it('drops a duplicate singletonKey', async () => {
    // standard queue: one job per key per time slot
    const a = await queue.send('test.single', { v: 1 }, { singletonKey: 'pkg-7', singletonSeconds: 60, startAfter: 60 });
    const b = await queue.send('test.single', { v: 2 }, { singletonKey: 'pkg-7', singletonSeconds: 60, startAfter: 60 });
    const c = await queue.send('test.single', { v: 3 }, { singletonKey: 'pkg-8', singletonSeconds: 60, startAfter: 60 });
    expect(a).toBeTruthy();
    expect(b).toBeNull();
    expect(c).toBeTruthy();
    // 'short' queue: one waiting job per key, whenever it is sent
    await queue.createQueue('test.short', { policy: 'short' });
    const d = await queue.send('test.short', {}, { singletonKey: 'sync-1', startAfter: 60 });
    const e = await queue.send('test.short', {}, { singletonKey: 'sync-1', startAfter: 60 });
    expect(d).toBeTruthy();
    expect(e).toBeNull();
    await expect(queue.send('test.echo', {}, { singletonKey: 'no-window' })).rejects.toThrow(/singletonSeconds/);
  });

  it('keeps a job across a restart', async () => {
    const first = open();
    await first.start();
    const id = await first.send('test.durable', { keep: true });
    await first.stop();

    const second = open();
    const got: unknown[] = [];
    await second.register('test.durable', (job) => {
      got.push(job.data);
    });
    await second.start();
    try {
      await waitFor(() => got.length === 1);
      expect(got).toEqual([{ keep: true }]);
      await waitFor(async () => (await second.getJob('test.durable', id!))?.state === 'completed');
    } finally {
      await second.stop();
    }
  });

  it('schedules the maintenance jobs, and they purge expired rows', async () => {
    const schedules = await queue.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
      [MAINTENANCE_JOBS.purgeCodes.name, MAINTENANCE_JOBS.purgeCodes.cron],
      [MAINTENANCE_JOBS.purgeNonces.name, MAINTENANCE_JOBS.purgeNonces.cron],
    ]);

    const { db } = t.database;
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    await db.insert(nonces).values([
      { key: 'old', expiresAt: past },
      { key: 'new', expiresAt: future },
    ]);
    const code = { kind: 'email', purpose: 'register', target: 'a@b.c', codeHash: 'x' };
    await db.insert(verificationCodes).values([
      { id: 'c-old', ...code, expiresAt: past },
      { id: 'c-new', ...code, expiresAt: future },
    ]);
    expect(await purgeExpiredCodes(t.database, now)).toBe(1);
    expect((await db.select().from(verificationCodes)).map((r) => r.id)).toEqual(['c-new']);

    // the scheduled job itself, sent by hand instead of waiting for the minute
    const id = await queue.send(MAINTENANCE_JOBS.purgeNonces.name, {});
    await waitFor(async () => (await queue.getJob(MAINTENANCE_JOBS.purgeNonces.name, id!))?.state === 'completed');
    expect((await db.select().from(nonces)).map((r) => r.key)).toEqual(['new']);
    expect(await purgeExpiredNonces(t.database, now)).toBe(0);
  });
});
