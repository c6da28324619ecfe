/**
 * The upgrade module's background work runs as the pg-boss job 'upgrade.tick' (modules/cloud-upgrade/jobs.ts),
 * on the clock it is given: an upload abandoned for PACKAGE_UPLOAD_ABANDON_DAYS is deleted by the
 * job, with no test calling the engine. Two instances declaring the job share one chain of runs.
 */
import { createHash } from 'node:crypto';
import { DAY_MS, PACKAGE_UPLOAD_ABANDON_DAYS, upgradeCalls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../../src/lib/jobs';
import { registerUpgradeJobs, UPGRADE_JOBS } from '../../../src/modules/cloud-upgrade';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { waitFor } from '../../lib/helpers/wait';

describe.each(ENGINES)('upgrade tick as a job (%s)', (engine) => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await t?.close();
  });

  it('deletes an abandoned upload from the job, once per tick across two instances', async () => {
    const owner = await t.login('owner-a@test.local');
    const content = Buffer.from('never uploaded');
    const created = await t.call(
      upgradeCalls.packageCreate,
      {
        versionName: 'V9.9.1',
        productType: 'IPC',
        models: ['IPC-200'],
        compatibleVersions: ['V1.0.0'],
        validityDays: 30,
        isTest: false,
        descriptions: { 'en-US': 'x', 'zh-CN': 'x' },
        signSheetFileId: null,
        fileName: 'fw.bin',
        size: content.length,
        md5: createHash('md5').update(content).digest('hex'),
      },
      owner,
    );
    expect(created.basic.code, created.basic.msg).toBe(200);
    t.clock.advance(PACKAGE_UPLOAD_ABANDON_DAYS * DAY_MS + 60_000);
    const later = await t.login('owner-a@test.local');

    const log = { error() {}, warn() {}, info() {} } as never;
    for (let i = 0; i < 2; i++) {
      const queue = createJobQueue(t.database, {
        connectionString: t.database.connectionString,
        pollingIntervalSeconds: 0.5,
        maintenance: false,
      });
      queues.push(queue);
      await queue.start();
      await registerUpgradeJobs(queue, { database: t.database, services: t.services, clock: t.clock, log, intervalMs: 300 });
    }
    const pkgId = created.data.pkgId;
    await waitFor(async () => (await t.call(upgradeCalls.packageGet, { pkgId }, later)).data.status === 'deleted', 20_000, 100);

    // Let the chain go on a while: the runs never overlap, and come about once per interval, not once per instance.
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 3_000));
    const { rows } = await t.database.query<{ started_on: string; completed_on: string | null }>(
      `select started_on, completed_on from pgboss.job where name = $1 and started_on is not null order by started_on`,
      [UPGRADE_JOBS.tick.name],
    );
    const spans = rows.map(
      (r) => [new Date(r.started_on).getTime(), r.completed_on ? new Date(r.completed_on).getTime() : Infinity] as const,
    );
    let overlapped = false;
    for (let i = 1; i < spans.length; i++) if (spans[i][0] < spans[i - 1][1]) overlapped = true;
    const runs = spans.filter(([s]) => s >= started).length;
    const running = spans.filter(([, e]) => e === Infinity).length;
    expect(overlapped).toBe(false);
    expect(running).toBeLessThanOrEqual(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    // One chain: never more than one run waiting (each instance queues its successor), and at most
    // one run per 300 ms interval.
    const waiting = await t.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry')`,
      [UPGRADE_JOBS.tick.name],
    );
    expect(waiting.rows[0].n).toBeLessThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(Math.ceil(3_000 / 300) + 1);
  });
});
