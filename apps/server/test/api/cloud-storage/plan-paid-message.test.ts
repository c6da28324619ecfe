/**
 * The first caller of the message centre's system messages (issue 13 §4: other modules post
 * through its index): when a storage order is paid, its end user gets a system message of the
 * seller ("your cloud plan is active", or "is paid" when bought to activate later) in their own
 * language, written in the paying transaction: by the app's pay call, by a webhook (no call
 * context) exactly once however often it is replayed, for a free plan, and for a portal user's
 * internal purchase; a declined card posts nothing.
 */
import { appMessageCalls, messageCalls, storageAppCalls, storageCalls, storageOrderCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleWebhook } from '../../../src/modules/cloud-storage';
import { SANDBOX_CARDS, sandboxSignature } from '../../../src/modules/payments';
import type { Session, TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import type { Creds } from '../app-api/helpers';
import { orderFixture } from './order-fixture';

const SECRET = 'sbx_planpaidabcdefghijkl12';

describe.each(ENGINES)('a paid storage order tells its end user (%s)', (engine) => {
  const fx = orderFixture(engine, 'PPM');
  let t: TestApp;
  let owner: Session;
  let supplier: Session;
  let ann: Creds;
  let annId: number;

  const ok = <T extends { basic: { code: number; msg: string } }>(r: T) => {
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r;
  };
  /** Ann's inbox items (app API), newest first. */
  const inbox = async () => ok(await t.call(appMessageCalls.inboxList, { pageNum: 1, pageSize: 50 }, ann)).data.records;
  /** The system messages of partner A naming an order number in their English body. */
  const messagesOf = (orderNo: string) =>
    fx.rawRows<{ id: number; system: boolean; state: string; fanout_done: boolean; recipients: number; type: string }>(
      sql`select id, system, state, fanout_done, recipients, type from messages
           where company_id = ${t.world.companies.partnerA.id} and contents -> 'en-US' ->> 'body' like ${`%${orderNo}%`}`,
    );
  const orderNoOf = async (orderId: number) =>
    (await fx.rawRows<{ order_no: string }>(sql`select order_no from storage_orders where id = ${orderId}`))[0]!.order_no;

  beforeAll(async () => {
    t = await fx.start();
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
    ann = await fx.appLogin();
    annId = t.world.app.endUserA.id;
    await fx.openSales(supplier, [{ seller: owner, accountId: 'acct_planpaid', secret: SECRET }]);
  });
  afterAll(() => fx.close());

  it('the app pays with a card: one released system message, to Ann alone, in her language, in her inbox at once', async () => {
    await fx.rawRows(sql`update end_users set locale = 'zh-CN' where id = ${annId}`);
    try {
      const g = await fx.goods(owner, supplier);
      const d = await fx.device();
      const unreadBefore = ok(await t.call(appMessageCalls.inboxUnread, {}, ann)).data;
      const o = await fx.order(ann, { deviceId: d.id, goodsId: g }, { card: SANDBOX_CARDS.success });
      expect(o.state).toBe('paid');
      const orderNo = await orderNoOf(o.orderId);
      const [m, ...more] = await messagesOf(orderNo);
      expect(more).toEqual([]);
      expect(m).toMatchObject({ system: true, state: 'released', fanout_done: true, recipients: 1, type: 'service' });
      const receipts = await fx.rawRows<{ recipient_kind: string; recipient_id: number; language: string }>(
        sql`select recipient_kind, recipient_id::int as recipient_id, language from message_receipts where message_id = ${m!.id}`,
      );
      expect(receipts).toEqual([{ recipient_kind: 'end_user', recipient_id: annId, language: 'zh-CN' }]);
      const item = (await inbox()).find((i) => i.messageId === m!.id)!;
      expect(item).toMatchObject({ title: '您的云存储套餐已生效', language: 'zh-CN', read: false, type: 'service' });
      const detail = ok(await t.call(appMessageCalls.inboxGet, { messageId: m!.id }, ann)).data;
      expect(detail.body).toContain(d.sn);
      expect(detail.body).toContain(orderNo);
      const unreadAfter = ok(await t.call(appMessageCalls.inboxUnread, {}, ann)).data;
      expect(unreadAfter.total).toBe(unreadBefore.total + 1);
      expect(unreadAfter.byType.service).toBe(unreadBefore.byType.service + 1);
      // The seller sees it as a system message: never edited, only withdrawn.
      const listed = ok(await t.call(messageCalls.get, { messageId: m!.id }, owner)).data;
      expect(listed.system).toBe(true);
      expect(listed.actions).toEqual(['withdraw']);
    } finally {
      await fx.rawRows(sql`update end_users set locale = 'en-US' where id = ${annId}`);
    }
  });

  it('a declined card posts nothing; the webhook that pays an order needing action posts once, replayed or not', async () => {
    const g = await fx.goods(owner, supplier);
    const declined = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId: g }, { card: SANDBOX_CARDS.decline });
    expect(declined.state).toBe('unpaid');
    expect(await messagesOf(await orderNoOf(declined.orderId))).toEqual([]);

    const o = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId: g }, { card: SANDBOX_CARDS.actionRequired });
    expect(o.state).toBe('unpaid');
    const orderNo = await orderNoOf(o.orderId);
    expect(await messagesOf(orderNo)).toEqual([]);
    const tx = (await fx.rawRows<{ transaction_id: string }>(sql`select transaction_id from storage_orders where id = ${o.orderId}`))[0]!
      .transaction_id;
    const raw = JSON.stringify({ id: `evt_${o.orderId}_ppm`, type: 'payment.succeeded', transactionId: tx });
    const webhook = () =>
      handleWebhook(t.database, t.services.config.sealKeys, {
        provider: 'sandbox',
        companyId: t.world.companies.partnerA.id,
        headers: { 'x-sandbox-signature': sandboxSignature(SECRET, raw) },
        rawBody: raw,
        now: t.clock.now(),
      });
    expect(await webhook()).toBe('applied');
    expect(await webhook()).toBe('replayed');
    const posted = await messagesOf(orderNo);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ state: 'released', fanout_done: true, recipients: 1 });
    expect((await inbox()).find((i) => i.messageId === posted[0]!.id)?.title).toBe('Your cloud plan is active');
  });

  it('a plan bought to activate later is "paid"; a free plan and an internal purchase are told too', async () => {
    const g = await fx.goods(owner, supplier);
    const later = await fx.order(
      ann,
      { deviceId: (await fx.device()).id, goodsId: g },
      { card: SANDBOX_CARDS.success, activateLater: true },
    );
    expect(later.state).toBe('paid');
    const [lm] = await messagesOf(await orderNoOf(later.orderId));
    expect((await inbox()).find((i) => i.messageId === lm!.id)?.title).toBe('Your cloud plan is paid');

    const freePlan = ok(
      await t.call(
        storageCalls.planCreate,
        { name: 'PPM free 1 day', storageValue: 1, storageUnit: 'day', serviceDays: 30, costPrice: 0, guidePrice: 0 },
        supplier,
      ),
    ).data.planId;
    const free = await fx.goods(owner, supplier, { planId: freePlan, androidPrice: 0, iosPrice: 0 });
    const fo = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId: free });
    expect(fo.state).toBe('paid');
    const [fm] = await messagesOf(await orderNoOf(fo.orderId));
    expect((await inbox()).find((i) => i.messageId === fm!.id)?.title).toBe('Your cloud plan is active');

    const d = await fx.device();
    const internal = ok(
      await t.call(
        storageOrderCalls.internalPurchase,
        { sn: d.sn, goodsId: g, startNow: true, idempotencyKey: 'plan-paid-internal' },
        owner,
      ),
    ).data;
    expect(internal.state).toBe('paid');
    const [im] = await messagesOf(internal.orderNo);
    expect(im).toMatchObject({ system: true, recipients: 1 });
    expect((await inbox()).find((i) => i.messageId === im!.id)?.title).toBe('Your cloud plan is active');
    // Nothing of it reached anyone else: every one of these messages has Ann as its only recipient.
    const others = await fx.rawRows<{ n: number }>(
      sql`select count(*)::int as n from message_receipts r join messages m on m.id = r.message_id
           where m.system and (r.recipient_kind <> 'end_user' or r.recipient_id <> ${annId})`,
    );
    expect(others[0]!.n).toBe(0);
  });

  it('the order the app reads is unchanged by the message (the pay call answers as before)', async () => {
    const g = await fx.goods(owner, supplier);
    const o = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId: g }, { card: SANDBOX_CARDS.success });
    const again = ok(await t.call(storageAppCalls.orderGet, { orderId: o.orderId }, ann)).data;
    expect(again.state).toBe('paid');
    expect(again.viewState).toBe('in_use');
  });
});
