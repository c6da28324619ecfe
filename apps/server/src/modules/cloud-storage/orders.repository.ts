/**
 * Storage order rows: every statement of the order flow. The derived state of a paid order
 * (unused, to be used, in use, near expiry, expired) is computed here in SQL from its period and
 * the time the caller passes (the server's clock, so tests move it), never stored.
 * - `lockDevice` serialises the purchases of one device (queueing after its last plan);
 * - stock goes through the goods repository's one-statement take/return;
 * - attempts only move forward (`ATTEMPT_RANK`).
 */
import { STORAGE_NEAR_EXPIRY_DAYS_MAX, type StorageOrderViewState } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';
import type { GoodsSnapshot } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, type Page, type PageRequest } from '../../lib/tenancy';
import { joinedNearExpiryDaysSql, nearExpiryDaysSql, withSellerSettingsSql } from './settings.repository';

type AnyDb = Db | Tx;

const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * The end of the near-expiry window of `o` at `now`: its seller's near-expiry days (storage_settings,
 * the default without a row). `o.company_id` is in the list's window index, so a state filter stays
 * an index-only scan; the settings row is read only for a plan ending within the longest window.
 */
const nearEnd = (now: number, days: SQL = nearExpiryDaysSql) => sql`(${ts(now)} + make_interval(days => ${days}))`;
const longestNearEnd = (now: number) => sql`${ts(now)} + make_interval(days => ${STORAGE_NEAR_EXPIRY_DAYS_MAX})`;

/** The view state of `o` at `now` (states.ts storageOrderViewState, in SQL, with the seller's near-expiry days). */
export function viewStateSql(now: number): SQL {
  return sql`case when o.state <> 'paid' then o.state
    when o.period is null then 'unused'
    when lower(o.period) > ${ts(now)} then 'to_be_used'
    when upper(o.period) <= ${ts(now)} then 'expired'
    when upper(o.period) > ${longestNearEnd(now)} then 'in_use'
    when upper(o.period) <= ${nearEnd(now)} then 'near_expiry'
    else 'in_use' end`;
}

/**
 * The phases of a paid plan, which depend on now(): the order list reads them through the GiST of
 * their creation time and period bounds (storage_orders_phase_idx, migration 0043).
 */
const PHASE_STATES: ReadonlySet<StorageOrderViewState> = new Set(['to_be_used', 'in_use', 'near_expiry', 'expired']);

/**
 * The rows of one view state at `now`, as a predicate the indexes can serve; `days`: the seller's
 * near-expiry days (by default a subquery per row; `joinedNearExpiryDaysSql` under a join).
 */
export function viewStateWhere(state: StorageOrderViewState, now: number, days: SQL = nearExpiryDaysSql): SQL {
  const longest = longestNearEnd(now);
  switch (state) {
    case 'unused':
      return sql`(o.state = 'paid' and o.period is null)`;
    case 'to_be_used':
      return sql`(o.state = 'paid' and o.period is not null and lower(o.period) > ${ts(now)})`;
    case 'in_use':
      return sql`(o.state = 'paid' and o.period is not null and lower(o.period) <= ${ts(now)} and upper(o.period) > ${ts(now)}
        and (upper(o.period) > ${longest} or upper(o.period) > ${nearEnd(now, days)}))`;
    case 'near_expiry':
      return sql`(o.state = 'paid' and o.period is not null and lower(o.period) <= ${ts(now)} and upper(o.period) > ${ts(now)}
        and upper(o.period) <= ${longest} and upper(o.period) <= ${nearEnd(now, days)})`;
    case 'expired':
      return sql`(o.state = 'paid' and o.period is not null and upper(o.period) <= ${ts(now)})`;
    default:
      return sql`o.state = ${state}`;
  }
}

export interface OrderRow {
  id: number;
  orderNo: string;
  transactionId: string | null;
  provider: string | null;
  amount: number;
  currency: string;
  refundedAmount: number;
  platform: string;
  state: string;
  viewState: StorageOrderViewState;
  deviceId: number;
  deviceSn: string;
  endUserId: number | null;
  endUserEmail: string | null;
  companyId: number;
  companyPath: string;
  companyName: string;
  buyerCompanyId: number | null;
  goodsId: number;
  goodsSnapshot: GoodsSnapshot;
  serviceDays: number;
  costPrice: number;
  periodStart: number | null;
  periodEnd: number | null;
  payDeadline: number | null;
  /** The payment window it was created with (minutes): its checkout link works until createdAt plus this. */
  payMinutes: number;
  paidAt: number | null;
  createdAt: number;
  lastAttempt: string | null;
}

const msOf = (v: unknown): number | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.getTime() : new Date(String(v)).getTime();

function toOrder(r: Record<string, unknown>): OrderRow {
  return {
    id: Number(r.id),
    orderNo: String(r.order_no),
    transactionId: (r.transaction_id as string | null) ?? null,
    provider: (r.provider as string | null) ?? null,
    amount: Number(r.amount),
    currency: String(r.currency),
    refundedAmount: Number(r.refunded_amount),
    platform: String(r.platform),
    state: String(r.state),
    viewState: r.view_state as StorageOrderViewState,
    deviceId: Number(r.device_id),
    deviceSn: String(r.device_sn),
    endUserId: r.end_user_id === null ? null : Number(r.end_user_id),
    endUserEmail: (r.end_user_email as string | null) ?? null,
    companyId: Number(r.company_id),
    companyPath: String(r.company_path),
    companyName: String(r.company_name ?? ''),
    buyerCompanyId: r.buyer_company_id === null ? null : Number(r.buyer_company_id),
    goodsId: Number(r.goods_id),
    goodsSnapshot: (typeof r.goods_snapshot === 'string' ? JSON.parse(r.goods_snapshot) : r.goods_snapshot) as GoodsSnapshot,
    serviceDays: Number(r.service_days),
    costPrice: Number(r.cost_price),
    // Whole milliseconds (a bound written by SQL's now() has microseconds): moving later plans up by
    // whole milliseconds from a floored end leaves a gap under a millisecond, never an overlap.
    periodStart: r.period_start === null ? null : Math.floor(Number(r.period_start)),
    periodEnd: r.period_end === null ? null : Math.floor(Number(r.period_end)),
    payDeadline: msOf(r.pay_deadline),
    payMinutes: Number(r.pay_minutes),
    paidAt: msOf(r.paid_at),
    createdAt: msOf(r.created_at)!,
    lastAttempt: (r.last_attempt as string | null) ?? null,
  };
}

function selectOrders(now: number): SQL {
  return sql`select o.*, c.name as company_name, ${viewStateSql(now)} as view_state,
      (extract(epoch from lower(o.period)) * 1000)::float8 as period_start,
      (extract(epoch from upper(o.period)) * 1000)::float8 as period_end,
      (select a.status from storage_order_attempts a where a.order_id = o.id order by a.id desc limit 1) as last_attempt
    from storage_orders o join companies c on c.id = o.company_id`;
}

/** One order by id with a scope predicate over `o` (the caller's subtree, or the end user's own). */
export async function findOrder(db: AnyDb, orderId: number, scope: SQL, now: number, opts: { forUpdate?: boolean } = {}) {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`${selectOrders(now)} where o.id = ${orderId} and ${scope} ${opts.forUpdate ? sql`for update of o` : sql``}`,
  );
  return r ? toOrder(r) : null;
}

export const subtreeScope = (actor: Pick<Actor, 'companyPath'>) => sql`o.company_path like ${escapeLike(actor.companyPath) + '%'}`;
export const endUserScope = (endUserId: number) => sql`o.end_user_id = ${endUserId}`;
/** Unscoped: jobs and webhooks name orders by their own ids. */
export const anyOrder = sql`true`;

export interface OrderFilter {
  viewState?: StorageOrderViewState;
  platform?: string;
  provider?: string;
  sn?: string;
  email?: string;
  orderNo?: string;
  deviceId?: number;
  from?: number;
  to?: number;
}

function filterWhere(scope: SQL, f: OrderFilter, now: number, days?: SQL): SQL {
  const parts: SQL[] = [scope];
  if (f.viewState) parts.push(viewStateWhere(f.viewState, now, days));
  if (f.platform) parts.push(sql`o.platform = ${f.platform}`);
  if (f.provider) parts.push(sql`o.provider = ${f.provider}`);
  if (f.sn) parts.push(sql`o.device_sn = ${f.sn.toUpperCase()}`);
  if (f.email) parts.push(sql`lower(o.end_user_email) = ${f.email.toLowerCase()}`);
  if (f.orderNo) parts.push(sql`(o.order_no = ${f.orderNo} or o.transaction_id = ${f.orderNo})`);
  if (f.deviceId) parts.push(sql`o.device_id = ${f.deviceId}`);
  if (f.from !== undefined) parts.push(sql`o.created_at >= ${ts(f.from)}`);
  if (f.to !== undefined) parts.push(sql`o.created_at <= ${ts(f.to)}`);
  return sql.join(parts, sql` and `);
}

/**
 * The ids of a page of a phase filter (`where` names a window ending at `to`), newest first: the
 * phase index read nearest to the window's end first (KNN: `created_at <-> to` is the age before
 * `to`), so it stops after offset + size rows, and skips the parts of the window without a row of
 * the phase. The index orders by creation time only: the rows created at the last time read (c)
 * may go on past the limit, so the page is those after c plus every row at c, ordered by
 * (created_at, id) as every other page.
 */
function phasePageIds(from: SQL, where: SQL, to: SQL, offset: number, size: number): SQL {
  return sql`select id from (
      with near as (select o.id, o.created_at from ${from} where ${where} order by o.created_at <-> ${to} limit ${offset + size}),
      edge as (select min(created_at) as c from near)
      select id, created_at from near where created_at > (select c from edge)
      union all
      select o.id, o.created_at from ${from} where ${where} and o.created_at = (select c from edge)
    ) p order by created_at desc, id desc limit ${size} offset ${offset}`;
}

/**
 * A page of orders, newest first, with their total: exact, or with `cap` exact up to it (the count
 * stops at cap + 1 matches; `totalCapped` says there were more).
 *
 * Which index reads what (migration 0043): no state filter, the window index (or the platform
 * index); a stored state, the state index; unused, its partial index; a phase of a paid plan (to be
 * used, in use, near expiry, expired), the page by the phase GiST nearest the window's end. Their
 * counts: the phase GiST too (a running plan's window is mostly old, and holds none), but expired
 * by the state index: most windows are all expired, and a count of thousands reads a btree several
 * times faster than a GiST.
 */
export async function listOrders(
  db: AnyDb,
  scope: SQL,
  f: OrderFilter,
  page: PageRequest,
  now: number,
  cap?: number,
): Promise<Page<OrderRow> & { totalCapped: boolean }> {
  // In use and near expiry read the seller's near-expiry days: its settings joined once.
  const joined = f.viewState === 'in_use' || f.viewState === 'near_expiry';
  const from = joined ? sql`storage_orders o ${withSellerSettingsSql}` : sql`storage_orders o`;
  const where = filterWhere(scope, f, now, joined ? joinedNearExpiryDaysSql : undefined);
  const offset = (page.pageNum - 1) * page.pageSize;
  const ids =
    f.viewState && PHASE_STATES.has(f.viewState) && f.to !== undefined
      ? phasePageIds(from, where, ts(f.to), offset, page.pageSize)
      : // The page's ids first: with the subtree, window, state, platform and provider filters that is
        // an index-only scan of one of the btree indexes above (a sparse filter reads no heap row it
        // drops); then the page's rows.
        sql`select o.id from ${from} where ${where} order by o.created_at desc, o.id desc limit ${page.pageSize} offset ${offset}`;
  // The page and its count side by side (on the pool, two connections; in a transaction, one after the other).
  const read = rows<Record<string, unknown>>(
    db,
    sql`with page as (${ids}) ${selectOrders(now)} where o.id in (select id from page) order by o.created_at desc, o.id desc`,
  );
  // Expired, counted on the state index: its end written so the phase GiST cannot take it (`is
  // true` is no index condition; the same rows, a null end being no match either way).
  const countWhere =
    f.viewState === 'expired'
      ? sql`${filterWhere(scope, { ...f, viewState: undefined }, now)} and o.state = 'paid' and (upper(o.period) <= ${ts(now)}) is true`
      : where;
  const count = rows<{ n: number }>(
    db,
    cap === undefined
      ? sql`select count(*)::int as n from ${from} where ${countWhere}`
      : sql`select count(*)::int as n from (select 1 from ${from} where ${countWhere} limit ${cap + 1}) t`,
  );
  const [records, [n]] = await Promise.all([read, count]);
  const counted = Number(n?.n ?? 0);
  const capped = cap !== undefined && counted > cap;
  return {
    records: records.map(toOrder),
    total: capped ? cap : counted,
    totalCapped: capped,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** Orders for an export, in pages of `size` by id (keyset), newest first. */
export async function exportOrdersPage(db: AnyDb, scope: SQL, f: OrderFilter, now: number, beforeId: number | null, size: number) {
  const where = filterWhere(scope, f, now);
  const records = await rows<Record<string, unknown>>(
    db,
    sql`${selectOrders(now)} where ${where} ${beforeId ? sql`and o.id < ${beforeId}` : sql``} order by o.id desc limit ${size}`,
  );
  return records.map(toOrder);
}

/** Serialises the purchases, activations and refunds of one device (its registry row, locked). */
export async function lockDevice(db: AnyDb, deviceId: number): Promise<void> {
  await db.execute(sql`select id from devices where id = ${deviceId} for update`);
}

/** Where the next plan of a device starts: the end of its last paid plan still to end, or now. */
export async function nextStart(db: AnyDb, deviceId: number, now: number): Promise<number> {
  const [r] = await rows<{ at: number | null }>(
    db,
    sql`select (extract(epoch from max(upper(period))) * 1000)::float8 as at from storage_orders
        where device_id = ${deviceId} and state = 'paid' and period is not null and upper(period) > ${ts(now)}`,
  );
  // Rounded up to the millisecond the next period is written in: it never starts inside the last one.
  return r?.at == null ? now : Math.max(now, Math.ceil(Number(r.at)));
}

export interface NewOrder {
  orderNo: string;
  provider: string | null;
  amount: number;
  platform: string;
  deviceId: number;
  deviceSn: string;
  endUserId: number | null;
  endUserEmail: string | null;
  companyId: number;
  companyPath: string;
  buyerCompanyId: number | null;
  goodsId: number;
  goodsSnapshot: GoodsSnapshot;
  serviceDays: number;
  costPrice: number;
  state: 'unpaid' | 'paid';
  payDeadline: number | null;
  /** The seller's payment window (minutes) at creation. */
  payMinutes: number;
  paidAt: number | null;
  now: number;
}

export async function insertOrder(db: AnyDb, o: NewOrder): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into storage_orders (order_no, provider, amount, platform, device_id, device_sn, end_user_id, end_user_email,
          company_id, company_path, buyer_company_id, goods_id, goods_snapshot, service_days, cost_price, state, pay_deadline,
          pay_minutes, paid_at, created_at, updated_at)
        values (${o.orderNo}, ${o.provider}, ${o.amount}, ${o.platform}, ${o.deviceId}, ${o.deviceSn}, ${o.endUserId},
          ${o.endUserEmail}, ${o.companyId}, ${o.companyPath}, ${o.buyerCompanyId}, ${o.goodsId}, ${JSON.stringify(o.goodsSnapshot)}::jsonb,
          ${o.serviceDays}, ${o.costPrice}, ${o.state}, ${o.payDeadline === null ? null : ts(o.payDeadline)},
          ${o.payMinutes}, ${o.paidAt === null ? null : ts(o.paidAt)}, ${ts(o.now)}, ${ts(o.now)})
        returning id`,
  );
  return Number(r!.id);
}

/** A state move as one conditional statement (the machine's source states); false when the order had moved on. */
async function moveOrder(db: AnyDb, orderId: number, from: readonly string[], set: SQL): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update storage_orders set ${set} where id = ${orderId} and state in ${sql`(${sql.join(
      from.map((s) => sql`${s}`),
      sql`, `,
    )})`} returning id`,
  );
  return r.length > 0;
}

/**
 * -> paid (pay or revive): the provider and transaction kept when not given, the deadline and any
 * cancellation cleared; with `plan`, its period set in the same statement (one new row version, not
 * two: every index of the table takes each one).
 */
export async function moveToPaid(
  db: AnyDb,
  orderId: number,
  from: readonly string[],
  pay: { provider: string | null; transactionId: string | null },
  now: number,
  plan?: { start: number; days: number },
): Promise<boolean> {
  return moveOrder(
    db,
    orderId,
    from,
    sql`state = 'paid', provider = coalesce(${pay.provider}, provider), transaction_id = coalesce(${pay.transactionId}, transaction_id),
        paid_at = ${new Date(now).toISOString()}::timestamptz, pay_deadline = null, cancelled_at = null, cancel_reason = null,
        ${plan ? sql`period = ${periodSql(plan.start, plan.days)},` : sql``}
        updated_at = ${new Date(now).toISOString()}::timestamptz`,
  );
}

/** -> cancelled (by the user or the unpaid timeout). */
export async function moveToCancelled(
  db: AnyDb,
  orderId: number,
  from: readonly string[],
  reason: 'user' | 'timeout',
  now: number,
): Promise<boolean> {
  return moveOrder(
    db,
    orderId,
    from,
    sql`state = 'cancelled', cancelled_at = ${new Date(now).toISOString()}::timestamptz, cancel_reason = ${reason},
        pay_deadline = null, updated_at = ${new Date(now).toISOString()}::timestamptz`,
  );
}

/** -> refunded by `amount`: the period ends now when it had started, else it is dropped. */
export async function moveToRefunded(
  db: AnyDb,
  orderId: number,
  from: readonly string[],
  amount: number,
  started: boolean,
  now: number,
): Promise<boolean> {
  const at = new Date(now).toISOString();
  return moveOrder(
    db,
    orderId,
    from,
    sql`state = 'refunded', refunded_amount = refunded_amount + ${amount}, refunded_at = ${at}::timestamptz,
        period = ${started ? sql`tstzrange(lower(period), ${at}::timestamptz, '[)')` : sql`null`}, updated_at = ${at}::timestamptz`,
  );
}

/** Records the provider and transaction of a payment still waiting (action required, or unanswered with a transaction). */
export async function setPendingTransaction(db: AnyDb, orderId: number, provider: string, transactionId: string | null): Promise<void> {
  await db.execute(sql`update storage_orders set provider = ${provider}, transaction_id = ${transactionId} where id = ${orderId}`);
}

/** Gives a paid order its period `[start, start + days)`. */
/** A plan's period of `days` from `start`, `[start, end)`. */
const periodSql = (start: number, days: number) => sql`tstzrange(${ts(start)}, ${ts(start)} + make_interval(days => ${days}), '[)')`;

export async function setPeriod(db: AnyDb, orderId: number, start: number, days: number, now: number): Promise<void> {
  await db.execute(sql`update storage_orders set period = ${periodSql(start, days)}, updated_at = ${ts(now)} where id = ${orderId}`);
}

/**
 * After a plan of the device gave back `[from, from + gapMs)`, the paid plans starting at or after
 * `from + gapMs` move up by the gap, earliest first (one row at a time: never two overlapping).
 */
export async function moveUpLaterPlans(db: AnyDb, deviceId: number, fromMs: number, gapMs: number, now: number): Promise<number> {
  if (gapMs <= 0) return 0;
  const later = await rows<{ id: number }>(
    db,
    sql`select id from storage_orders where device_id = ${deviceId} and state = 'paid' and period is not null
        and lower(period) >= ${ts(fromMs + gapMs)} order by lower(period)`,
  );
  for (const l of later) {
    await db.execute(
      sql`update storage_orders set period = tstzrange(lower(period) - make_interval(secs => ${gapMs / 1000}),
          upper(period) - make_interval(secs => ${gapMs / 1000}), '[)'), updated_at = ${ts(now)} where id = ${l.id}`,
    );
  }
  return later.length;
}

/** Unbinding: the device's paid plans not started yet become not effective (a running one runs on). */
export async function invalidateUnstarted(db: AnyDb, deviceId: number, now: number): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`update storage_orders set state = 'not_effective', period = null, updated_at = ${ts(now)}
        where device_id = ${deviceId} and state = 'paid' and (period is null or lower(period) > ${ts(now)}) returning id`,
  );
  return r.length;
}

/** The device's plans for its timeline: paid, not effective and refunded ones with a period, in order. */
export async function deviceTimeline(db: AnyDb, deviceId: number, now: number) {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`${selectOrders(now)} where o.device_id = ${deviceId} and o.state in ('paid', 'not_effective', 'refunded')
        order by lower(o.period) nulls last, o.id limit 50`,
  );
  return r.map(toOrder);
}

/**
 * The cloud storage plan of a device now, as a lateral subquery over `deviceId` (a column of the
 * outer query): the paid plan running now, else the next one to start, else the last one ended
 * (none: no row); its derived state at `now` (the seller's near-expiry days), and the end of the
 * device's last plan (`paid_until`). App-facing device lists join it, one query per page.
 */
export function currentPlanLateral(deviceId: SQL, now: number): SQL {
  const at = ts(now);
  return sql`left join lateral (
      select o.id as plan_order_id, o.goods_snapshot->>'name' as plan_goods_name, ${viewStateSql(now)} as plan_view_state,
        (extract(epoch from lower(o.period)) * 1000)::float8 as plan_period_start,
        (extract(epoch from upper(o.period)) * 1000)::float8 as plan_period_end,
        (select (extract(epoch from max(upper(q.period))) * 1000)::float8 from storage_orders q
          where q.device_id = ${deviceId} and q.state = 'paid' and q.period is not null) as plan_paid_until
      from storage_orders o
      where o.device_id = ${deviceId} and o.state = 'paid' and o.period is not null
      order by (lower(o.period) <= ${at} and upper(o.period) > ${at}) desc, (lower(o.period) > ${at}) desc,
        case when lower(o.period) > ${at} then lower(o.period) end, upper(o.period) desc
      limit 1
    ) plan on true`;
}

// ----- payment attempts, refunds, events -----

export const ATTEMPT_RANK: Record<string, number> = { pending: 0, action_required: 1, succeeded: 2, declined: 2, refunded: 3 };
const rankSql = (col: SQL) =>
  sql`(case ${col} when 'pending' then 0 when 'action_required' then 1 when 'succeeded' then 2 when 'declined' then 2 else 3 end)`;

export async function insertAttempt(
  db: AnyDb,
  a: {
    orderId: number;
    provider: string;
    amount: number;
    status: string;
    transactionId: string | null;
    /** The idempotency key the provider was sent (how an unanswered payment is looked up). */
    providerKey?: string | null;
    reason: string | null;
    cardLast4: string | null;
    now: number;
  },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into storage_order_attempts (order_id, provider, amount, status, transaction_id, provider_key, reason, card_last4, created_at, updated_at)
        values (${a.orderId}, ${a.provider}, ${a.amount}, ${a.status}, ${a.transactionId}, ${a.providerKey ?? null}, ${a.reason}, ${a.cardLast4},
                ${ts(a.now)}, ${ts(a.now)})
        returning id`,
  );
  return Number(r!.id);
}

/** Moves the attempts of a transaction forward to `status` (never back); answers how many moved. */
export async function advanceAttempts(db: AnyDb, transactionId: string, status: string, now: number): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`update storage_order_attempts set status = ${status}, updated_at = ${ts(now)}
        where transaction_id = ${transactionId} and ${rankSql(sql`status`)} < ${ATTEMPT_RANK[status] ?? 3} returning id`,
  );
  return r.length;
}

/**
 * An unanswered attempt (no transaction) found at its provider: the attempt gets the transaction,
 * and so does its order unless another payment paid it already.
 */
export async function attachTransaction(db: AnyDb, attemptId: number, orderId: number, transactionId: string, now: number): Promise<void> {
  await db.execute(
    sql`update storage_order_attempts set transaction_id = ${transactionId}, updated_at = ${ts(now)}
        where id = ${attemptId} and transaction_id is null`,
  );
  await db.execute(
    sql`update storage_orders set transaction_id = ${transactionId}
        where id = ${orderId} and (transaction_id is null or state <> 'paid')`,
  );
}

/** The key of the order's last payment through `provider` that was never answered (pending, no transaction), if any. */
export async function unansweredKey(db: AnyDb, orderId: number, provider: string): Promise<string | null> {
  const [r] = await rows<{ provider_key: string | null }>(
    db,
    sql`select provider_key from storage_order_attempts where order_id = ${orderId} and provider = ${provider}
        and status = 'pending' and transaction_id is null and provider_key is not null order by id desc limit 1`,
  );
  return r?.provider_key ?? null;
}

/** Closes one open attempt as `status` (forward only), with why; answers whether it moved. */
export async function closeAttempt(db: AnyDb, attemptId: number, status: string, reason: string, now: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update storage_order_attempts set status = ${status}, reason = ${reason}, updated_at = ${ts(now)}
        where id = ${attemptId} and ${rankSql(sql`status`)} < ${ATTEMPT_RANK[status] ?? 3} returning id`,
  );
  return r.length > 0;
}

export async function attemptsOf(db: AnyDb, orderId: number) {
  return rows<Record<string, unknown>>(db, sql`select * from storage_order_attempts where order_id = ${orderId} order by id`);
}

/** Open attempts (pending or action required) older than `before`, with their orders: the reconciliation's work. */
export async function openAttempts(db: AnyDb, before: number, limit: number) {
  return rows<{ id: number; order_id: number; transaction_id: string | null; provider_key: string | null; provider: string }>(
    db,
    sql`select id, order_id, transaction_id, provider_key, provider from storage_order_attempts
        where status in ('pending', 'action_required') and created_at < ${ts(before)} order by id limit ${limit}`,
  );
}

export async function insertRefund(
  db: AnyDb,
  r: {
    orderId: number;
    amount: number;
    full: boolean;
    providerRefundId: string | null;
    reason: string;
    byUserId: number | null;
    byName: string;
    now: number;
  },
) {
  await db.execute(
    sql`insert into storage_order_refunds (order_id, amount, "full", provider_refund_id, reason, by_user_id, by_name, created_at)
        values (${r.orderId}, ${r.amount}, ${r.full}, ${r.providerRefundId}, ${r.reason}, ${r.byUserId}, ${r.byName}, ${ts(r.now)})`,
  );
}

export async function refundsOf(db: AnyDb, orderId: number) {
  return rows<Record<string, unknown>>(db, sql`select * from storage_order_refunds where order_id = ${orderId} order by id`);
}

export async function eventsOf(db: AnyDb, orderId: number) {
  return rows<Record<string, unknown>>(
    db,
    sql`select id, provider, event_id, type, outcome, received_at from payment_events where order_id = ${orderId} order by id`,
  );
}

/** Records a webhook event once per (provider, account, event id); null when it was there already (a replay). */
export async function insertEvent(
  db: AnyDb,
  e: { provider: string; account: string; eventId: string; type: string; transactionId: string; payload: unknown; now: number },
): Promise<number | null> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into payment_events (provider, account, event_id, type, transaction_id, payload, received_at)
        values (${e.provider}, ${e.account}, ${e.eventId}, ${e.type}, ${e.transactionId}, ${JSON.stringify(e.payload)}::jsonb, ${ts(e.now)})
        on conflict (provider, account, event_id) do nothing returning id`,
  );
  return r ? Number(r.id) : null;
}

export async function settleEvent(db: AnyDb, id: number, orderId: number | null, outcome: string, now: number) {
  await db.execute(sql`update payment_events set order_id = ${orderId}, outcome = ${outcome}, processed_at = ${ts(now)} where id = ${id}`);
}

/** The order of a provider transaction within a seller's account (the attempt that made it). */
export async function orderOfTransaction(db: AnyDb, transactionId: string, companyId: number): Promise<number | null> {
  const [r] = await rows<{ order_id: number }>(
    db,
    sql`select a.order_id from storage_order_attempts a join storage_orders o on o.id = a.order_id
        where a.transaction_id = ${transactionId} and o.company_id = ${companyId} order by a.id desc limit 1`,
  );
  return r ? Number(r.order_id) : null;
}

/**
 * The order of a seller's whose payment was never answered (an attempt without a transaction), by
 * the order number a provider's event names: the event tells the transaction it never had.
 */
export async function orderOfUnansweredReference(db: AnyDb, orderNo: string, companyId: number): Promise<number | null> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`select o.id from storage_orders o where o.order_no = ${orderNo} and o.company_id = ${companyId}
        and exists (select 1 from storage_order_attempts a where a.order_id = o.id and a.transaction_id is null and a.status = 'pending')`,
  );
  return r ? Number(r.id) : null;
}

/** Gives the unanswered attempts of an order (no transaction yet) the transaction an event named. */
export async function attachUnansweredAttempts(db: AnyDb, orderId: number, transactionId: string, now: number): Promise<void> {
  await db.execute(
    sql`update storage_order_attempts set transaction_id = ${transactionId}, updated_at = ${ts(now)}
        where order_id = ${orderId} and transaction_id is null and status = 'pending'`,
  );
  await db.execute(
    sql`update storage_orders set transaction_id = ${transactionId} where id = ${orderId} and (transaction_id is null or state <> 'paid')`,
  );
}

/** Unpaid orders past their deadline (the timeout's work). */
export async function overdueUnpaid(db: AnyDb, now: number, limit: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from storage_orders where state = 'unpaid' and pay_deadline <= ${ts(now)} order by pay_deadline limit ${limit}`,
  );
  return r.map((x) => Number(x.id));
}

// ----- idempotency keys -----

/**
 * Claims an idempotency key in the call's transaction: 'new' when it was free (a concurrent claim
 * of the same key waits for this transaction), else the first request's hash and result.
 */
export async function claimKey(
  db: AnyDb,
  scope: string,
  key: string,
  hash: string,
  now: number,
): Promise<{ claimed: true } | { claimed: false; requestHash: string; resultRef: string | null }> {
  const [r] = await rows<{ scope: string }>(
    db,
    sql`insert into idempotency_keys (scope, key, request_hash, created_at) values (${scope}, ${key}, ${hash}, ${ts(now)})
        on conflict (scope, key) do nothing returning scope`,
  );
  if (r) return { claimed: true };
  const [e] = await rows<{ request_hash: string; result_ref: string | null }>(
    db,
    sql`select request_hash, result_ref from idempotency_keys where scope = ${scope} and key = ${key}`,
  );
  return { claimed: false, requestHash: e!.request_hash, resultRef: e!.result_ref };
}

export async function setKeyResult(db: AnyDb, scope: string, key: string, resultRef: string) {
  await db.execute(sql`update idempotency_keys set result_ref = ${resultRef} where scope = ${scope} and key = ${key}`);
}

// ----- devices and goods for the order flow -----

export interface OrderDevice {
  id: number;
  sn: string;
  companyId: number;
  companyPath: string;
  customerPath: string;
  areaId: number | null;
  endUserId: number | null;
}

const toDevice = (d: Record<string, unknown>): OrderDevice => ({
  id: Number(d.id),
  sn: String(d.sn),
  companyId: Number(d.company_id),
  companyPath: String(d.company_path),
  customerPath: String(d.customer_path ?? ''),
  areaId: d.area_id === null ? null : Number(d.area_id),
  endUserId: d.end_user_id === null ? null : Number(d.end_user_id),
});

/** A device of the brand (its subtree), bound or not, or null (unknown, or another brand's). */
export async function brandDevice(db: AnyDb, brandPath: string, deviceId: number): Promise<OrderDevice | null> {
  const [d] = await rows<Record<string, unknown>>(
    db,
    sql`select id, sn, company_id, company_path, customer_path, area_id, end_user_id from devices
        where id = ${deviceId} and company_path like ${escapeLike(brandPath) + '%'}`,
  );
  return d ? toDevice(d) : null;
}

/** A device by SN that the caller's company made or sold (its subtree, or attributed to it), or null. */
export async function deviceInReach(db: AnyDb, actor: Pick<Actor, 'companyPath'>, sn: string): Promise<OrderDevice | null> {
  const p = escapeLike(actor.companyPath) + '%';
  const [d] = await rows<Record<string, unknown>>(
    db,
    sql`select id, sn, company_id, company_path, customer_path, area_id, end_user_id from devices
        where sn = ${sn.toUpperCase()} and (company_path like ${p} or customer_path like ${p})`,
  );
  return d ? toDevice(d) : null;
}

/** Goods a device may be sold: listed or sold out, of its brand or of a seller it was sold through, in its area. */
export function goodsForDevice(d: OrderDevice): SQL {
  return sql`(g.company_id = ${d.companyId} or (${d.customerPath} <> '' and ${d.customerPath} like g.company_path || '%'))
    and (${d.areaId}::int is null or g.area_id = ${d.areaId}::int)`;
}

/** Unscoped: the e-mail of a device's end user (the device was found in the caller's reach by `deviceInReach`). */
export async function unsafeEndUserEmail(db: AnyDb, endUserId: number): Promise<string | null> {
  const [user] = await rows<{ email: string }>(db, sql`select email from end_users where id = ${endUserId}`);
  return user?.email ?? null;
}

/** Unscoped: who a device is bound to now (a webhook names its order by id, no caller's tenant to scope by). */
export async function unsafeDeviceEndUser(db: AnyDb, deviceId: number): Promise<{ endUserId: unknown } | null> {
  const [dev] = await rows<{ end_user_id: unknown }>(db, sql`select end_user_id from devices where id = ${deviceId}`);
  return dev ? { endUserId: dev.end_user_id } : null;
}

/** Whether the device has (or is buying) a free plan of the seller already. */
export async function freePlanUsed(db: AnyDb, deviceId: number, companyId: number): Promise<boolean> {
  const [used] = await rows<unknown>(
    db,
    sql`select 1 from storage_orders where device_id = ${deviceId} and company_id = ${companyId} and amount = 0
      and platform <> 'internal' and state in ('unpaid', 'paid') limit 1`,
  );
  return Boolean(used);
}

export async function appGoodsRows(db: AnyDb, d: OrderDevice, now: number) {
  return rows<Record<string, unknown>>(
    db,
    sql`select g.*, p.name as plan_name, p.storage_value, p.storage_unit, p.service_days,
          exists (select 1 from storage_orders o where o.device_id = ${d.id} and o.company_id = g.company_id and o.amount = 0
            and o.platform <> 'internal' and o.state in ('unpaid', 'paid')) as free_used
        from storage_goods g join storage_plans p on p.id = g.plan_id
        where g.status in ('listed', 'sold_out') and (g.sale_until is null or g.sale_until > ${ts(now)}) and ${goodsForDevice(d)}
        order by g.android_price, g.id limit 100`,
  );
}

export interface SaleGoods {
  id: number;
  companyId: number;
  companyPath: string;
  status: string;
  saleUntil: number | null;
  androidPrice: number;
  iosPrice: number;
  guidePrice: number;
  costPrice: number;
  currency: string;
  goodsCode: string;
  name: string;
  planId: number;
  planName: string;
  storageValue: number;
  storageUnit: string;
  serviceDays: number;
  free: boolean;
  sellable: boolean;
}

/** Goods by id with their plan, and whether this device may be sold them; null when unknown. */
export async function goodsForSale(db: AnyDb, goodsId: number, d: OrderDevice | null): Promise<SaleGoods | null> {
  const [g] = await rows<Record<string, unknown>>(
    db,
    sql`select g.*, p.name as plan_name, p.storage_value, p.storage_unit, p.service_days,
          ${d ? goodsForDevice(d) : sql`true`} as sellable
        from storage_goods g join storage_plans p on p.id = g.plan_id where g.id = ${goodsId}`,
  );
  if (!g) return null;
  return {
    id: Number(g.id),
    companyId: Number(g.company_id),
    companyPath: String(g.company_path),
    status: String(g.status),
    saleUntil: msOf(g.sale_until),
    androidPrice: Number(g.android_price),
    iosPrice: Number(g.ios_price),
    guidePrice: Number(g.guide_price),
    costPrice: Number(g.cost_price),
    currency: String(g.currency),
    goodsCode: String(g.goods_code),
    name: String(g.name),
    planId: Number(g.plan_id),
    planName: String(g.plan_name),
    storageValue: Number(g.storage_value),
    storageUnit: String(g.storage_unit),
    serviceDays: Number(g.service_days),
    free: g.is_free === true,
    sellable: g.sellable === true,
  };
}

/** Orders and revenue of a window by view state and by day, and the plans running or near expiry now. */
export async function overviewRows(db: AnyDb, scope: SQL, from: number, to: number, now: number) {
  const counts = await rows<{ view_state: string; n: number; revenue: number }>(
    db,
    sql`select ${viewStateSql(now)} as view_state, count(*)::int as n,
          coalesce(sum(case when o.state in ('paid', 'refunded', 'not_effective') then o.amount - o.refunded_amount else 0 end), 0)::float8 as revenue
        from storage_orders o where ${scope} and o.created_at >= ${ts(from)} and o.created_at <= ${ts(to)} group by 1`,
  );
  const days = await rows<{ day: string; n: number; revenue: number }>(
    db,
    sql`select to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n,
          coalesce(sum(o.amount - o.refunded_amount), 0)::float8 as revenue
        from storage_orders o where ${scope} and o.paid_at >= ${ts(from)} and o.paid_at <= ${ts(to)}
        and o.state in ('paid', 'refunded', 'not_effective') group by 1 order by 1`,
  );
  const [live] = await rows<{ near: number; in_use: number }>(
    db,
    sql`select count(*) filter (where ${viewStateWhere('near_expiry', now)})::int as near,
          count(*) filter (where ${viewStateWhere('in_use', now)})::int as in_use
        from storage_orders o where ${scope} and o.state = 'paid' and upper(o.period) > ${ts(now)}`,
  );
  return { counts, days, nearExpiry: Number(live?.near ?? 0), inUse: Number(live?.in_use ?? 0) };
}

// ----- the hosted checkout page -----

/** Unscoped, for the public checkout page: the id of the order with this number (its sign is checked next). */
export async function unsafeOrderIdByNo(db: AnyDb, orderNo: string): Promise<number | null> {
  const [r] = await rows<{ id: number }>(db, sql`select id from storage_orders where order_no = ${orderNo}`);
  return r ? Number(r.id) : null;
}

/**
 * Unscoped, for the public checkout page: the path of the brand whose page the domain is (the
 * company owning the domain; the root company for any other host, as the login page's branding).
 */
export async function unsafeBrandPathOfDomain(db: AnyDb, domain: string): Promise<string | null> {
  const host = domain.trim().toLowerCase().replace(/:\d+$/, '');
  const [r] = await rows<{ path: string }>(
    db,
    sql`select coalesce(
          (select c.path from company_domains d join companies c on c.id = d.company_id where d.domain = ${host}),
          (select c.path from companies c where c.parent_id is null order by c.id limit 1)) as path`,
  );
  return r?.path ?? null;
}
