/**
 * The portal order list by derived state (migration 0043: a state index, a platform index, an
 * unused index and the phase GiST read nearest the window's end): every view state, paged across
 * many orders created at the same instant (the GiST orders by creation time only, the list by
 * creation time and id), with the seller's near-expiry days, answers exactly the orders the view
 * state of each row (states.ts storageOrderViewState) names, in the list's order, with its total
 * (and the cap). On PostgreSQL the indexes exist and a phase page is read by the GiST.
 */
import { storageOrderViewState, STORAGE_ORDER_VIEW_STATES, type StorageOrderViewState } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrders } from '../../../src/modules/cloud-storage/orders.repository';
import type { Session, TestApp } from '../../support/app';
import { ENGINES, planAtScale } from '../../support/db';
import { orderFixture } from './order-fixture';

const DAY = 86_400_000;
const SECRET = 'sbx_liststatesabcdefghij12';

describe.each(ENGINES)('order list by derived state (%s)', (engine) => {
  const fx = orderFixture(engine, 'OLS');
  let t: TestApp;
  let owner: Session;
  let supplier: Session;
  let now = 0;
  let scope: ReturnType<typeof sql>;

  interface Row {
    id: number;
    state: string;
    created: number;
    platform: string;
    start: number | null;
    end: number | null;
  }
  let all: Row[] = [];

  beforeAll(async () => {
    t = await fx.start();
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
    await fx.openSales(supplier, [{ seller: owner, accountId: 'acct_list_states', secret: SECRET }]);
    const ann = await fx.appLogin();
    const goodsId = await fx.goods(owner, supplier);
    now = t.clock.now();
    scope = sql`o.company_path like ${`${t.world.companies.partnerA.path}%`}`;
    // One real order gives the goods snapshot and columns the copies take.
    const model = await fx.order(ann, { deviceId: (await fx.device()).id, goodsId });
    // Six devices, each with: a plan running now (in use, or near expiry by the default 7 days or by
    // the seller's 10 saved below), plans ended before, plans queued after, and orders of every stored
    // state; created at three instants only (ties), or a day apart, inside and outside the window.
    const created = [now - 2 * DAY, now - 2 * DAY, now - 2 * DAY, now - 5 * DAY, now - 40 * DAY];
    let k = 0;
    const copy = async (deviceId: number, state: string, createdAt: number, period: [number, number] | null, platform = 'android') => {
      k++;
      await t.database.db.execute(sql`
        insert into storage_orders (order_no, provider, amount, platform, device_id, device_sn, end_user_id, end_user_email, company_id,
            company_path, buyer_company_id, goods_id, goods_snapshot, service_days, cost_price, state, period, paid_at, created_at, updated_at)
        select ${`OLS${engine}${String(k).padStart(6, '0')}`}, provider, amount, ${platform}, ${deviceId}, device_sn, end_user_id,
            end_user_email, company_id, company_path, ${platform === 'internal' ? t.world.companies.partnerA.id : null}, goods_id,
            goods_snapshot, service_days, cost_price, ${state},
            ${period ? sql`tstzrange(${new Date(period[0]).toISOString()}::timestamptz, ${new Date(period[1]).toISOString()}::timestamptz, '[)')` : null},
            ${state === 'unpaid' || state === 'cancelled' ? null : new Date(createdAt).toISOString()}::timestamptz,
            ${new Date(createdAt).toISOString()}::timestamptz, ${new Date(createdAt).toISOString()}::timestamptz
          from storage_orders where id = ${model.orderId}`);
    };
    for (let d = 0; d < 6; d++) {
      const deviceId = (await fx.device()).id;
      const at = (i: number) => created[(d + i) % created.length]!;
      // Running now: ends in 3 days (near expiry), 9 days (in use by default, near expiry by 10 days) or 25 days.
      const ends = [3, 9, 25][d % 3]! * DAY;
      await copy(deviceId, 'paid', at(0), [now + ends - 30 * DAY, now + ends]);
      await copy(deviceId, 'paid', at(1), [now + ends - 90 * DAY, now + ends - 60 * DAY]);
      await copy(deviceId, 'paid', at(2), [now + ends - 60 * DAY, now + ends - 30 * DAY], d % 2 ? 'ios' : 'android');
      await copy(deviceId, 'paid', at(3), [now + ends, now + ends + 30 * DAY]);
      await copy(deviceId, 'paid', at(4), [now + ends + 30 * DAY, now + ends + 60 * DAY], 'internal');
      await copy(deviceId, 'paid', at(0), null);
      await copy(deviceId, 'refunded', at(1), [now - 50 * DAY, now - 45 * DAY]);
      await copy(deviceId, 'cancelled', at(2), null);
      await copy(deviceId, 'unpaid', at(3), null);
      await copy(deviceId, 'not_effective', at(4), null);
    }
    all = (
      await fx.rawRows<{ id: number; state: string; created: number; platform: string; start: number | null; end: number | null }>(
        sql`select id::int as id, state, platform, (extract(epoch from created_at) * 1000)::float8 as created,
              (extract(epoch from lower(period)) * 1000)::float8 as start, (extract(epoch from upper(period)) * 1000)::float8 as "end"
            from storage_orders where company_path like ${`${t.world.companies.partnerA.path}%`}`,
      )
    ).map((r) => ({
      ...r,
      id: Number(r.id),
      created: Number(r.created),
      start: r.start === null ? null : Number(r.start),
      end: r.end === null ? null : Number(r.end),
    }));
  });
  afterAll(() => fx.close());

  const viewOf = (r: Row, days: number): StorageOrderViewState =>
    storageOrderViewState(r.state as never, r.start === null ? null : { start: r.start, end: r.end! }, now, days);
  const newestFirst = (a: Row, b: Row) => b.created - a.created || b.id - a.id;

  /** Every page of the list (pages of 4) against the rows of the state in the window, in the list's order. */
  async function expectList(viewState: StorageOrderViewState | undefined, from: number, to: number, days: number, platform?: string) {
    const expected = all
      .filter(
        (r) =>
          r.created >= from && r.created <= to && (!viewState || viewOf(r, days) === viewState) && (!platform || r.platform === platform),
      )
      .sort(newestFirst)
      .map((r) => r.id);
    const got: number[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await listOrders(t.database.db, scope, { viewState, from, to, platform }, { pageNum, pageSize: 4 }, now, 10_000);
      expect(page.total, `${viewState} total`).toBe(expected.length);
      expect(page.totalCapped).toBe(false);
      for (const r of page.records) expect(r.viewState).toBe(viewState ?? r.viewState);
      got.push(...page.records.map((r) => r.id));
      if (page.records.length < 4) break;
    }
    expect(got, `${viewState ?? 'all'} ${platform ?? ''} ${from}-${to}`).toEqual(expected);
    return expected.length;
  }

  it('answers each view state exactly, paged across orders created at the same instant, in the list order', async () => {
    const windows = [
      [now - 31 * DAY, now],
      [now - 3 * DAY, now - DAY],
      [now - 41 * DAY, now - 10 * DAY],
    ] as const;
    let seen = 0;
    for (const [from, to] of windows) {
      for (const state of [undefined, ...STORAGE_ORDER_VIEW_STATES]) seen += await expectList(state, from, to, 7);
      for (const platform of ['internal', 'ios']) await expectList(undefined, from, to, 7, platform);
      await expectList('expired', from, to, 7, 'ios');
      await expectList('to_be_used', from, to, 7, 'internal');
    }
    expect(seen).toBeGreaterThan(60);
    // Every view state has rows in the widest window.
    for (const state of STORAGE_ORDER_VIEW_STATES)
      expect(
        all.some((r) => r.created >= now - 31 * DAY && viewOf(r, 7) === state),
        state,
      ).toBe(true);
  });

  it("follows the seller's near-expiry days; the count stops at its cap", async () => {
    await t.database.db.execute(
      sql`insert into storage_settings (company_id, pay_minutes, near_expiry_days) values (${t.world.companies.partnerA.id}, 30, 10)`,
    );
    try {
      const near = await expectList('near_expiry', now - 31 * DAY, now, 10);
      const inUse = await expectList('in_use', now - 31 * DAY, now, 10);
      expect(near).toBeGreaterThan(0);
      expect(inUse).toBeGreaterThan(0);
    } finally {
      await t.database.db.execute(sql`delete from storage_settings where company_id = ${t.world.companies.partnerA.id}`);
    }
    for (const viewState of ['expired', 'in_use', 'cancelled'] as const) {
      const capped = await listOrders(
        t.database.db,
        scope,
        { viewState, from: now - 31 * DAY, to: now },
        { pageNum: 1, pageSize: 2 },
        now,
        2,
      );
      expect(capped, viewState).toMatchObject({ total: 2, totalCapped: true });
      expect(capped.records).toHaveLength(2);
    }
  });

  it.runIf(engine === 'postgres')('has the list indexes, and reads a phase page through the GiST nearest the window end', async () => {
    const names = await fx.rawRows<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'storage_orders'`);
    expect(names.map((n) => n.indexname)).toEqual(
      expect.arrayContaining([
        'storage_orders_state_idx',
        'storage_orders_platform_idx',
        'storage_orders_unused_idx',
        'storage_orders_phase_idx',
      ]),
    );
    const plan = await planAtScale(
      t.database,
      sql`select o.id from storage_orders o where o.state = 'paid' and o.period is not null and upper(o.period) > now()
            and o.created_at <= now() order by o.created_at <-> now() limit 20`,
      { noSort: true },
    );
    expect(plan).toContain('storage_orders_phase_idx');
  });
});
