/**
 * Demo cloud storage orders (issue 12, order half): for Acme Vision's and Northwind's end users'
 * devices, orders of their brand's listed paid goods over the last 18 months in every state:
 * unpaid (still within its 30 minutes), cancelled, paid and unused, in use, near expiry with a
 * plan queued after it (to be used), expired, refunded in full (with its refund) and not
 * effective; paid ones with their sandbox payment attempt and webhook event. Set-based SQL, one
 * statement per kind of row; the EXCLUDE constraint holds (one running and one queued plan at most
 * per device, on distinct devices per pattern).
 */
import type { Database } from '@portal/server/db/client';
import { sql } from 'drizzle-orm';

/** Devices per brand given orders; each takes the pattern of its rank modulo 8. */
const DEVICES_PER_BRAND = 80;

export async function seedDemoOrders(database: Database): Promise<number> {
  const db = database.db;
  const r = (await db.execute(sql`
    with brand_goods as (
      select distinct on (g.company_id) g.id, g.company_id, g.company_path, g.goods_code, g.name, g.plan_id, g.android_price,
             g.ios_price, g.guide_price, g.cost_price, g.currency, p.name as plan_name, p.storage_value, p.storage_unit, p.service_days
        from storage_goods g join storage_plans p on p.id = g.plan_id
        join companies c on c.id = g.company_id and c.type = 'partner'
       where g.status = 'listed' and not g.is_free
       order by g.company_id, g.id),
    devs as (
      select d.id, d.sn, d.end_user_id, u.email, b.id as goods_id, b.company_id, b.company_path, b.service_days, b.cost_price,
             b.android_price, b.ios_price,
             jsonb_build_object('goodsCode', b.goods_code, 'name', b.name, 'planId', b.plan_id, 'planName', b.plan_name,
               'storageValue', b.storage_value, 'storageUnit', b.storage_unit, 'serviceDays', b.service_days,
               'androidPrice', b.android_price, 'iosPrice', b.ios_price, 'guidePrice', b.guide_price, 'costPrice', b.cost_price,
               'currency', b.currency) as snap,
             row_number() over (partition by b.company_id order by d.sn) as k
        from devices d join end_users u on u.id = d.end_user_id
        join brand_goods b on d.company_path like b.company_path || '%'
       where d.end_user_id is not null),
    picked as (select * from devs where k <= ${DEVICES_PER_BRAND}),
    plans as (
      -- pattern, state, platform, days ago created, period start and end in days from now (null: none)
      select * from (values
        (0, 'unpaid', 'android', 0, null::int, null::int),
        (1, 'cancelled', 'ios', 40, null, null),
        (2, 'paid', 'android', 12, null, null),
        (3, 'paid', 'ios', 5, -5, 25),
        (4, 'paid', 'android', 26, -26, 4),
        (4, 'paid', 'android', 3, 4, 34),
        (5, 'paid', 'ios', 500, -480, -450),
        (6, 'refunded', 'android', 90, null, null),
        (7, 'not_effective', 'ios', 60, null, null)
      ) as v(pattern, state, platform, ago, ps, pe)),
    ins as (
      insert into storage_orders (order_no, transaction_id, provider, amount, platform, device_id, device_sn, end_user_id,
          end_user_email, company_id, company_path, goods_id, goods_snapshot, service_days, cost_price, state, period, pay_deadline,
          paid_at, cancelled_at, cancel_reason, refunded_amount, refunded_at, created_at, updated_at)
      select 'CSDEMO' || lpad(d.id::text, 8, '0') || pl.ps_key,
             case when pl.state in ('paid', 'refunded', 'not_effective') then 'sbx_tx_demo_' || d.id || '_' || pl.ps_key end,
             case when pl.state = 'unpaid' then null else 'sandbox' end,
             case when pl.platform = 'ios' then d.ios_price else d.android_price end,
             pl.platform, d.id, d.sn, d.end_user_id, d.email, d.company_id, d.company_path, d.goods_id, d.snap, d.service_days,
             d.cost_price, pl.state,
             case when pl.ps is not null then tstzrange(date_trunc('milliseconds', now()) + make_interval(days => pl.ps), date_trunc('milliseconds', now()) + make_interval(days => pl.pe), '[)') end,
             case when pl.state = 'unpaid' then date_trunc('milliseconds', now()) + interval '20 minutes' end,
             case when pl.state in ('paid', 'refunded', 'not_effective') then date_trunc('milliseconds', now()) - make_interval(days => pl.ago) end,
             case when pl.state = 'cancelled' then date_trunc('milliseconds', now()) - make_interval(days => pl.ago) + interval '30 minutes' end,
             case when pl.state = 'cancelled' then 'timeout' end,
             case when pl.state = 'refunded' then case when pl.platform = 'ios' then d.ios_price else d.android_price end else 0 end,
             case when pl.state = 'refunded' then date_trunc('milliseconds', now()) - make_interval(days => pl.ago - 1) end,
             date_trunc('milliseconds', now()) - make_interval(days => pl.ago) - (d.k % 20) * interval '1 hour',
             date_trunc('milliseconds', now()) - make_interval(days => pl.ago)
        from picked d
        join (select *, row_number() over () as ps_key from plans) pl on pl.pattern = (d.k % 8)
      returning id, transaction_id, amount, state, paid_at, refunded_at)
    , att as (
      insert into storage_order_attempts (order_id, provider, amount, status, transaction_id, card_last4, created_at, updated_at)
      select id, 'sandbox', amount, case when state = 'refunded' then 'refunded' else 'succeeded' end, transaction_id, '4242', paid_at, paid_at
        from ins where transaction_id is not null
      returning order_id)
    , ref as (
      insert into storage_order_refunds (order_id, amount, "full", provider_refund_id, reason, by_name, created_at)
      select id, amount, true, 'sbx_re_demo_' || id, 'Customer request', 'Oliver Bennett', refunded_at from ins where state = 'refunded'
      returning id)
    select (select count(*)::int from ins) as orders, (select count(*)::int from att) as attempts, (select count(*)::int from ref) as refunds
  `)) as unknown as { rows: { orders: number }[] };
  // The webhook events of the paid orders (a statement of its own: it names the orders just written).
  await db.execute(sql`
    insert into payment_events (provider, account, event_id, type, transaction_id, order_id, outcome, payload, received_at, processed_at)
    select 'sandbox', o.company_id::text, 'evt_' || o.transaction_id, 'payment.succeeded', o.transaction_id, o.id, 'ignored',
           jsonb_build_object('id', 'evt_' || o.transaction_id, 'type', 'payment.succeeded', 'transactionId', o.transaction_id),
           o.paid_at, o.paid_at
      from storage_orders o where o.order_no like 'CSDEMO%' and o.transaction_id is not null
    on conflict do nothing`);
  return Number(r.rows[0]?.orders ?? 0);
}
