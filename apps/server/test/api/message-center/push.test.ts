/**
 * Push and end-user messaging (issue 13 §2, §5, §7): end-user audiences (preview counts per
 * language and muted, equal to the receipts written; specified ones capped and unknown ones
 * listed), the app API's tokens, preferences and inbox (another end user's message: 1004), push
 * through the local outbox, withdraw dropping pending pushes and queueing silent removals, the
 * APNs provider against a local http2 stand-in (ES256 token checked; sent, dead token pruned,
 * refusal and outage retried with backoff under the test clock), FCM through firebase-admin against
 * nock on the HTTP v1 endpoint, credentials sealed and masked, the test send, and tenancy.
 */
import {
  appApiCalls as appApi,
  appMessageCalls,
  errorMessage,
  ErrorCodes,
  messageCalls,
  pushSettingsCalls,
  PUSH_BATCH_MAX,
  type MessageInput,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { createPublicKey, generateKeyPairSync, verify as cryptoVerify } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appPushSettings, devices, endUsers, messageReceipts, pushOutbox, pushQueue, pushTokens } from '../../../src/db/schema';
import { pushProviderSettings, pushRunSettings, runPushesOnce } from '../../../src/modules/message-center';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A, APP_B, createUser, PASSWORD } from '../../support/fixtures';
import nock from '../../support/nock';
import { appCreds, registerEndUser, type Creds } from '../app-api/helpers';

const ecKey = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

/** A local APNs: checks the provider token (ES256 over the .p8's public key) and the topic; answers by token. */
async function apnsStandIn(publicKeyPem: string, topic: string) {
  const seen: { token: string; pushType: string; body: Record<string, unknown> }[] = [];
  const answers = new Map<string, { status: number; reason?: string }>();
  const server = http2.createServer();
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (c: string) => (body += c));
    stream.on('end', () => {
      try {
        answer();
      } catch (err) {
        console.error('apns stand-in', err);
        stream.respond({ ':status': 500 });
        stream.end();
      }
    });
    const answer = () => {
      const [h, c, s] = String(headers.authorization ?? '')
        .replace(/^bearer /, '')
        .split('.');
      const okSig =
        !!h &&
        !!c &&
        !!s &&
        cryptoVerify(
          'sha256',
          Buffer.from(`${h}.${c}`),
          { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' },
          Buffer.from(s, 'base64url'),
        );
      const token = decodeURIComponent(String(headers[':path']).replace('/3/device/', ''));
      if (!okSig || headers['apns-topic'] !== topic) {
        stream.respond({ ':status': 403 });
        stream.end(JSON.stringify({ reason: 'InvalidProviderToken' }));
        return;
      }
      seen.push({ token, pushType: String(headers['apns-push-type']), body: JSON.parse(body) as Record<string, unknown> });
      const a = answers.get(token) ?? { status: 200 };
      stream.respond({ ':status': a.status });
      stream.end(a.reason ? JSON.stringify({ reason: a.reason }) : '');
    };
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return { origin: `http://127.0.0.1:${port}`, seen, answers, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(ENGINES)('push and end-user messages (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let ann: Creds; // en-US, android
  let dora: Creds; // de-DE, ios
  let carl: Creds; // zh-CN, muted promotions, android
  const appA = appCreds(APP_A);
  const appB = appCreds(APP_B);
  let annId: number;
  let doraId: number;
  let carlId: number;

  const ok = <T extends { basic: { code: number; msg: string } }>(r: T) => {
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r;
  };
  const message = (over: Partial<MessageInput> = {}): MessageInput => ({
    type: 'promotion',
    contents: {
      'en-US': { title: 'Spring sale', body: '<p>Half price <b>cameras</b> &amp; more.</p>' },
      'de-DE': { title: 'Frühlingsangebot', body: '<p>Kameras zum halben Preis.</p>' },
    },
    preferredLanguage: 'en-US',
    audience: { kind: 'endUsers', filter: { by: 'all' } },
    ...over,
  });
  const pushDeps = () => ({ database: t.database, sealKeys: t.services.config.sealKeys, now: () => new Date(t.clock.now()) });
  const queued = async (messageId: number, kind = 'notify') =>
    (
      await t.database.db
        .select()
        .from(pushQueue)
        .where(and(eq(pushQueue.messageId, messageId), eq(pushQueue.kind, kind)))
    ).length;
  async function release(over: Partial<MessageInput> = {}) {
    const m = ok(await t.call(messageCalls.save, message(over), owner)).data;
    ok(await t.call(messageCalls.release, { messageId: m.id }, owner));
    return m;
  }

  beforeAll(async () => {
    // nock's interception is on only in the FCM test (it breaks in-process http2, the APNs stand-in's).
    nock.restore();
    // Pushes run in the process before the call answers (no job queue here), so each step sees them.
    pushRunSettings.inline = 'await';
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    ann = ok(await t.call(appApi.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA)).data as Creds;
    dora = await registerEndUser(t, appA, 'dora@test.local');
    carl = await registerEndUser(t, appA, 'carl@test.local');
    const id = async (email: string) => (await t.database.db.select().from(endUsers).where(eq(endUsers.email, email)))[0]!.id;
    annId = await id('enduser-a@test.local');
    doraId = await id('dora@test.local');
    carlId = await id('carl@test.local');
    await t.database.db.update(endUsers).set({ locale: 'de-DE', country: 'DE' }).where(eq(endUsers.id, doraId));
    await t.database.db.update(endUsers).set({ locale: 'zh-CN', country: 'CN' }).where(eq(endUsers.id, carlId));
    await t.database.db.update(endUsers).set({ country: 'US' }).where(eq(endUsers.id, annId));
    ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'android', token: 'tok-ann' }, ann));
    ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'ios', token: 'tok-dora' }, dora));
    ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'android', token: 'tok-carl' }, carl));
  });
  afterEach(() => {
    pushRunSettings.inline = 'await';
    pushProviderSettings.apnsOrigin = null;
  });
  afterAll(async () => {
    pushRunSettings.inline = 'detach';
    await t?.close();
  });

  it('keeps tokens and the mute-promotions preference per end user', async () => {
    expect(ok(await t.call(appMessageCalls.preferencesGet, {}, carl)).data).toEqual({ mutePromotions: false });
    expect(ok(await t.call(appMessageCalls.preferencesSet, { mutePromotions: true }, carl)).data).toEqual({ mutePromotions: true });
    // A token re-registered by another user of the same app moves to them (one install, its last user).
    ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'android', token: 'tok-shared' }, ann));
    ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'android', token: 'tok-shared' }, dora));
    const shared = await t.database.db.select().from(pushTokens).where(eq(pushTokens.token, 'tok-shared'));
    expect(shared.map((s) => s.endUserId)).toEqual([doraId]);
    // Removing another user's token removes nothing; one's own, once.
    expect(ok(await t.call(appMessageCalls.pushTokenRemove, { token: 'tok-shared' }, ann)).data.removed).toBe(0);
    expect(ok(await t.call(appMessageCalls.pushTokenRemove, { token: 'tok-shared' }, dora)).data.removed).toBe(1);
  });

  it('previews end-user audiences per resolved language and muted, equal to the receipts written', async () => {
    const p = ok(
      await t.call(
        messageCalls.preview,
        { audience: { kind: 'endUsers', filter: { by: 'all' } }, languages: ['en-US', 'de-DE'], preferredLanguage: 'en-US' },
        owner,
      ),
    ).data;
    // Partner B's end user is not partner A's; carl reads zh-CN, not written: the preferred en-US.
    expect(p).toEqual({
      total: 3,
      byLanguage: [
        { language: 'en-US', count: 2 },
        { language: 'de-DE', count: 1 },
      ],
      muted: 1,
    });
    const byCountry = ok(
      await t.call(
        messageCalls.preview,
        {
          audience: { kind: 'endUsers', filter: { by: 'country', countries: ['de', 'cn'] } },
          languages: ['en-US'],
          preferredLanguage: 'en-US',
        },
        owner,
      ),
    ).data;
    expect(byCountry.total).toBe(2);
    const m = await release();
    const rs = await t.database.db.select().from(messageReceipts).where(eq(messageReceipts.messageId, m.id));
    expect(rs.length).toBe(p.total);
    expect(rs.every((r) => r.recipientKind === 'end_user')).toBe(true);
    const perLanguage = Object.fromEntries(p.byLanguage.map((b) => [b.language, rs.filter((r) => r.language === b.language).length]));
    expect(perLanguage).toEqual({ 'en-US': 2, 'de-DE': 1 });
  });

  it('names end users by device model and firmware, and refuses unknown or too many specified ones', async () => {
    await t.database.db.insert(devices).values({
      companyId: t.world.companies.partnerA.id,
      companyPath: t.world.companies.partnerA.path,
      sn: 'PUSH-DEV-1',
      mac: 'AA:00:00:00:00:01',
      model: 'NVR-8',
      productType: 'NVR',
      firmwareVersion: 'V2.1.0',
      endUserId: doraId,
    });
    const count = async (filter: object) =>
      ok(
        await t.call(
          messageCalls.preview,
          { audience: { kind: 'endUsers', filter } as never, languages: ['en-US'], preferredLanguage: 'en-US' },
          owner,
        ),
      ).data.total;
    expect(await count({ by: 'deviceModel', models: ['NVR-8'] })).toBe(1);
    expect(await count({ by: 'firmware', model: 'NVR-8', versions: ['V2.1.0'] })).toBe(1);
    expect(await count({ by: 'firmware', versions: ['V9'] })).toBe(0);
    expect(await count({ by: 'specified', endUserIds: [annId, carlId] })).toBe(2);
    const otherBrand = t.world.app.endUserB.id;
    const unknown = await t.call(
      messageCalls.preview,
      {
        audience: { kind: 'endUsers', filter: { by: 'specified', endUserIds: [annId, otherBrand, 987654] } },
        languages: ['en-US'],
        preferredLanguage: 'en-US',
      },
      owner,
      { locale: 'zh-CN' },
    );
    expect(unknown.basic.code).toBe(ErrorCodes.messageEndUsersUnknown);
    expect(unknown.basic.msg).toContain(`${otherBrand}, 987654`);
    expect(unknown.basic.msg).toContain('终端用户');
    const many = await t.call(
      messageCalls.preview,
      {
        audience: { kind: 'endUsers', filter: { by: 'specified', endUserIds: Array.from({ length: 1001 }, (_, i) => i + 1) } },
        languages: ['en-US'],
        preferredLanguage: 'en-US',
      },
      owner,
    );
    expect(many.basic.code).toBe(ErrorCodes.messageEndUsersTooMany);
    expect(many.basic.msg).toContain('1,000');
  });

  it("limits a distributor's end-user audience to end users of devices it sold, and the area filter to the sender's areas", async () => {
    const { dealerA, partnerA } = t.world.companies;
    const { eu, us } = t.world.areas;
    await createUser(t.database, {
      companyId: dealerA.id,
      email: 'dealer-push@test.local',
      userType: 'distributor',
      codes: ['dealer_message_qry', 'dealer_message_mgr'],
      areaIds: [eu.id],
    });
    const dealer = await t.login('dealer-push@test.local');
    const preview = (s: Session, filter: object, locale?: string) =>
      t.call(
        messageCalls.preview,
        { audience: { kind: 'endUsers', filter } as never, languages: ['en-US'], preferredLanguage: 'en-US' },
        s,
        locale ? { locale } : undefined,
      );
    // The brand's end users are all the partner's; the distributor reaches those it sold a device to (now carl).
    const brandAll = ok(await preview(owner, { by: 'all' })).data.total;
    expect(brandAll).toBeGreaterThanOrEqual(3);
    const soldBefore = ok(await preview(dealer, { by: 'all' })).data.total;
    await t.database.db.insert(devices).values({
      companyId: dealerA.id,
      companyPath: dealerA.path,
      sn: 'PUSH-DEALER-1',
      mac: 'AA:00:00:00:00:D1',
      model: 'IPC-D1',
      productType: 'IPC',
      firmwareVersion: 'V1.0.0',
      endUserId: carlId,
    });
    const sold = ok(await preview(dealer, { by: 'all' })).data.total;
    expect(sold).toBe(soldBefore + 1);
    expect(sold).toBeLessThan(brandAll);
    expect(ok(await preview(dealer, { by: 'deviceModel', models: ['IPC-D1'] })).data.total).toBe(1);
    expect(ok(await preview(dealer, { by: 'specified', endUserIds: [carlId] })).data.total).toBe(1);
    // ann and dora bought nothing from it: named, they are unknown to the distributor (not to the partner).
    const named = await preview(dealer, { by: 'specified', endUserIds: [carlId, annId, doraId] });
    expect(named.basic.code).toBe(ErrorCodes.messageEndUsersUnknown);
    expect(named.basic.msg).toContain(`${annId}, ${doraId}`);
    expect(ok(await preview(owner, { by: 'specified', endUserIds: [carlId, annId, doraId] })).data.total).toBe(3);
    // By area: only the sender's own areas (the owner and the distributor are in Europe).
    const [before] = await t.database.db.select({ areaId: endUsers.areaId }).from(endUsers).where(eq(endUsers.id, doraId));
    await t.database.db.update(endUsers).set({ areaId: us.id }).where(eq(endUsers.id, doraId));
    await t.database.db.update(endUsers).set({ areaId: eu.id }).where(eq(endUsers.id, carlId));
    try {
      for (const [s, locale] of [
        [owner, 'en-US'],
        [dealer, 'zh-CN'],
      ] as const) {
        const foreign = await preview(s, { by: 'area', areaIds: [us.id] }, locale);
        expect(foreign.basic.code).toBe(ErrorCodes.messageAreaNotYours);
        expect(foreign.basic.msg).toBe(errorMessage(ErrorCodes.messageAreaNotYours, locale, foreign.basic.params ?? {}));
        const mixed = await preview(s, { by: 'area', areaIds: [eu.id, us.id] });
        expect(mixed.basic.code).toBe(ErrorCodes.messageAreaNotYours);
      }
      const [inEu] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(endUsers)
        .where(and(eq(endUsers.areaId, eu.id), eq(endUsers.status, 'normal'), sql`${endUsers.companyPath} like ${`${partnerA.path}%`}`));
      expect(ok(await preview(owner, { by: 'area', areaIds: [eu.id] })).data.total).toBe(inEu!.n);
      // dora, in the Americas, is not among them; the distributor reaches its European buyers only.
      expect(inEu!.n).toBeLessThan(brandAll);
      const dealerEu = ok(await preview(dealer, { by: 'area', areaIds: [eu.id] })).data.total;
      expect(dealerEu).toBeGreaterThanOrEqual(1);
      expect(dealerEu).toBeLessThanOrEqual(sold);
    } finally {
      await t.database.db.update(endUsers).set({ areaId: before!.areaId }).where(eq(endUsers.id, doraId));
    }
  });

  it('pushes through the local outbox (not to who muted promotions), and the app reads its inbox', async () => {
    const m = await release();
    // Without a job queue the fan-out and its pushes run in the process after the commit.
    const out = await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.messageId, m.id));
    expect(out.map((o) => o.token).sort()).toEqual(['tok-ann', 'tok-dora']);
    expect(out.find((o) => o.token === 'tok-dora')!.title).toBe('Frühlingsangebot');
    expect(out.find((o) => o.token === 'tok-ann')!.body).toBe('Half price cameras & more.');
    const seenByApp = ok(await t.call(appMessageCalls.pushOutbox, { afterId: 0 }, dora)).data.items;
    expect(seenByApp.some((i) => i.messageId === m.id && i.kind === 'notify' && i.title === 'Frühlingsangebot')).toBe(true);

    const list = ok(await t.call(appMessageCalls.inboxList, { type: 'promotion' }, dora)).data;
    const item = list.records.find((r) => r.messageId === m.id)!;
    expect(item).toMatchObject({ language: 'de-DE', title: 'Frühlingsangebot', read: false });
    const unread = ok(await t.call(appMessageCalls.inboxUnread, {}, dora)).data;
    expect(unread.byType.promotion).toBeGreaterThanOrEqual(1);
    const detail = ok(await t.call(appMessageCalls.inboxGet, { messageId: m.id }, dora)).data;
    expect(detail.body).toContain('Kameras');
    expect(ok(await t.call(appMessageCalls.inboxRead, { messageIds: [m.id] }, dora)).data.updated).toBe(1);
    const stats = ok(await t.call(messageCalls.stats, { messageId: m.id }, owner)).data;
    expect(stats.total).toEqual({ recipients: 3, pushed: 2, delivered: 1, opened: 1 });
    expect(stats.byLanguage.find((s) => s.language === 'de-DE')).toEqual({
      language: 'de-DE',
      recipients: 1,
      pushed: 1,
      delivered: 1,
      opened: 1,
    });

    // Read all, hide; another end user's (or brand's) message is not there: 1004.
    expect(ok(await t.call(appMessageCalls.inboxReadAll, {}, ann)).data.updated).toBeGreaterThanOrEqual(1);
    expect(ok(await t.call(appMessageCalls.inboxUnread, {}, ann)).data.total).toBe(0);
    expect(ok(await t.call(appMessageCalls.inboxHide, { messageIds: [m.id] }, ann)).data.updated).toBe(1);
    expect((await t.call(appMessageCalls.inboxGet, { messageId: m.id }, ann)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(appMessageCalls.inboxGet, { messageId: t.world.messageB.id }, dora)).basic.code).toBe(ErrorCodes.notFound);
    const endUserB = ok(await t.call(appApi.login, { account: 'enduser-b@test.local', password: PASSWORD }, appB)).data as Creds;
    expect((await t.call(appMessageCalls.inboxGet, { messageId: m.id }, endUserB)).basic.code).toBe(ErrorCodes.notFound);
    expect(ok(await t.call(appMessageCalls.inboxHide, { messageIds: [m.id] }, endUserB)).data.updated).toBe(0);
  });

  it('a withdraw drops pending pushes and sends a silent push removing a shown notification', async () => {
    const shown = await release({ type: 'notice' });
    expect((await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.messageId, shown.id))).length).toBe(3);
    pushRunSettings.inline = false;
    const pending = await release({ type: 'notice' });
    expect(await queued(pending.id)).toBe(3);
    ok(await t.call(messageCalls.withdraw, { messageId: pending.id }, owner));
    expect(await queued(pending.id)).toBe(0);
    expect(await queued(pending.id, 'remove')).toBe(0);

    ok(await t.call(messageCalls.withdraw, { messageId: shown.id }, owner));
    expect(await queued(shown.id, 'remove')).toBe(3);
    await runPushesOnce(pushDeps());
    const removals = await t.database.db
      .select()
      .from(pushOutbox)
      .where(and(eq(pushOutbox.messageId, shown.id), eq(pushOutbox.kind, 'remove')));
    expect(removals.map((r) => r.token).sort()).toEqual(['tok-ann', 'tok-carl', 'tok-dora']);
    expect(removals.every((r) => r.title === '' && (r.data as Record<string, string>).kind === 'remove')).toBe(true);
    expect(await queued(shown.id, 'remove')).toBe(0);
    expect(ok(await t.call(appMessageCalls.inboxList, {}, dora)).data.records.some((r) => r.messageId === shown.id)).toBe(false);
  });

  it('keeps APNs credentials sealed and masked; refuses an unusable key (27009); another brand app is 1004', async () => {
    const { privateKey } = ecKey();
    const p8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const saved = ok(
      await t.call(
        pushSettingsCalls.save,
        {
          appKeyId: t.world.app.keyA.id,
          provider: 'apns',
          apns: { keyId: 'ABCDE12345', teamId: 'TEAM123456', bundleId: 'com.acme.app', privateKeyP8: p8, production: false },
        },
        owner,
      ),
    ).data;
    expect(saved).toMatchObject({ provider: 'apns', credentialsMask: 'com.acme.app · team TEAM123456 · key ABCDE12345 · sandbox' });
    const [row] = await t.database.db.select().from(appPushSettings).where(eq(appPushSettings.appKeyId, t.world.app.keyA.id));
    expect(row!.credentialsEnc).toMatch(/^v1:/);
    expect(row!.credentialsEnc).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(ok(await t.call(pushSettingsCalls.get, { appKeyId: t.world.app.keyA.id }, owner)).data)).not.toContain('PRIVATE');

    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const bad = await t.call(
      pushSettingsCalls.save,
      {
        appKeyId: t.world.app.keyA.id,
        provider: 'apns',
        apns: { keyId: 'ABCDE12345', teamId: 'TEAM123456', bundleId: 'com.acme.app', privateKeyP8: rsa },
      },
      owner,
      { locale: 'zh-CN' },
    );
    expect(bad.basic.code).toBe(ErrorCodes.pushCredentialsInvalid);
    expect(bad.basic.msg).toContain('推送凭据');
    const badFcm = await t.call(
      pushSettingsCalls.save,
      { appKeyId: t.world.app.keyA.id, provider: 'fcm', fcm: { serviceAccountJson: '{"project_id":"p"}' } },
      owner,
    );
    expect(badFcm.basic.code).toBe(ErrorCodes.pushCredentialsInvalid);
    expect(badFcm.basic.msg).toContain('client_email');
    // The list: the caller's own brand apps only, masked, found by name or appId.
    const mine = ok(await t.call(pushSettingsCalls.list, {}, owner)).data;
    expect(mine.records.map((r) => r.appKeyId)).toEqual([t.world.app.keyA.id]);
    expect(mine.records[0]).toMatchObject({
      appName: 'App A',
      companyName: 'Partner A',
      provider: 'apns',
      credentialsMask: saved.credentialsMask,
    });
    expect(JSON.stringify(mine)).not.toContain('PRIVATE');
    expect(ok(await t.call(pushSettingsCalls.list, {}, ownerB)).data.records.map((r) => r.appKeyId)).toEqual([t.world.app.keyB.id]);
    expect(ok(await t.call(pushSettingsCalls.list, { keyword: 'worlda' }, owner)).data.total).toBe(1);
    expect(ok(await t.call(pushSettingsCalls.list, { keyword: 'worldb' }, owner)).data.total).toBe(0);
    expect((await t.call(pushSettingsCalls.get, { appKeyId: t.world.app.keyB.id }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(pushSettingsCalls.get, { appKeyId: 999999 }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(pushSettingsCalls.get, { appKeyId: t.world.app.keyA.id }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
    expect(ok(await t.call(pushSettingsCalls.save, { appKeyId: t.world.app.keyA.id, provider: 'outbox' }, owner)).data).toMatchObject({
      provider: 'outbox',
      credentialsMask: '',
    });
    // The outbox's test send: kept in the outbox for that token, in the caller's language.
    expect(
      ok(await t.call(pushSettingsCalls.testSend, { appKeyId: t.world.app.keyA.id, platform: 'android', token: 'tok-outbox-test' }, owner))
        .data,
    ).toEqual({ result: 'sent', detail: '' });
    const kept = await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'tok-outbox-test'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ appKeyId: t.world.app.keyA.id, kind: 'notify', platform: 'android' });
  });

  it('sends by APNs to a local http2 stand-in: sent, dead tokens pruned, refusals and an outage retried with backoff', async () => {
    const { privateKey, publicKey } = ecKey();
    const stand = await apnsStandIn(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'com.acme.app');
    try {
      pushProviderSettings.apnsOrigin = stand.origin;
      pushRunSettings.inline = false;
      ok(
        await t.call(
          pushSettingsCalls.save,
          {
            appKeyId: t.world.app.keyA.id,
            provider: 'apns',
            apns: {
              keyId: 'ABCDE12345',
              teamId: 'TEAM123456',
              bundleId: 'com.acme.app',
              privateKeyP8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
            },
          },
          owner,
        ),
      );
      // The test send: accepted, and a dead token told apart.
      stand.answers.set('tok-gone', { status: 410, reason: 'Unregistered' });
      expect(
        ok(await t.call(pushSettingsCalls.testSend, { appKeyId: t.world.app.keyA.id, platform: 'ios', token: 'tok-test' }, owner)).data,
      ).toEqual({
        result: 'sent',
        detail: '',
      });
      expect(
        ok(await t.call(pushSettingsCalls.testSend, { appKeyId: t.world.app.keyA.id, platform: 'ios', token: 'tok-gone' }, owner)).data
          .result,
      ).toBe('deadToken');

      stand.answers.set('tok-ann', { status: 410, reason: 'Unregistered' });
      stand.answers.set('tok-carl', { status: 503, reason: 'ServiceUnavailable' });
      const m = await release({ type: 'notice' });
      const r1 = await runPushesOnce(pushDeps());
      expect(r1).toEqual({ sent: 1, dead: 1, retry: 1 });
      expect(stand.seen.find((s) => s.token === 'tok-dora')).toMatchObject({
        pushType: 'alert',
        body: { aps: { alert: { title: 'Frühlingsangebot' } } },
      });
      // The dead token is pruned (its pushes with it); the refused one waits 30 s.
      expect((await t.database.db.select().from(pushTokens).where(eq(pushTokens.token, 'tok-ann'))).length).toBe(0);
      expect(await queued(m.id)).toBe(1);
      expect(await runPushesOnce(pushDeps())).toEqual({ sent: 0, dead: 0, retry: 0 });
      stand.answers.delete('tok-carl');
      t.clock.advance(31_000);
      expect(await runPushesOnce(pushDeps())).toEqual({ sent: 1, dead: 0, retry: 0 });
      expect(await queued(m.id)).toBe(0);

      // An outage: the provider cannot be reached; the pushes wait (60 s after a second attempt), then go.
      await stand.close();
      const m2 = await release({ type: 'notice' });
      expect(await runPushesOnce(pushDeps())).toEqual({ sent: 0, dead: 0, retry: 2 });
      const [waiting] = await t.database.db.select().from(pushQueue).where(eq(pushQueue.messageId, m2.id));
      expect(waiting!.nextAt.getTime()).toBe(t.clock.now() + 30_000);
      // The portal and the inbox do not wait for it.
      expect(ok(await t.call(appMessageCalls.inboxList, {}, dora)).data.records.some((r) => r.messageId === m2.id)).toBe(true);
      const back = await apnsStandIn(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'com.acme.app');
      pushProviderSettings.apnsOrigin = back.origin;
      t.clock.advance(31_000);
      expect(await runPushesOnce(pushDeps())).toEqual({ sent: 2, dead: 0, retry: 0 });
      await back.close();
      const stats = ok(await t.call(messageCalls.stats, { messageId: m2.id }, owner)).data;
      expect(stats.total.pushed).toBe(2);
    } finally {
      await stand.close().catch(() => undefined);
      ok(await t.call(pushSettingsCalls.save, { appKeyId: t.world.app.keyA.id, provider: 'outbox' }, owner));
      ok(await t.call(appMessageCalls.pushTokenRegister, { platform: 'android', token: 'tok-ann' }, ann));
    }
  });

  it('sends by FCM (firebase-admin) to nock on the HTTP v1 endpoint: sent and dead tokens', async () => {
    nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost/);
    try {
      const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const sa = {
        type: 'service_account',
        project_id: 'acme-push',
        private_key_id: 'abcdef0123456789',
        private_key: pem,
        client_email: 'push@acme-push.iam.gserviceaccount.com',
      };
      const saved = ok(
        await t.call(
          pushSettingsCalls.save,
          { appKeyId: t.world.app.keyA.id, provider: 'fcm', fcm: { serviceAccountJson: JSON.stringify(sa) } },
          owner,
        ),
      ).data;
      expect(saved.credentialsMask).toBe('push@acme-push.iam.gserviceaccount.com · acme-push · key …6789');
      nock('https://oauth2.googleapis.com')
        .post('/token')
        .reply(200, { access_token: 'stand-in-token', expires_in: 3600, token_type: 'Bearer' })
        .persist();
      const sent: { token: string; title?: string }[] = [];
      type FcmBody = { message: { token: string; notification?: { title: string } } };
      const fcm = nock('https://fcm.googleapis.com').matchHeader('authorization', 'Bearer stand-in-token');
      fcm
        .post('/v1/projects/acme-push/messages:send', (b: FcmBody) => b.message.token === 'tok-carl')
        .reply(404, {
          error: {
            code: 404,
            message: 'Requested entity was not found.',
            status: 'NOT_FOUND',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        })
        .persist();
      fcm
        .post('/v1/projects/acme-push/messages:send', (b: FcmBody) => {
          if (b.message.token === 'tok-carl') return false;
          sent.push({ token: b.message.token, title: b.message.notification?.title });
          return true;
        })
        .reply(200, () => ({ name: `projects/acme-push/messages/${sent.length}` }))
        .persist();
      pushRunSettings.inline = false;
      const m = await release({ type: 'notice' });
      expect(await runPushesOnce(pushDeps())).toEqual({ sent: 2, dead: 1, retry: 0 });
      expect(sent.map((s) => s.token).sort()).toEqual(['tok-ann', 'tok-dora']);
      expect((await t.database.db.select().from(pushTokens).where(eq(pushTokens.token, 'tok-carl'))).length).toBe(0);
      expect(await queued(m.id)).toBe(0);
      expect(
        ok(await t.call(pushSettingsCalls.testSend, { appKeyId: t.world.app.keyA.id, platform: 'android', token: 'tok-x' }, owner)).data
          .result,
      ).toBe('sent');
    } finally {
      nock.cleanAll();
      nock.enableNetConnect();
      nock.restore();
      ok(await t.call(pushSettingsCalls.save, { appKeyId: t.world.app.keyA.id, provider: 'outbox' }, owner));
    }
  });

  it('counts queued pushes set-based with the fan-out (one per token; none for promotions to who muted them)', async () => {
    pushRunSettings.inline = false;
    const m = await release({ type: 'promotion' });
    const rows = await t.database.db.execute(sql`select count(*)::int as n from push_queue where message_id = ${m.id}`);
    // ann and dora (carl's token was pruned above; carl muted promotions anyway).
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });

  it('a removed token takes its pending pushes along; a push left for a token already gone is dropped, not sent', async () => {
    pushRunSettings.inline = false;
    const m = await release({ type: 'notice' });
    expect(await queued(m.id)).toBe(2); // ann's and dora's tokens
    // dora's app removes its token: its pending push goes too (a trigger since migration 0050, no key's cascade).
    ok(await t.call(appMessageCalls.pushTokenRemove, { token: 'tok-dora' }, dora));
    expect(await queued(m.id)).toBe(1);
    // A push queued for a token deleted meanwhile (a fan-out page whose snapshot still saw it).
    await t.database.db
      .insert(pushQueue)
      .values({ messageId: m.id, kind: 'notify', endUserId: doraId, tokenId: 987_654_321, nextAt: new Date(t.clock.now()) });
    expect(await queued(m.id)).toBe(2);
    await runPushesOnce(pushDeps());
    const sent = await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.messageId, m.id));
    expect(sent.map((p) => p.token)).toEqual(['tok-ann']);
    expect(await queued(m.id)).toBe(0);
  });

  it('a full batch of orphaned pushes does not end the run: the pushes due after them are sent in the same run', async () => {
    pushRunSettings.inline = false;
    const m = await release({ type: 'notice' });
    expect(await queued(m.id)).toBe(1); // ann's token (dora's was removed above)
    // A whole batch of pushes for tokens gone meanwhile, due before ann's.
    const earlier = new Date(t.clock.now() - 60_000);
    await t.database.db.insert(pushQueue).values(
      Array.from({ length: PUSH_BATCH_MAX }, (_, i) => ({
        messageId: m.id,
        kind: 'notify' as const,
        endUserId: doraId,
        tokenId: 900_000_000 + i,
        nextAt: earlier,
      })),
    );
    await runPushesOnce(pushDeps());
    const sent = await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.messageId, m.id));
    expect(sent.map((p) => p.token)).toEqual(['tok-ann']);
    expect(await queued(m.id)).toBe(0);
  });
});
