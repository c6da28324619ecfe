/**
 * The release engine under a controllable clock: tasks start at startAt, waves open behind the
 * success gate and their pace, failures past the error threshold pause the task with its reason,
 * silent devices time out as failed, tasks expire at endAt, pause and continue resume where they
 * stopped, end and revoke free the devices, the supplier suspends and resumes, a gray release is
 * promoted after gray complete, and devices registered later, or freed by a task that ended, join a
 * running task.
 */
import { ErrorCodes, upgradeCalls, type ReleaseTaskDetail } from '@portal/contract';
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { devices, deviceProvisioningKeys, upgradeJoinWatermarks } from '../../../src/db/schema';
import { runUpgradeOnce } from '../../../src/modules/cloud-upgrade';
import { tickReleaseTasks } from '../../../src/modules/cloud-upgrade/engine';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createSyncedPackage } from '../../support/upgrade-fixtures';
import {
  DAY,
  deviceCall,
  deviceStates,
  fleetRound,
  fullTask,
  grayTask,
  HOUR,
  keyedDevices,
  poll,
  report,
  type SimDevice,
} from '../../support/upgrade-release';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(ENGINES)('release engine (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let supplier: Session;
  let oui = 0x10;
  let version = 0;

  const A = () => t.world.companies.partnerA;
  const EU = () => t.world.areas.eu.id;
  const tick = () => runUpgradeOnce(t.database, t.services, t.clock.now());
  /** Moves the clock on; sessions are renewed by logging in again (tokens live 30 minutes). */
  async function advance(ms: number) {
    t.clock.advance(ms);
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
  }
  const get = async (taskId: number, s: Session = owner, locale?: string) => {
    const r = await t.call(upgradeCalls.taskGet, { taskId }, s, locale ? { locale } : {});
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data as ReleaseTaskDetail;
  };
  const operate = (taskId: number, action: string, s: Session = owner) =>
    t.call(upgradeCalls.taskOperate, { taskId, action: action as 'pause' }, s);

  /** A fresh model per scenario, so scenarios do not target each other's devices. */
  async function scenario(count: number, opts: { country?: string | string[] } = {}) {
    const model = `M-${++version}`;
    const fleet = await keyedDevices(t, {
      companyId: A().id,
      companyPath: A().path,
      count,
      areaId: EU(),
      model,
      country: opts.country ?? 'DE',
      snPrefix: `E${version}X`,
      macOui: `A0B1${(oui++).toString(16).toUpperCase().padStart(2, '0')}`,
    });
    const pkg = await createSyncedPackage(t.database, t.fileStore, {
      companyId: A().id,
      companyPath: A().path,
      versionName: `V9.${version}`,
      models: [model],
      compatibleVersions: ['V1.0.0'],
      syncedAt: new Date(t.clock.now()),
    });
    return { fleet, pkg, model };
  }

  async function waveMembers(taskId: number, wave: number): Promise<number[]> {
    const r = await t.database.db.execute(
      sql`select device_id::float8 as id from task_devices where task_id = ${taskId} and wave = ${wave} order by device_id`,
    );
    return (r as unknown as { rows: { id: number }[] }).rows.map((x) => Number(x.id));
  }

  async function submit(input: Parameters<typeof fullTask>[0] extends never ? never : ReturnType<typeof fullTask>) {
    const r = await t.call(upgradeCalls.taskBatchSubmit, { tasks: [input] }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data.taskIds[0]!;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
  });
  afterAll(() => t?.close());

  it('releases a task at its start time and completes it when every device succeeded', async () => {
    const { fleet, pkg } = await scenario(12);
    const taskId = await submit(fullTask(pkg.id, [EU()], t.clock.now(), { startAt: t.clock.now() + HOUR }));
    let d = await get(taskId);
    expect(d.status).toBe('unreleased');
    expect(d.counts).toMatchObject({ targetQuantity: 12, noticeQuantity: 12, toUpgrade: 12, notified: 0 });

    // Before startAt nothing is handed out.
    expect((await poll(t, fleet[0]!)).data.action).toBe('none');
    await tick();
    expect((await get(taskId)).status).toBe('unreleased');

    await advance(HOUR);
    await tick();
    d = await get(taskId);
    expect(d.status).toBe('in_release');
    expect(d.currentWave).toBe(1);
    expect(d.waves[0]!.startedAt).not.toBeNull();
    expect(d.history.map((h) => h.action)).toEqual(['submit', 'release']);

    await fleetRound(t, fleet);
    d = await get(taskId);
    expect(d.counts).toMatchObject({ toUpgrade: 0, notified: 12, success: 12, failed: 0 });
    await tick();
    d = await get(taskId);
    expect(d.status).toBe('completed');
    expect(d.history.at(-1)).toMatchObject({ action: 'complete', from: 'in_release', to: 'completed', by: 'system' });
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, fleet[0]!.id));
    expect(row!.firmwareVersion).toBe(pkg.versionName);
  });

  it('opens canary waves behind the success gate, pauses below it with the reason, reaches gray complete and completes after promote', async () => {
    const { fleet, pkg } = await scenario(70);
    const taskId = await submit(
      grayTask(pkg.id, [EU()], t.clock.now(), 50, 'fast', {
        gates: { successThreshold: 90, errorThreshold: 50, minDevices: 10, reportTimeoutMinutes: 120 },
      }),
    );
    let d = await get(taskId);
    expect(d.status).toBe('in_release');
    expect(d.waves.map((w) => [w.index, w.size, w.isPromotion])).toEqual([
      [1, 10, false],
      [2, 40, false],
      [3, 20, true],
    ]);
    expect(d.counts).toMatchObject({ targetQuantity: 70, noticeQuantity: 50 });

    // Wave 1: two of its ten devices fail, 80% < 90%.
    const wave1 = await waveMembers(taskId, 1);
    const fail = new Set(wave1.slice(0, 2));
    expect(await fleetRound(t, fleet, { fail })).toHaveLength(10);
    await tick();
    d = await get(taskId);
    expect(d.status).toBe('paused');
    expect(d.pauseReason).toBe('successGate');
    expect(d.pauseDetail).toBe('Wave 1: 80% of its devices succeeded (8 of 10), below the success threshold of 90%.');
    expect((await get(taskId, owner, 'zh-CN')).pauseDetail).toBe('第1批：成功率80%（8/10），低于成功率门限90%。');
    expect(d.waves[0]).toMatchObject({ notified: 10, success: 8, failed: 2, successRate: 80 });
    expect(d.waves[1]!.startedAt).toBeNull();

    // Continue takes the wave as passed and opens wave 2 at once.
    const c = await operate(taskId, 'continue');
    expect(c.basic.code, c.basic.msg).toBe(200);
    expect(c.data.status).toBe('in_release');
    expect(c.data.currentWave).toBe(2);
    expect(c.data.pauseReason).toBeNull();
    expect(await fleetRound(t, fleet)).toHaveLength(40);
    await tick();
    d = await get(taskId);
    expect(d.status).toBe('gray_complete');
    // The promotion wave waits for promote.
    const promotion = await waveMembers(taskId, 3);
    expect(
      (
        await poll(
          t,
          fleet.find((x) => x.id === promotion[0])!,
        )
      ).data.action,
    ).toBe('none');
    await tick();
    expect((await get(taskId)).status).toBe('gray_complete');

    const p = await operate(taskId, 'promote');
    expect(p.data.status).toBe('in_release');
    expect(p.data.currentWave).toBe(3);
    expect(p.data.counts.noticeQuantity).toBe(70);
    expect(await fleetRound(t, fleet)).toHaveLength(20);
    await tick();
    d = await get(taskId);
    expect(d.status).toBe('completed');
    expect(d.counts).toMatchObject({ targetQuantity: 70, success: 68, failed: 2, toUpgrade: 0 });
    expect(d.history.map((h) => h.action)).toEqual(['submit', 'release', 'pause', 'continue', 'completeGray', 'promote', 'complete']);
    expect(d.history[2]).toMatchObject({ by: 'system', reason: 'successGate' });
  });

  it('waits for the pace of a wave before opening the next one', async () => {
    const { fleet, pkg } = await scenario(60);
    const taskId = await submit(grayTask(pkg.id, [EU()], t.clock.now(), 50, 'normal'));
    expect((await get(taskId)).waves.map((w) => [w.size, w.isPromotion])).toEqual([
      [5, false],
      [15, false],
      [30, false],
      [10, true],
    ]);
    expect(await fleetRound(t, fleet)).toHaveLength(5);
    await tick();
    expect((await get(taskId)).currentWave).toBe(1);
    await advance(9 * 60_000);
    await tick();
    expect((await get(taskId)).currentWave).toBe(1);
    await advance(60_000);
    await tick();
    const d = await get(taskId);
    expect(d.currentWave).toBe(2);
    expect(d.waves[1]!.startedAt).toBe(new Date(t.clock.now()).toISOString());
  });

  it('pauses itself when failures pass the error threshold, and continue judges only what fails afterwards', async () => {
    const { fleet, pkg } = await scenario(20);
    const taskId = await submit(
      fullTask(pkg.id, [EU()], t.clock.now(), {
        gates: { successThreshold: 90, errorThreshold: 20, minDevices: 10, reportTimeoutMinutes: 120 },
      }),
    );
    const first = fleet.slice(0, 10);
    await fleetRound(t, first, { fail: new Set(first.slice(0, 3).map((x) => x.id)) });
    await tick();
    let d = await get(taskId);
    expect(d.status).toBe('paused');
    expect(d.pauseReason).toBe('errorThreshold');
    expect(d.pauseDetail).toBe('3 of 10 finished devices failed (30%), above the error threshold of 20%.');
    expect((await get(taskId, owner, 'zh-CN')).pauseDetail).toBe('已完成的10台设备中有3台失败（30%），超过失败率门限20%。');
    // Paused: the others are told to wait.
    expect((await poll(t, fleet[15]!)).data.action).toBe('none');

    expect((await operate(taskId, 'continue')).data.status).toBe('in_release');
    await tick();
    expect((await get(taskId)).status).toBe('in_release');
    expect(await fleetRound(t, fleet.slice(10))).toHaveLength(10);
    await tick();
    d = await get(taskId);
    expect(d.status).toBe('completed');
    expect(d.counts).toMatchObject({ success: 17, failed: 3 });
  });

  it('counts a device that does not report within the timeout as failed', async () => {
    const { fleet, pkg } = await scenario(10);
    const taskId = await submit(
      fullTask(pkg.id, [EU()], t.clock.now(), {
        gates: { successThreshold: 90, errorThreshold: 50, minDevices: 100, reportTimeoutMinutes: 30 },
      }),
    );
    const silent = new Set(fleet.slice(0, 2).map((x) => x.id));
    await fleetRound(t, fleet, { silent });
    await tick();
    let d = await get(taskId);
    expect(d.status).toBe('in_release');
    expect(d.counts).toMatchObject({ success: 8, failed: 0, notified: 10, upgrading: 0, toUpgrade: 0 });
    await advance(29 * 60_000);
    await tick();
    expect((await get(taskId)).counts.failed).toBe(0);
    await advance(2 * 60_000);
    await tick();
    d = await get(taskId);
    expect(d.counts).toMatchObject({ success: 8, failed: 2 });
    expect(d.status).toBe('completed');
    const timedOut = await t.call(upgradeCalls.taskDevices, { taskId, state: 'failed' }, owner);
    expect(timedOut.data.records.map((r) => r.errorCode)).toEqual(['TIMEOUT', 'TIMEOUT']);
    // The task is over: a late report is refused.
    const late = await report(t, fleet[0]!, { taskId, status: 'success', firmwareVersion: pkg.versionName });
    expect(late.code).toBe(ErrorCodes.deviceTaskMismatch);
  });

  it('takes a late success of a timed-out device in place of its failure while the task runs', async () => {
    const { fleet, pkg } = await scenario(4);
    const taskId = await submit(
      fullTask(pkg.id, [EU()], t.clock.now(), {
        gates: { successThreshold: 90, errorThreshold: 100, minDevices: 100, reportTimeoutMinutes: 30 },
      }),
    );
    const p = await poll(t, fleet[0]!);
    expect(p.data.action).toBe('upgrade');
    // The others answer later, so they are still within their timeout when the first one's has passed.
    await advance(20 * 60_000);
    for (const d of fleet.slice(1)) expect((await poll(t, d)).data.action).toBe('upgrade');
    await advance(11 * 60_000);
    await tick();
    expect((await get(taskId)).counts.failed).toBe(1);
    const late = await report(t, fleet[0]!, { taskId, status: 'success', firmwareVersion: pkg.versionName });
    expect(late.data).toEqual({ state: 'success' });
    expect((await get(taskId)).counts).toMatchObject({ failed: 0, success: 1 });
  });

  it('counts a device that never answers within the report timeout as failed (NO_RESPONSE), so the task completes', async () => {
    const { fleet, pkg, model } = await scenario(5);
    const now = t.clock.now();
    const taskId = await submit(
      fullTask(pkg.id, [EU()], now, {
        endAt: now + 6 * HOUR,
        gates: { successThreshold: 90, errorThreshold: 50, minDevices: 100, reportTimeoutMinutes: 60 },
      }),
    );
    await fleetRound(t, fleet.slice(0, 4));
    await advance(59 * 60_000);
    await tick();
    expect((await get(taskId)).status).toBe('in_release');
    expect(await deviceStates(t, taskId)).toEqual({ success: 4, pending: 1 });
    await advance(2 * 60_000);
    await tick();
    const d = await get(taskId);
    expect(d.status).toBe('completed');
    expect(d.counts).toMatchObject({ success: 4, failed: 1, toUpgrade: 0 });
    const silent = await t.call(upgradeCalls.taskDevices, { taskId, state: 'failed' }, owner);
    expect(silent.data.records.map((r) => [r.sn, r.errorCode])).toEqual([[fleet[4]!.sn, 'NO_RESPONSE']]);
    // The silent device is free for another release.
    const pkg2 = await createSyncedPackage(t.database, t.fileStore, {
      companyId: A().id,
      companyPath: A().path,
      versionName: `${pkg.versionName}.1`,
      models: [model],
      compatibleVersions: ['V1.0.0'],
      syncedAt: new Date(t.clock.now()),
    });
    const pv = await t.call(upgradeCalls.taskPreview, { pkgId: pkg2.id, releaseType: 'full', areaIds: [EU()] }, owner);
    expect(pv.data).toMatchObject({ targetQuantity: 1, busyElsewhere: 0 });
  });

  it('does not fail waiting devices for the time a task spent paused', async () => {
    const { fleet, pkg } = await scenario(3);
    const now = t.clock.now();
    const taskId = await submit(
      fullTask(pkg.id, [EU()], now, { gates: { successThreshold: 90, errorThreshold: 50, minDevices: 100, reportTimeoutMinutes: 60 } }),
    );
    await tick();
    expect((await t.call(upgradeCalls.taskOperate, { taskId, action: 'pause' }, owner)).data.status).toBe('paused');
    await advance(5 * HOUR);
    expect((await t.call(upgradeCalls.taskOperate, { taskId, action: 'continue' }, owner)).data.status).toBe('in_release');
    await tick();
    expect(await deviceStates(t, taskId)).toEqual({ pending: 3 });
    await fleetRound(t, fleet);
    await tick();
    expect((await get(taskId)).status).toBe('completed');
  });

  it('pauses and continues from where it stopped (breakpoint release); notified devices may still report', async () => {
    const { fleet, pkg } = await scenario(10);
    const taskId = await submit(fullTask(pkg.id, [EU()], t.clock.now()));
    await fleetRound(t, fleet.slice(0, 4));
    const inFlight = await poll(t, fleet[4]!);
    expect(inFlight.data.action).toBe('upgrade');
    const paused = await operate(taskId, 'pause');
    expect(paused.data).toMatchObject({ status: 'paused', pauseReason: 'manual', pauseDetail: 'Paused by owner-a.' });
    expect(paused.data.counts).toMatchObject({ success: 4, notified: 5, toUpgrade: 5 });
    for (const d of fleet.slice(5)) expect((await poll(t, d)).data.action).toBe('none');
    // Already handed the package before the pause: its report still counts.
    expect((await report(t, fleet[4]!, { taskId, status: 'success', firmwareVersion: pkg.versionName })).data).toEqual({
      state: 'success',
    });
    await tick();
    expect((await get(taskId)).status).toBe('paused');

    expect((await operate(taskId, 'continue')).data.status).toBe('in_release');
    const served = await fleetRound(t, fleet);
    expect(served).toEqual(fleet.slice(5).map((x) => x.id));
    await tick();
    expect((await get(taskId)).counts).toMatchObject({ success: 10, notified: 10 });
  });

  it('ending or revoking a task cancels its active devices, which are then free', async () => {
    const { fleet, pkg } = await scenario(6);
    const taskId = await submit(fullTask(pkg.id, [EU()], t.clock.now()));
    await fleetRound(t, fleet.slice(0, 2));
    await poll(t, fleet[2]!);
    const ended = await operate(taskId, 'end');
    expect(ended.data.status).toBe('ended');
    expect(await deviceStates(t, taskId)).toEqual({ success: 2, cancelled: 4 });
    expect(ended.data.counts).toMatchObject({ success: 2, toUpgrade: 0, upgrading: 0 });
    expect((await poll(t, fleet[3]!)).data.action).toBe('none');
    expect((await report(t, fleet[2]!, { taskId, status: 'success', firmwareVersion: pkg.versionName })).code).toBe(
      ErrorCodes.deviceTaskMismatch,
    );
    expect((await operate(taskId, 'continue')).basic.code).toBe(ErrorCodes.illegalTransition);

    // A second task over the same devices (the region is free again once the first ended), revoked before it starts.
    const now = t.clock.now();
    const second = await submit(fullTask(pkg.id, [EU()], now, { startAt: now + DAY }));
    expect((await get(second)).counts.targetQuantity).toBe(4);
    const revoked = await operate(second, 'revoke');
    expect(revoked.data.status).toBe('revoked');
    expect(await deviceStates(t, second)).toEqual({ cancelled: 4 });
    const third = await t.call(upgradeCalls.taskPreview, { pkgId: pkg.id, releaseType: 'full', areaIds: [EU()] }, owner);
    expect(third.data).toMatchObject({ targetQuantity: 4, busyElsewhere: 0, alreadyUpgraded: 2 });
  });

  it('lets only the supplier suspend, resume and pause externally; a lifted suspension leaves the task paused', async () => {
    const { fleet, pkg } = await scenario(4);
    const taskId = await submit(fullTask(pkg.id, [EU()], t.clock.now()));
    for (const action of ['supplierSuspend', 'supplierResume', 'externalPause', 'externalResume']) {
      expect((await operate(taskId, action)).basic.code, action).toBe(ErrorCodes.forbidden);
    }
    const s = await operate(taskId, 'supplierSuspend', supplier);
    expect(s.basic.code, s.basic.msg).toBe(200);
    expect(s.data).toMatchObject({
      status: 'supplier_suspended',
      pauseReason: 'supplier',
      pauseDetail: 'Suspended by the supplier (supplier).',
    });
    expect((await poll(t, fleet[0]!)).data.action).toBe('none');
    expect((await operate(taskId, 'continue')).basic.code).toBe(ErrorCodes.illegalTransition);
    const r = await operate(taskId, 'supplierResume', supplier);
    expect(r.data).toMatchObject({ status: 'paused', pauseReason: 'supplier' });
    expect(r.data.pauseDetail).toContain('lifted the suspension');
    expect((await operate(taskId, 'continue')).data.status).toBe('in_release');

    expect((await operate(taskId, 'externalPause', supplier)).data.status).toBe('external_paused');
    expect((await poll(t, fleet[0]!)).data.action).toBe('none');
    expect((await operate(taskId, 'externalResume', supplier)).data.status).toBe('in_release');
    expect((await poll(t, fleet[0]!)).data.action).toBe('upgrade');
    expect((await get(taskId)).history.map((h) => `${h.action}:${h.by}`)).toEqual([
      'submit:owner-a',
      'release:owner-a',
      'supplierSuspend:supplier',
      'supplierResume:supplier',
      'continue:owner-a',
      'externalPause:supplier',
      'externalResume:supplier',
    ]);
  });

  it('refuses an illegal transition with 1017', async () => {
    const { pkg } = await scenario(3);
    const now = t.clock.now();
    const taskId = await submit(fullTask(pkg.id, [EU()], now, { startAt: now + DAY }));
    for (const action of ['pause', 'continue', 'promote', 'end']) {
      expect((await operate(taskId, action)).basic.code, action).toBe(ErrorCodes.illegalTransition);
    }
    expect((await get(taskId)).status).toBe('unreleased');
  });

  it('pauses a running task externally while its package is abandoned and resumes it when restored', async () => {
    const { fleet, pkg } = await scenario(3);
    const taskId = await submit(fullTask(pkg.id, [EU()], t.clock.now()));
    await t.database.db.execute(sql`update firmware_packages set status = 'abandoned' where id = ${pkg.id}`);
    await tick();
    let d = await get(taskId);
    expect(d).toMatchObject({ status: 'external_paused', pauseReason: 'packageAbandoned' });
    expect(d.pauseDetail).toContain('abandoned');
    expect((await poll(t, fleet[0]!)).data.action).toBe('none');
    await t.database.db.execute(sql`update firmware_packages set status = 'synced' where id = ${pkg.id}`);
    await tick();
    d = await get(taskId);
    expect(d.status).toBe('in_release');
    expect(d.pauseReason).toBeNull();
  });

  /** A device of partner A in EU written by an import (no device API), changed now on the test clock. */
  async function importDevice(model: string, sn: string, mac: string) {
    const [row] = await t.database.db
      .insert(devices)
      .values({
        companyId: A().id,
        companyPath: A().path,
        sn,
        mac,
        model,
        productType: 'IPC',
        firmwareVersion: 'V1.0.0',
        country: 'DE',
        areaId: EU(),
        updatedAt: new Date(t.clock.now()),
      })
      .returning();
    return row!;
  }

  it('lets devices registered or changed after the start join a running task', async () => {
    const { fleet, pkg, model } = await scenario(3);
    const taskId = await submit(fullTask(pkg.id, [EU()], t.clock.now()));
    expect((await get(taskId)).counts.targetQuantity).toBe(3);

    // Registers through the device API with the brand's provisioning key.
    const provisioningKey = 'prov-key-for-late-joiners-0001';
    await t.database.db
      .insert(deviceProvisioningKeys)
      .values({ companyId: A().id, key: provisioningKey, keyHash: sha256(provisioningKey) })
      .onConflictDoNothing();
    const reg = await deviceCall<{ deviceId: number; deviceKey: string }>(t, 'register', {
      provisioningKey,
      sn: `LATE${version}A`,
      mac: `0A:0B:0C:0D:${(version % 256).toString(16).padStart(2, '0')}:01`,
      model,
      productType: 'IPC',
      firmwareVersion: 'V1.0.0',
      country: 'DE',
    });
    expect(reg.code, reg.msg).toBe(200);
    const late: SimDevice = { id: reg.data.deviceId, sn: `LATE${version}A`, key: reg.data.deviceKey, model, version: 'V1.0.0' };
    expect((await get(taskId)).counts.targetQuantity).toBe(4);
    const p = await poll(t, late);
    expect(p.data).toMatchObject({ action: 'upgrade', taskId });

    // Written by an import (no device API): the engine picks it up on its next tick.
    const imported = await importDevice(
      model,
      `LATE${version}B`,
      `0A0B0C0E${(version % 256).toString(16).padStart(2, '0').toUpperCase()}02`,
    );
    await tick();
    const d = await get(taskId);
    expect(d.counts.targetQuantity).toBe(5);
    const rows = await t.call(upgradeCalls.taskDevices, { taskId, searchText: `LATE${version}B` }, owner);
    expect(rows.data.records).toEqual([expect.objectContaining({ deviceId: imported.id, state: 'pending', wave: 1 })]);

    // A device that reports a version the package fits (it was on another one) joins too.
    const other = await keyedDevices(t, {
      companyId: A().id,
      companyPath: A().path,
      count: 1,
      areaId: EU(),
      model,
      firmwareVersion: 'V0.9',
      snPrefix: `LATE${version}C`,
      macOui: '0A0B0F',
    });
    expect((await poll(t, other[0]!)).data.action).toBe('none');
    other[0]!.version = 'V1.0.0';
    expect((await poll(t, other[0]!)).data).toMatchObject({ action: 'upgrade', taskId });
    await fleetRound(t, [...fleet, late, other[0]!]);
    expect((await get(taskId)).counts.targetQuantity).toBe(6);
  });

  it('offers devices freed by a task that ended to the other open tasks they fit', async () => {
    const { fleet, pkg, model } = await scenario(4);
    // Another package for the same devices, in the same region.
    const pkg2 = await createSyncedPackage(t.database, t.fileStore, {
      companyId: A().id,
      companyPath: A().path,
      versionName: `V9.${version}b`,
      models: [model],
      compatibleVersions: ['V1.0.0'],
      syncedAt: new Date(t.clock.now()),
    });
    // Registered well before the tasks (on the test's clock): only being freed can make them join now.
    await t.database.db
      .update(devices)
      .set({ updatedAt: new Date(t.clock.now()) })
      .where(
        inArray(
          devices.id,
          fleet.map((f) => f.id),
        ),
      );
    await advance(HOUR);
    // The first task holds two of the devices; the second gets the other two (the held ones are busy elsewhere).
    const first = await submit({
      target: { pkgId: pkg.id, releaseType: 'specified', areaIds: [], sns: [fleet[0]!.sn, fleet[1]!.sn] },
      startAt: t.clock.now(),
      endAt: t.clock.now() + 30 * DAY,
    });
    const second = await submit(fullTask(pkg2.id, [EU()], t.clock.now()));
    expect((await get(second)).counts.targetQuantity).toBe(2);
    // Nothing changes while the first task runs.
    await tick();
    expect((await get(second)).counts.targetQuantity).toBe(2);

    // Ended, the first task frees its devices; the next tick offers them to the second.
    expect((await operate(first, 'end')).data.status).toBe('ended');
    await advance(5_000);
    await tick();
    const d = await get(second);
    expect(d.counts.targetQuantity).toBe(4);
    const joined = await t.call(upgradeCalls.taskDevices, { taskId: second, pageSize: 10 }, owner);
    expect(joined.data.records.map((r) => r.deviceId).sort((a, b) => a - b)).toEqual(fleet.map((f) => f.id).sort((a, b) => a - b));
    // They are handed the second task's package when they poll.
    expect((await poll(t, fleet[0]!)).data).toMatchObject({ action: 'upgrade', taskId: second });
    // Looked at again on later ticks, they are not added twice.
    await advance(5_000);
    await tick();
    expect((await get(second)).counts.targetQuantity).toBe(4);
  });

  it('goes on from the stored late-joining position after a restart: a device imported while no instance ticked still joins', async () => {
    const { pkg, model } = await scenario(2);
    const taskId = await submit(fullTask(pkg.id, [EU()], t.clock.now()));
    await tick();
    expect((await get(taskId)).counts.targetQuantity).toBe(2);
    const stored = await t.database.db.select().from(upgradeJoinWatermarks);
    expect(stored.map((w) => w.source).sort()).toEqual(['changed', 'freed']);

    // The portal stops; meanwhile an import writes a device; it starts again two hours later.
    await advance(60_000);
    const imported = await importDevice(
      model,
      `DOWN${version}A`,
      `0A0B0C1E${(version % 256).toString(16).padStart(2, '0').toUpperCase()}03`,
    );
    await advance(2 * HOUR);
    // A new instance (nothing of the old one's memory): the stored position is where it goes on.
    const restarted: Database = { ...t.database };
    await tickReleaseTasks(restarted, t.clock.now());
    expect((await get(taskId)).counts.targetQuantity).toBe(3);
    const rows = await t.call(upgradeCalls.taskDevices, { taskId, searchText: `DOWN${version}A` }, owner);
    expect(rows.data.records).toEqual([expect.objectContaining({ deviceId: imported.id, state: 'pending' })]);
  });

  it('moves a task once when two instances tick at the same time', async () => {
    const { pkg } = await scenario(3);
    const now = t.clock.now();
    const taskId = await submit(fullTask(pkg.id, [EU()], now, { startAt: now + HOUR }));
    await advance(HOUR);
    await Promise.all([tickReleaseTasks(t.database, t.clock.now()), tickReleaseTasks(t.database, t.clock.now())]);
    expect((await get(taskId)).history.filter((h) => h.action === 'release')).toHaveLength(1);
  });
});
