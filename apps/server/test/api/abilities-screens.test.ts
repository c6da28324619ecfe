/**
 * Abilities of the later modules' screens (issue 11 §2, "the web shows or hides actions only from
 * them"), held to their calls like abilities.test.ts: for several actors, every action the server
 * answers is carried out by its call, and every action it leaves out is refused with a catalogue
 * error (never a 200, never a 500).
 * - insight/abilities: read and export device logs, verify the operation log's chain;
 * - a device's log list `actions`: request a log, set the brand's retention;
 * - storage/abilities readOrderSettings (now any session's call: a holder of setting codes only
 *   gets it, a holder of storage codes only does not);
 * - feedback/desk/abilities createCannedReply and manageStaff, and each canned reply's edit and delete.
 */
import {
  CANNED_REPLY_ABILITIES,
  DESK_ACTIONS,
  DEVICE_LOG_ABILITIES,
  deskCalls,
  deviceLogCalls,
  ErrorCodes,
  INSIGHT_ACTIONS,
  insightAbilityCalls,
  insightCalls,
  insightExportCalls,
  isKnownErrorCode,
  storageCalls,
  type ResourceCode,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Answer, type Session, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';
import { createUser } from '../support/fixtures';
import { seedDevices } from '../support/upgrade-fixtures';

const DAY_MS = 86_400_000;

interface Check<A extends string> {
  actor: string;
  answered: readonly A[];
  action: A;
  result: Answer;
}

/** Mismatches between what was answered and what the call did, and the counts of allowed and refused. */
function judge<A extends string>(checks: Check<A>[]) {
  const mismatches: string[] = [];
  for (const c of checks) {
    const ok = c.result.basic.code === 200;
    const where = `${c.actor} / ${c.action}: answered [${c.answered.join(', ')}], call ${c.result.basic.code} ${c.result.basic.msg}`;
    if (ok !== c.answered.includes(c.action)) mismatches.push(where);
    if (!ok && (!isKnownErrorCode(c.result.basic.code) || c.result.basic.code === ErrorCodes.internal))
      mismatches.push(`not a catalogue refusal: ${where}`);
  }
  return {
    mismatches,
    allowed: checks.filter((c) => c.result.basic.code === 200).length,
    refused: checks.filter((c) => c.result.basic.code !== 200).length,
  };
}

describe.each(ENGINES)('screen abilities answer exactly what the calls allow (%s)', (engine) => {
  let t: TestApp;
  const sessions: Record<string, Session> = {};
  /** Each actor's devices (in its own subtree and area), one used per action. */
  const devicesOf: Record<string, number[]> = {};

  const user = (companyId: number, email: string, userType: string, codes: ResourceCode[]) =>
    createUser(t.database, { companyId, email, userType, codes, areaIds: [t.world.areas.eu.id], userAuthType: 3 });

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { partnerA, dealerA } = t.world.companies;
    await user(partnerA.id, 'logs-reader@test.local', 'partner', ['rmr_qry']);
    await user(dealerA.id, 'logs-dealer@test.local', 'distributor', ['dealer_device_qry', 'dealer_device_mgr']);
    await user(partnerA.id, 'settings-only@test.local', 'partner', ['dealer_cldstorage_setting_qry']);
    await user(partnerA.id, 'storage-only@test.local', 'partner', ['dealer_storage_qry', 'dealer_storage_mgr']);
    await user(partnerA.id, 'desk-reader@test.local', 'partner', ['dealer_feedback_qry']);
    sessions.owner = await t.login('owner-a@test.local');
    sessions.supplier = await t.login('supplier@test.local');
    sessions.noCodes = await t.login('nocodes-a@test.local');
    sessions.reader = await t.login('logs-reader@test.local');
    sessions.dealer = await t.login('logs-dealer@test.local');
    sessions.settingsOnly = await t.login('settings-only@test.local');
    sessions.storageOnly = await t.login('storage-only@test.local');
    sessions.deskReader = await t.login('desk-reader@test.local');
    const eu = t.world.areas.eu.id;
    const at = t.clock.now();
    const forA = await seedDevices(t.database, {
      companyId: partnerA.id,
      companyPath: partnerA.path,
      count: 12,
      areaId: eu,
      at,
      snPrefix: 'ABLA',
    });
    const forDealer = await seedDevices(t.database, {
      companyId: dealerA.id,
      companyPath: dealerA.path,
      count: 4,
      areaId: eu,
      at,
      snPrefix: 'ABLD',
      macStart: 101,
    });
    devicesOf.owner = forA.slice(0, 4);
    devicesOf.supplier = forA.slice(4, 8);
    devicesOf.reader = forA.slice(8, 12);
    devicesOf.noCodes = forA.slice(8, 12);
    devicesOf.dealer = forDealer;
  });
  afterAll(() => t?.close());

  it('insight/abilities: reading and exporting device logs and verifying the chain exactly as answered', async () => {
    const checks: Check<(typeof INSIGHT_ACTIONS)[number]>[] = [];
    const to = t.clock.now();
    for (const actor of ['owner', 'supplier', 'reader', 'dealer', 'noCodes']) {
      const s = sessions[actor]!;
      const r = await t.call(insightAbilityCalls.abilities, {}, s);
      expect(r.basic.code, `${actor}: ${r.basic.msg}`).toBe(200);
      const answered = r.data.actions;
      for (const action of INSIGHT_ACTIONS) {
        const result =
          action === 'readDeviceLogs'
            ? await t.call(deviceLogCalls.deviceLogList, { deviceId: devicesOf[actor]![0]! }, s)
            : action === 'exportDeviceLogs'
              ? await t.call(insightExportCalls.deviceLogExport, { range: { from: to - 7 * DAY_MS, to }, format: 'csv' }, s)
              : await t.call(insightCalls.auditVerify, {}, s);
        checks.push({ actor, answered, action, result });
      }
    }
    const { mismatches, allowed, refused } = judge(checks);
    expect(mismatches).toEqual([]);
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    // Who gets what: the supplier everything, a partner's readers the logs, nobody else the chain.
    expect((await t.call(insightAbilityCalls.abilities, {}, sessions.supplier!)).data.actions).toEqual([...INSIGHT_ACTIONS]);
    expect((await t.call(insightAbilityCalls.abilities, {}, sessions.reader!)).data.actions).toEqual([
      'readDeviceLogs',
      'exportDeviceLogs',
    ]);
    expect((await t.call(insightAbilityCalls.abilities, {}, sessions.noCodes!)).data.actions).toEqual([]);
  });

  it("a device's log list answers request and setRetention exactly as the calls allow", async () => {
    const checks: Check<(typeof DEVICE_LOG_ABILITIES)[number]>[] = [];
    for (const actor of ['owner', 'supplier', 'reader', 'dealer']) {
      const s = sessions[actor]!;
      for (const [i, action] of DEVICE_LOG_ABILITIES.entries()) {
        // A fresh device per action: an earlier request waiting would refuse the next (26001, not an ability).
        const deviceId = devicesOf[actor]![i + 1]!;
        const list = await t.call(deviceLogCalls.deviceLogList, { deviceId }, s);
        expect(list.basic.code, `${actor}: ${list.basic.msg}`).toBe(200);
        const result =
          action === 'request'
            ? await t.call(deviceLogCalls.deviceLogRequest, { deviceId }, s)
            : await t.call(deviceLogCalls.deviceLogRetentionSet, { days: 30 }, s);
        checks.push({ actor, answered: list.data.actions, action, result });
      }
    }
    const { mismatches, allowed, refused } = judge(checks);
    expect(mismatches).toEqual([]);
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    // A brand's manager may set the retention; a distributor's manager may only ask for logs.
    const byActor = Object.fromEntries(checks.filter((c) => c.action === 'request').map((c) => [c.actor, c.answered]));
    expect(byActor).toMatchObject({ owner: ['request', 'setRetention'], reader: [], dealer: ['request'] });
  });

  it('storage/abilities answers readOrderSettings exactly to those whose storage/setting/get goes through, to any session', async () => {
    const checks: Check<'readOrderSettings'>[] = [];
    for (const actor of ['owner', 'supplier', 'settingsOnly', 'storageOnly', 'noCodes']) {
      const s = sessions[actor]!;
      const r = await t.call(storageCalls.abilities, {}, s);
      expect(r.basic.code, `${actor}: ${r.basic.msg}`).toBe(200);
      checks.push({
        actor,
        answered: r.data.actions.filter((a): a is 'readOrderSettings' => a === 'readOrderSettings'),
        action: 'readOrderSettings',
        result: await t.call(storageCalls.settingGet, {}, s),
      });
    }
    const { mismatches, allowed, refused } = judge(checks);
    expect(mismatches).toEqual([]);
    expect(allowed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect((await t.call(storageCalls.abilities, {}, sessions.settingsOnly!)).data.actions).toEqual(['readOrderSettings']);
  });

  it("the desk's createCannedReply and manageStaff, and each canned reply's edit and delete, exactly as the calls allow", async () => {
    const ownerId = (await t.call(deskCalls.staffList, {}, sessions.owner!)).data.find((m) => m.name)!.userId;
    const checks: Check<string>[] = [];
    let n = 0;
    for (const actor of ['owner', 'deskReader']) {
      const s = sessions[actor]!;
      const desk = await t.call(deskCalls.abilities, {}, s);
      expect(desk.basic.code, `${actor}: ${desk.basic.msg}`).toBe(200);
      for (const action of DESK_ACTIONS) {
        const result =
          action === 'createCannedReply'
            ? await t.call(deskCalls.cannedSave, { language: 'en-US', title: `Ability ${++n}`, text: 'Hello' }, s)
            : await t.call(deskCalls.staffSave, { userId: ownerId, available: true, cap: 5 }, s);
        checks.push({ actor, answered: desk.data.actions, action, result });
      }
      for (const action of CANNED_REPLY_ABILITIES) {
        // A fresh reply per action, made by the owner (the desk's manager).
        const made = await t.call(deskCalls.cannedSave, { language: 'en-US', title: `Ability ${++n}`, text: 'Hello' }, sessions.owner!);
        expect(made.basic.code, made.basic.msg).toBe(200);
        const listed = (await t.call(deskCalls.cannedList, { language: 'en-US' }, s)).data.find((c) => c.id === made.data.id)!;
        const result =
          action === 'edit'
            ? await t.call(deskCalls.cannedSave, { cannedReplyId: made.data.id, language: 'en-US', title: `Edited ${n}`, text: 'Hi' }, s)
            : await t.call(deskCalls.cannedDelete, { cannedReplyId: made.data.id }, s);
        checks.push({ actor, answered: listed.actions, action, result });
      }
    }
    const { mismatches, allowed, refused } = judge(checks);
    expect(mismatches).toEqual([]);
    expect(allowed).toBe(4);
    expect(refused).toBe(4);
  });
});
