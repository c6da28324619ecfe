/**
 * npm run app-sim against a test server listening on a port: end users register with codes read
 * from the outbox (as the supplier), bind the devices of the pool, and list them; a second run with
 * the same e-mails logs in instead.
 */
import { appKeyCalls, endUserLogCalls, messageCalls, storageCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { makePng } from '../../apps/server/test/lib/helpers/images';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/test/support/app';
import { APP_A, DEVICE_A_CODE, insertDeviceA, PASSWORD } from '../../apps/server/test/support/fixtures';
import { devices } from '../../apps/server/src/db/schema';
import { sha256Hex } from '../../apps/server/src/lib/secrets';
import { devicePool } from '../app-sim/cli';
import { Outbox } from '../app-sim/client';
import { Population } from '../app-sim/population';
import { pushRunSettings } from '../../apps/server/src/modules/message-center';
import { flushEndUserLogs } from '../../apps/server/src/modules/insight';

describe('app-sim', () => {
  let t: TestApp;
  let origin: string;
  let deviceA: { sn: string };
  beforeAll(async () => {
    t = await createTestApp('pglite');
    // Real time: the simulator signs with Date.now().
    t.clock.set(Date.now());
    deviceA = await insertDeviceA(t.database, t.world);
    // A listed plan of partner A, paid through its verified sandbox account.
    const supplier = await t.login('supplier@test.local');
    const owner = await t.login('owner-a@test.local');
    const plan = await t.call(
      storageCalls.planCreate,
      { name: 'Sim 30 days', storageValue: 7, storageUnit: 'day', serviceDays: 30, costPrice: 100, guidePrice: 200 },
      supplier,
    );
    await t.call(
      storageCalls.payeeSave,
      { provider: 'sandbox', mode: 'test', accountId: 'acct_sim', secret: 'sbx_simulatorkey0000001' },
      owner,
    );
    await t.call(storageCalls.payeeTest, { provider: 'sandbox' }, owner);
    const cover = await t.upload(owner, 'cover', 'cover.png', makePng(320, 180));
    const g = await t.call(
      storageCalls.goodsCreate,
      {
        name: 'Sim plan',
        goodsCode: 'SIM-1',
        planId: plan.data.planId,
        androidPrice: 500,
        iosPrice: 600,
        stock: null,
        saleUntil: null,
        areaId: t.world.areas.eu.id,
        coverFileId: cover.fileId,
        contents: { 'en-US': { graphic: '<p>Sim</p>', terms: '', detailImageIds: [] } },
      },
      owner,
    );
    await t.call(storageCalls.goodsOperate, { goodsId: g.data.goodsId, action: 'submitReview' }, owner);
    await t.call(storageCalls.goodsReview, { goodsId: g.data.goodsId, action: 'approve' }, supplier);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  const shown: string[] = [];
  const run = async (users: number, opts: { emailPrefix?: string; pool?: ReturnType<typeof devicePool> } = {}) => {
    const population = new Population({
      onShow: (line) => shown.push(line),
      origin,
      key: APP_A,
      users,
      emailPrefix: opts.emailPrefix ?? 'simtest',
      password: 'Appsim#2026',
      outbox: new Outbox(origin, { email: 'supplier@test.local', password: PASSWORD }),
      pool: opts.pool ?? devicePool({ [deviceA.sn]: DEVICE_A_CODE }, [{ sn: t.world.upgradeB.device.sn, verifyCode: 'BBBB3333' }]),
      devicesPerUser: 1,
      concurrency: 2,
      sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))),
    });
    const done = population.run();
    await done;
    return population;
  };

  it('registers end users with e-mailed codes, binds the pool’s devices and lists them', async () => {
    const p = await run(3);
    expect(p.counts.get('registered')).toBe(3);
    expect(p.counts.get('bound')).toBe(1);
    // Partner B's device is not Acme's: answered as an unknown one and skipped.
    expect(p.counts.get('device taken')).toBe(1);
    expect(p.counts.get('listed')).toBe(3);
    // The user with the device bought the plan with a sandbox card (paid, queued on the device).
    expect(p.counts.get('paid')).toBe(1);
    const paid = (await t.database.db.execute(
      sql`select count(*)::int as n from storage_orders where device_sn = ${deviceA.sn} and state = 'paid' and period is not null`,
    )) as unknown as { rows: { n: number }[] };
    expect(paid.rows[0]!.n).toBe(1);
    expect(p.allDone()).toBe(true);
    expect(p.progressLine(5)).toMatch(/^\[00:05\] users=3\/3 /);
    const owner = await t.login('owner-a@test.local');
    const users = await t.call(appKeyCalls.endUserList, { pageNum: 1, pageSize: 10, keyword: 'simtest' }, owner);
    expect(users.data.total).toBe(3);
    expect(users.data.records.reduce((n, u) => n + u.deviceCount, 0)).toBe(1);
    // The end-user log has their calls, with the app's platform and version, and the playback failure.
    expect(p.counts.get('playback-failures')).toBe(1);
    await flushEndUserLogs();
    const range = { from: Date.now() - 3_600_000, to: Date.now() + 60_000 };
    const signUps = await t.call(endUserLogCalls.search, { range, action: 'account/register' }, owner);
    expect(signUps.data.records).toHaveLength(3);
    expect(new Set(signUps.data.records.map((r) => r.platform))).toEqual(new Set(['android', 'ios']));
    expect(signUps.data.records.every((r) => r.code === 200 && /^4\.\d\.\d$/.test(r.appVersion))).toBe(true);
    const playback = await t.call(endUserLogCalls.search, { range, action: 'log/playback-failure' }, owner);
    expect(playback.data.records).toMatchObject([{ sn: deviceA.sn, detail: 'P2P_TIMEOUT', code: 200 }]);
  }, 60_000);

  it('logs the same users in on a second run', async () => {
    const p = await run(2);
    expect(p.counts.get('logged in')).toBe(2);
    expect(p.counts.get('registered')).toBeUndefined();
  }, 60_000);

  it('shows the pushes the local provider kept for each user and reads the inbox', async () => {
    const owner = await t.login('owner-a@test.local');
    const saved = await t.call(
      messageCalls.save,
      {
        type: 'notice',
        contents: {
          'en-US': { title: 'Firmware ready', body: '<p>Update your camera.</p>' },
          'zh-CN': { title: '固件已就绪', body: '<p>请更新摄像机。</p>' },
        },
        preferredLanguage: 'en-US',
        audience: { kind: 'endUsers', filter: { by: 'all' } },
      },
      owner,
    );
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    pushRunSettings.inline = 'await'; // the pushes are in the outbox when the release answers
    expect((await t.call(messageCalls.release, { messageId: saved.data.id }, owner)).basic.code).toBe(200);
    pushRunSettings.inline = 'detach';
    shown.length = 0;
    const p = await run(3);
    // Each user registered its push token on the first run; every one gets the push in its language (simtest00003 reads zh-CN).
    expect(p.counts.get('pushes')).toBe(3);
    expect(shown).toContain('push to simtest00001@app-sim.local: Firmware ready (Update your camera.)');
    expect(shown).toContain('push to simtest00003@app-sim.local: 固件已就绪 (请更新摄像机。)');
    expect(p.counts.get('messages-read')).toBe(3);
  }, 60_000);
  it('four users with a device each buy a plan: one user in four has the card declined first, then pays the order', async () => {
    // Four more devices of Acme in the EU, each with its verification code.
    const pool: Record<string, string> = {};
    for (let i = 1; i <= 4; i++) {
      const sn = `SIMDECL0000${i}`;
      const verifyCode = `DECL${i}${i}${i}${i}`.replace(/[01]/g, '7');
      await t.database.db.insert(devices).values({
        companyId: t.world.companies.partnerA.id,
        companyPath: t.world.companies.partnerA.path,
        sn,
        mac: `D0D0D000000${i}`,
        model: 'IPC-200',
        productType: 'IPC',
        firmwareVersion: 'V1.0.0',
        country: 'DE',
        areaId: t.world.areas.eu.id,
        verifyCodeHash: sha256Hex(verifyCode),
      });
      pool[sn] = verifyCode;
    }
    const p = await run(4, { emailPrefix: 'simdecl', pool: devicePool(pool, []) });
    expect(p.counts.get('registered')).toBe(4);
    expect(p.counts.get('bound')).toBe(4);
    expect(p.counts.get('declined')).toBe(1);
    expect(p.counts.get('paid')).toBe(4);
    expect(p.problems.size).toBe(0);
    const rows = (await t.database.db.execute(
      sql`select o.device_sn, o.state, (o.period is not null) as started,
            (select count(*)::int from storage_order_attempts a where a.order_id = o.id and a.status = 'declined') as declined
          from storage_orders o where o.device_sn like 'SIMDECL%' order by o.device_sn`,
    )) as unknown as { rows: { device_sn: string; state: string; started: boolean; declined: number }[] };
    expect(rows.rows).toHaveLength(4);
    expect(rows.rows.every((r) => r.state === 'paid' && r.started)).toBe(true);
    expect(rows.rows.reduce((n, r) => n + r.declined, 0)).toBe(1);
  }, 60_000);
});
