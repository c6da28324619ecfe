/**
 * Release task calls: the targeting preview (every field), the submit rules (24003-24007, 24018),
 * batch all-or-nothing, specified devices by SN, MAC range and xlsx, one active task per device,
 * list, get, counts, devices, results by country, update, delete, and another tenant's task.
 */
import { ErrorCodes, releaseTaskMachine, TASK_OWNER_ACTIONS, upgradeCalls, type ReleaseTaskInput } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../src/db/schema';
import { writeXlsxBuffer } from '../../../src/lib/xlsx';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createSyncedPackage, seedDevices } from '../../support/upgrade-fixtures';
import { DAY, deviceStates, fullTask, grayTask } from '../../support/upgrade-release';

describe.each(ENGINES)('release tasks (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let supplier: Session;
  let n = 0;

  const A = () => t.world.companies.partnerA;
  const EU = () => t.world.areas.eu.id;
  const now = () => t.clock.now();

  /** Devices of partner A in the EU with their own model (and country), so each case stands alone. */
  async function fleet(
    count: number,
    opts: { model?: string; version?: string; country?: string | string[]; snPrefix?: string; macOui?: string } = {},
  ) {
    n++;
    const model = opts.model ?? `T-${n}`;
    const ids = await seedDevices(t.database, {
      at: t.clock.now(),
      companyId: A().id,
      companyPath: A().path,
      count,
      areaId: EU(),
      model,
      firmwareVersion: opts.version ?? 'V1.0.0',
      country: opts.country ?? 'DE',
      snPrefix: opts.snPrefix ?? `T${n}S`,
      macOui: opts.macOui ?? `C0FF${n.toString(16).padStart(2, '0').toUpperCase()}`,
    });
    return { ids, model };
  }

  async function pkgFor(models: string[], over: Parameters<typeof createSyncedPackage>[2] extends infer P ? Partial<P> : never = {}) {
    n++;
    return createSyncedPackage(t.database, t.fileStore, {
      companyId: A().id,
      companyPath: A().path,
      versionName: `V5.${n}`,
      models,
      compatibleVersions: ['V1.0.0'],
      syncedAt: new Date(now()),
      ...over,
    });
  }

  const submit = (...tasks: ReleaseTaskInput[]) => t.call(upgradeCalls.taskBatchSubmit, { tasks }, owner);
  async function submitOk(task: ReleaseTaskInput) {
    const r = await submit(task);
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data.taskIds[0]!;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    supplier = await t.login('supplier@test.local');
  });
  afterAll(() => t?.close());

  it('previews a full release: target, notice, busy elsewhere, incompatible, already upgraded, by country and waves', async () => {
    const { ids, model } = await fleet(30, { country: ['AT', 'BE'] });
    const pkg = await pkgFor([model]);
    await fleet(5, { model, version: pkg.versionName, country: 'AT' });
    await fleet(4, { country: 'BE' }); // another model
    await fleet(2, { model, version: 'V0.1', country: 'AT' }); // a version the package does not fit
    // Another task holds three of the devices.
    const other = await pkgFor([model]);
    const sns = (await t.database.db.execute(
      sql`select sn from devices where id = any(${sql.param(ids.slice(0, 3))}::bigint[]) order by id`,
    )) as unknown as { rows: { sn: string }[] };
    await submitOk({
      target: { pkgId: other.id, releaseType: 'specified', sns: sns.rows.map((r) => r.sn) },
      startAt: now(),
      endAt: now() + DAY,
    });

    const r = await t.call(
      upgradeCalls.taskPreview,
      { pkgId: pkg.id, releaseType: 'full', areaIds: [EU()], countries: ['AT', 'BE'] },
      owner,
    );
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data).toEqual({
      targetQuantity: 27,
      noticeQuantity: 27,
      busyElsewhere: 3,
      unknownTargets: 0,
      incompatible: 6,
      alreadyUpgraded: 5,
      byCountry: [
        { country: 'AT', devices: 13 },
        { country: 'BE', devices: 14 },
      ],
      waves: [{ index: 1, size: 27, paceMinutes: 0 }],
    });

    const gray = await t.call(
      upgradeCalls.taskPreview,
      { pkgId: pkg.id, releaseType: 'gray', areaIds: [EU()], countries: ['AT', 'BE'], grayCount: 50, speed: 'slow' },
      owner,
    );
    expect(gray.data.noticeQuantity).toBe(27);
    const countOnly = await t.call(
      upgradeCalls.taskPreview,
      { pkgId: pkg.id, releaseType: 'gray', areaIds: [EU()], countries: ['AT'], grayCount: 49, speed: 'slow' },
      owner,
    );
    expect(countOnly.basic.code).toBe(ErrorCodes.invalidParams);
  });

  it('splits a gray release into canary waves and a promotion wave', async () => {
    const { model } = await fleet(120, { country: 'CH' });
    const pkg = await pkgFor([model]);
    const p = await t.call(
      upgradeCalls.taskPreview,
      { pkgId: pkg.id, releaseType: 'gray', areaIds: [EU()], countries: ['CH'], grayCount: 100, speed: 'normal' },
      owner,
    );
    expect(p.data).toMatchObject({ targetQuantity: 120, noticeQuantity: 100 });
    expect(p.data.waves).toEqual([
      { index: 1, size: 10, paceMinutes: 0 },
      { index: 2, size: 30, paceMinutes: 10 },
      { index: 3, size: 60, paceMinutes: 10 },
      { index: 4, size: 20, paceMinutes: 0 },
    ]);
    const taskId = await submitOk(
      grayTask(pkg.id, [EU()], now(), 100, 'normal', {
        target: { pkgId: pkg.id, releaseType: 'gray', areaIds: [EU()], countries: ['CH'], grayCount: 100, speed: 'normal' },
      }),
    );
    const d = await t.call(upgradeCalls.taskGet, { taskId }, owner);
    expect(d.data.waves.map((w) => [w.index, w.size, w.isPromotion])).toEqual([
      [1, 10, false],
      [2, 30, false],
      [3, 60, false],
      [4, 20, true],
    ]);
    expect(d.data).toMatchObject({
      releaseType: 'gray',
      speed: 'normal',
      grayCount: 100,
      countries: ['CH'],
      status: 'in_release',
      currentWave: 1,
    });
  });

  it('refuses what cannot be released: 24004, 24018, 24005, 24006, 24007', async () => {
    const { model } = await fleet(60, { country: 'CZ' });
    const verifying = await pkgFor([model], { status: 'verifying' });
    expect((await submit(fullTask(verifying.id, [EU()], now()))).basic.code).toBe(ErrorCodes.packageNotReleasable);
    const expired = await pkgFor([model], { syncedAt: new Date(now() - 100 * DAY), validityDays: 90 });
    expect((await submit(fullTask(expired.id, [EU()], now()))).basic.code).toBe(ErrorCodes.packageExpired);
    const testPkg = await pkgFor([model], { isTest: true });
    expect((await submit(fullTask(testPkg.id, [EU()], now()))).basic.code).toBe(ErrorCodes.testPackageSpecifiedOnly);
    expect(
      (
        await t.call(
          upgradeCalls.taskPreview,
          { pkgId: testPkg.id, releaseType: 'gray', areaIds: [EU()], grayCount: 50, speed: 'fast' },
          owner,
        )
      ).basic.code,
    ).toBe(ErrorCodes.testPackageSpecifiedOnly);
    const nobody = await pkgFor(['NO-SUCH-MODEL']);
    expect((await submit(fullTask(nobody.id, [EU()], now()))).basic.code).toBe(ErrorCodes.noTargetDevices);
    const pkg = await pkgFor([model]);
    const tooMany = await submit(grayTask(pkg.id, [EU()], now(), 60, 'fast'));
    expect(tooMany.basic.code).toBe(ErrorCodes.grayCountTooLarge);
    expect(tooMany.basic.params).toEqual({ devices: 60 });
    expect(tooMany.basic.msg).toContain('60');
    // Nothing was left behind by the refused submits.
    const list = await t.call(upgradeCalls.taskList, { pkgId: pkg.id }, owner);
    expect(list.data.total).toBe(0);
    // A test package goes to specified devices.
    const sn = `T${n - 5}S000001`;
    expect(
      (await submit({ target: { pkgId: testPkg.id, releaseType: 'specified', sns: [sn] }, startAt: now(), endAt: now() + DAY })).basic.code,
    ).toBe(200);
  });

  it('releases a package to a region once (24003), and a batch is all or nothing', async () => {
    const { model } = await fleet(10, { country: 'DK' });
    const pkg = await pkgFor([model]);
    const before = (await t.call(upgradeCalls.taskList, {}, owner)).data.total;
    // The second task of the batch names the same region: the whole batch is refused.
    const batch = await submit(
      fullTask(pkg.id, [EU()], now(), { startAt: now() + DAY }),
      fullTask(pkg.id, [EU()], now(), { startAt: now() + 2 * DAY }),
    );
    expect(batch.basic.code).toBe(ErrorCodes.regionAlreadyReleased);
    expect(batch.basic.params).toEqual({ region: 'Europe' });
    expect(batch.basic.msg).toContain('Europe');
    expect((await t.call(upgradeCalls.taskList, {}, owner)).data.total).toBe(before);
    expect(await deviceCountIn(pkg.id)).toBe(0);

    const first = await submitOk(fullTask(pkg.id, [EU()], now(), { startAt: now() + DAY }));
    expect((await submit(fullTask(pkg.id, [EU()], now()))).basic.code).toBe(ErrorCodes.regionAlreadyReleased);
    expect((await t.call(upgradeCalls.taskPreview, { pkgId: pkg.id, releaseType: 'full', areaIds: [EU()] }, owner)).basic.code).toBe(
      ErrorCodes.regionAlreadyReleased,
    );
    // Revoked, the region is free again.
    expect((await t.call(upgradeCalls.taskOperate, { taskId: first, action: 'revoke' }, owner)).data.status).toBe('revoked');
    await submitOk(fullTask(pkg.id, [EU()], now(), { startAt: now() + DAY }));
  });

  async function deviceCountIn(pkgId: number): Promise<number> {
    const r = (await t.database.db.execute(sql`
      select count(*)::int as n from task_devices td join release_tasks rt on rt.id = td.task_id where rt.pkg_id = ${pkgId}`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(r.rows[0]!.n);
  }

  it('targets specified devices by SN, MAC range and xlsx, counting unknown and incompatible targets', async () => {
    const { model } = await fleet(10, { country: 'FI', snPrefix: 'SPEC', macOui: 'DDEEFF' });
    const pkg = await pkgFor([model]);
    const xlsx = await writeXlsxBuffer([
      { name: 'Devices', columns: [{ header: 'SN' }], rows: [['spec000007'], ['SPEC000008'], ['NOPE000001'], ['bad sn!']] },
    ]);
    const key = `imports/${A().id}/targets-${n}.xlsx`;
    await t.fileStore.put(key, xlsx);
    const [file] = await t.database.db
      .insert(files)
      .values({
        companyId: A().id,
        path: key,
        name: 'targets.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: xlsx.length,
        sha256: 'x',
      })
      .returning();
    const target = {
      pkgId: pkg.id,
      releaseType: 'specified' as const,
      sns: ['spec000001', 'SPEC000002', 'UNKNOWN000001', 'WORLDB000001'],
      macRanges: [
        { start: 'DD:EE:FF:00:00:03', end: 'dd-ee-ff-00-00-05' },
        { start: 'DDEEFF100000', end: 'DDEEFF100010' },
      ],
      targetFileId: file!.id,
    };
    const p = await t.call(upgradeCalls.taskPreview, target, owner);
    expect(p.basic.code, p.basic.msg).toBe(200);
    // 1, 2 by SN; 3-5 by MAC; 7, 8 from the file. Unknown: UNKNOWN000001, another brand's WORLDB000001, the empty MAC range, NOPE000001 and 'bad sn!'.
    expect(p.data).toMatchObject({
      targetQuantity: 7,
      noticeQuantity: 7,
      unknownTargets: 5,
      incompatible: 0,
      alreadyUpgraded: 0,
      busyElsewhere: 0,
    });
    const taskId = await submitOk({ target, startAt: now(), endAt: now() + DAY });
    const devs = await t.call(upgradeCalls.taskDevices, { taskId, pageSize: 100 }, owner);
    expect(devs.data.records.map((d) => d.sn).sort()).toEqual([
      'SPEC000001',
      'SPEC000002',
      'SPEC000003',
      'SPEC000004',
      'SPEC000005',
      'SPEC000007',
      'SPEC000008',
    ]);

    // Another brand's file is not the caller's to use; a file that is not a workbook is refused.
    const foreign = await t.call(upgradeCalls.taskPreview, { ...target, targetFileId: t.world.files.fileB.id }, owner);
    expect(foreign.basic.code).toBe(ErrorCodes.notFound);
    const junkKey = `imports/${A().id}/junk-${n}.xlsx`;
    await t.fileStore.put(junkKey, Buffer.from('not a workbook'));
    const [junk] = await t.database.db
      .insert(files)
      .values({ companyId: A().id, path: junkKey, name: 'junk.xlsx', mime: 'application/octet-stream', size: 14, sha256: 'x' })
      .returning();
    expect((await t.call(upgradeCalls.taskPreview, { ...target, targetFileId: junk!.id }, owner)).basic.code).toBe(
      ErrorCodes.importUnreadable,
    );
  });

  it('holds a device in one active task at a time', async () => {
    const { model } = await fleet(8, { country: 'GR' });
    const first = await pkgFor([model]);
    const second = await pkgFor([model]);
    const a = await submitOk({
      target: { pkgId: first.id, releaseType: 'specified', sns: [`T${n - 2}S000001`, `T${n - 2}S000002`, `T${n - 2}S000003`] },
      startAt: now(),
      endAt: now() + DAY,
    });
    const p = await t.call(upgradeCalls.taskPreview, { pkgId: second.id, releaseType: 'full', areaIds: [EU()], countries: ['GR'] }, owner);
    expect(p.data).toMatchObject({ targetQuantity: 5, busyElsewhere: 3 });
    const b = await submitOk({
      ...fullTask(second.id, [EU()], now()),
      target: { pkgId: second.id, releaseType: 'full', areaIds: [EU()], countries: ['GR'] },
    });
    expect(await deviceStates(t, a)).toEqual({ pending: 3 });
    expect(await deviceStates(t, b)).toEqual({ pending: 5 });
    const overlap = (await t.database.db.execute(sql`
      select count(*)::int as n from task_devices x join task_devices y on x.device_id = y.device_id where x.task_id = ${a} and y.task_id = ${b}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(overlap.rows[0]!.n)).toBe(0);
  });

  it('lists, gets and counts tasks, their devices and results by country', async () => {
    const { model } = await fleet(6, { country: ['HU', 'IE'] });
    const pkg = await pkgFor([model]);
    const taskId = await submitOk({
      ...fullTask(pkg.id, [EU()], now()),
      target: { pkgId: pkg.id, releaseType: 'full', areaIds: [EU()], countries: ['HU', 'IE'] },
    });
    const list = await t.call(upgradeCalls.taskList, { pkgId: pkg.id, status: 'in_release', releaseType: 'full' }, owner);
    expect(list.data.total).toBe(1);
    expect(list.data.records[0]).toMatchObject({
      taskId,
      pkgId: pkg.id,
      versionName: pkg.versionName,
      productType: 'IPC',
      companyId: A().id,
      companyName: 'Partner A',
      releaseType: 'full',
      areaIds: [EU()],
      countries: ['HU', 'IE'],
      status: 'in_release',
      pauseReason: null,
      pauseDetail: null,
      createdBy: 'owner-a',
      counts: { targetQuantity: 6, noticeQuantity: 6, toUpgrade: 6, notified: 0, upgrading: 0, success: 0, failed: 0 },
    });
    expect((await t.call(upgradeCalls.taskList, { searchText: pkg.versionName }, owner)).data.records.map((r) => r.taskId)).toEqual([
      taskId,
    ]);
    expect((await t.call(upgradeCalls.taskList, { searchText: String(taskId) }, owner)).data.records.map((r) => r.taskId)).toContain(
      taskId,
    );
    expect((await t.call(upgradeCalls.taskList, { pkgId: pkg.id, status: 'paused' }, owner)).data.total).toBe(0);

    const counts = await t.call(upgradeCalls.taskCounts, { taskId }, owner);
    expect(counts.data).toEqual({ targetQuantity: 6, noticeQuantity: 6, toUpgrade: 6, notified: 0, upgrading: 0, success: 0, failed: 0 });
    const byCountry = await t.call(upgradeCalls.resultByCountry, { taskId }, owner);
    expect(byCountry.data).toEqual([
      { country: 'HU', toUpgrade: 3, notified: 0, success: 0, failed: 0 },
      { country: 'IE', toUpgrade: 3, notified: 0, success: 0, failed: 0 },
    ]);
    const page = await t.call(upgradeCalls.taskDevices, { taskId, country: 'IE', pageSize: 2 }, owner);
    expect(page.data.total).toBe(3);
    expect(page.data.records).toHaveLength(2);
    expect(page.data.records[0]).toMatchObject({
      country: 'IE',
      wave: 1,
      state: 'pending',
      fromVersion: 'V1.0.0',
      reportedVersion: null,
      errorCode: null,
      model,
    });
    const bySn = await t.call(upgradeCalls.taskDevices, { taskId, searchText: page.data.records[0]!.sn.toLowerCase() }, owner);
    expect(bySn.data.records).toHaveLength(1);
    expect((await t.call(upgradeCalls.taskDevices, { taskId, state: 'success' }, owner)).data.total).toBe(0);
    const tooLong = await t.call(upgradeCalls.taskDevices, { taskId, range: { from: now() - 40 * DAY, to: now() } }, owner);
    expect(tooLong.basic.code).toBe(ErrorCodes.invalidParams);

    // The supplier sees every brand's tasks; partner B none of A's.
    const all = await t.call(upgradeCalls.taskList, { pageSize: 100 }, supplier);
    expect(all.data.records.map((r) => r.taskId)).toEqual(expect.arrayContaining([taskId, t.world.upgradeB.task.id]));
    const b = await t.call(upgradeCalls.taskList, { pageSize: 100 }, ownerB);
    expect(b.data.records.map((r) => r.taskId)).toEqual([t.world.upgradeB.task.id]);
  });

  it('updates the end time and gates of a running task, never of a finished one (24017)', async () => {
    const { model } = await fleet(3, { country: 'LU' });
    const pkg = await pkgFor([model]);
    const taskId = await submitOk({
      ...fullTask(pkg.id, [EU()], now()),
      target: { pkgId: pkg.id, releaseType: 'full', areaIds: [EU()], countries: ['LU'] },
    });
    const gates = { successThreshold: 80, errorThreshold: 30, minDevices: 5, reportTimeoutMinutes: 60 };
    const u = await t.call(upgradeCalls.taskUpdate, { taskId, endAt: now() + 10 * DAY, gates }, owner);
    expect(u.basic.code, u.basic.msg).toBe(200);
    expect(u.data).toMatchObject({ endAt: now() + 10 * DAY, gates });
    expect((await t.call(upgradeCalls.taskUpdate, { taskId, endAt: now() - DAY }, owner)).basic.code).toBe(ErrorCodes.invalidParams);
    await t.call(upgradeCalls.taskOperate, { taskId, action: 'end' }, owner);
    expect((await t.call(upgradeCalls.taskUpdate, { taskId, gates }, owner)).basic.code).toBe(ErrorCodes.taskNotEditable);
  });

  it('deletes an unreleased or finished task, not a running one', async () => {
    const { model } = await fleet(3, { country: 'MT' });
    const pkg = await pkgFor([model]);
    const target = { pkgId: pkg.id, releaseType: 'full' as const, areaIds: [EU()], countries: ['MT'] };
    const later = await submitOk({ target, startAt: now() + DAY, endAt: now() + 2 * DAY });
    expect((await t.call(upgradeCalls.taskDelete, { taskId: later }, owner)).basic.code).toBe(200);
    expect((await t.call(upgradeCalls.taskGet, { taskId: later }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect(await deviceStates(t, later)).toEqual({});
    const running = await submitOk({ target, startAt: now(), endAt: now() + DAY });
    expect((await t.call(upgradeCalls.taskDelete, { taskId: running }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
    await t.call(upgradeCalls.taskOperate, { taskId: running, action: 'end' }, owner);
    expect((await t.call(upgradeCalls.taskDelete, { taskId: running }, owner)).basic.code).toBe(200);
  });

  it("answers with every task the caller's abilities on it (policy), in the list and the detail", async () => {
    const taskId = t.world.upgradeB.task.id;
    // Unreleased: its owner may revoke, edit (end time and gates) or delete it; the supplier may also suspend it.
    const own = (await t.call(upgradeCalls.taskGet, { taskId }, ownerB)).data;
    expect(own.status).toBe('unreleased');
    expect(own.actions).toEqual([...TASK_OWNER_ACTIONS.filter((a) => releaseTaskMachine.can('unreleased', a)), 'update', 'delete']);
    expect(own.actions).not.toContain('supplierSuspend');
    const bySupplier = (await t.call(upgradeCalls.taskGet, { taskId }, supplier)).data;
    expect(bySupplier.actions).toContain('supplierSuspend');
    const listed = (await t.call(upgradeCalls.taskList, { pageNum: 1, pageSize: 50 }, ownerB)).data.records.find(
      (r) => r.taskId === taskId,
    );
    expect(listed?.actions).toEqual(own.actions);
  });

  it("refuses another tenant's task and package (1004)", async () => {
    const taskId = t.world.upgradeB.task.id;
    expect((await t.call(upgradeCalls.taskGet, { taskId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(upgradeCalls.taskOperate, { taskId, action: 'revoke' }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(upgradeCalls.taskUpdate, { taskId, endAt: Date.UTC(2031, 0, 1) }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(upgradeCalls.taskDelete, { taskId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(upgradeCalls.taskDevices, { taskId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(upgradeCalls.resultByCountry, { taskId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect(
      (await t.call(upgradeCalls.taskPreview, { pkgId: t.world.upgradeB.package.id, releaseType: 'full', areaIds: [EU()] }, owner)).basic
        .code,
    ).toBe(ErrorCodes.notFound);
    // Its owner and the supplier see it; the supplier may suspend it.
    expect((await t.call(upgradeCalls.taskGet, { taskId }, ownerB)).data.status).toBe('unreleased');
    expect((await t.call(upgradeCalls.taskOperate, { taskId, action: 'supplierSuspend' }, supplier)).data.status).toBe(
      'supplier_suspended',
    );
    expect((await t.call(upgradeCalls.taskOperate, { taskId, action: 'supplierResume' }, supplier)).data.status).toBe('paused');
  });

  it('keeps targets within the current area (1007)', async () => {
    const { model } = await fleet(3, { country: 'NL' });
    const pkg = await pkgFor([model]);
    const r = await t.call(upgradeCalls.taskPreview, { pkgId: pkg.id, releaseType: 'full', areaIds: [t.world.areas.us.id] }, owner);
    expect(r.basic.code).toBe(ErrorCodes.areaForbidden);
    expect((await t.call(upgradeCalls.taskPreview, { pkgId: pkg.id, releaseType: 'full', areaIds: [999999] }, owner)).basic.code).toBe(
      ErrorCodes.invalidParams,
    );
  });
});
