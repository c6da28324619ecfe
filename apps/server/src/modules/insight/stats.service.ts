/**
 * Data statistics (issue 15 item 3): the answers of the Overview, By customer and By version screens
 * and their filter values, built from the rollup figures (stats.repository.ts).
 */
import {
  ErrorCodes,
  HOME_CARD_CODES,
  type StatsAppFigures,
  type StatsByCustomer,
  type StatsByVersion,
  type StatsFigures,
  type StatsOptions,
  type StatsOverview,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { Db, Tx } from '../../db/client';
import { requireActor, type CallContext } from '../../lib/context';
import { statementTimeoutSql, withStatementTimeout } from './read-timeout.repository';
import { rollupUpdatedAtSql } from './rollup.repository';
import {
  appFigureSets,
  childCompanies,
  companyInSubtree,
  customerLevel,
  figureSets,
  filterValues,
  statsWindow,
  type FigureSetKey,
  type AppFigureRow,
  type FigureRow,
  type StatsScope,
} from './stats.repository';

export interface StatsInput {
  range: { from: number; to: number };
  productType?: string;
  model?: string;
  version?: string;
  country?: string;
  customerId?: number;
}

const DAY_MS = 86_400_000;

export function present(r: FigureRow | undefined): StatsFigures {
  return {
    devices: Number(r?.devices ?? 0),
    online: Number(r?.online ?? 0),
    onlineRate: r && Number(r.ds) > 0 ? Number(r.os) / Number(r.ds) : null,
    activations: Number(r?.activations ?? 0),
    upgradeSuccess: Number(r?.upgrade_success ?? 0),
    upgradeFailed: Number(r?.upgrade_failed ?? 0),
  };
}

function dayList(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * Runs a statistics or diagnostics read under the statement timeout (config statsStatementTimeoutMs,
 * the contract's STATS_STATEMENT_TIMEOUT_MS): a cancelled statement answers statsTimeout. `read`
 * queries through the transaction it is given only.
 */
export function timedRead<T>(ctx: CallContext, read: (db: Tx) => Promise<T>): Promise<T> {
  return withStatementTimeout(ctx.db, ctx.services.config.statsStatementTimeoutMs, read);
}

/** timedRead of a read whose first statement is statsScope's, which sets the timeout itself. */
function scopedRead<T>(ctx: CallContext, read: (db: Tx) => Promise<T>): Promise<T> {
  return withStatementTimeout(ctx.db, ctx.services.config.statsStatementTimeoutMs, read, { firstStatementSets: true });
}

/**
 * The caller's scope of a statistics query: zone, days, filters (a customer outside the subtree: 1004),
 * and when the rollup last committed; one statement.
 */
export async function statsScope(
  ctx: CallContext,
  d: StatsInput,
  db: Db | Tx,
): Promise<StatsScope & { prevFrom: string; prevTo: string; days: string[]; updatedAt: number | null }> {
  const actor = requireActor(ctx);
  // Sets the read's statement timeout for the statements after it (it is the first).
  const w = await statsWindow(
    db,
    actor,
    d.range,
    d.customerId,
    rollupUpdatedAtSql,
    statementTimeoutSql(ctx.services.config.statsStatementTimeoutMs),
  );
  if (d.customerId !== undefined && !w.customer) throw new AppError(ErrorCodes.notFound);
  const prevTo = new Date(Date.parse(`${w.d0}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return {
    actor,
    timeZone: w.tz,
    from: w.d0,
    to: w.d1,
    prevFrom: w.p0,
    prevTo,
    days: dayList(w.d0, w.d1),
    updatedAt: w.updated_at === null ? null : Number(w.updated_at),
    productType: d.productType,
    model: d.model,
    version: d.version,
    country: d.country,
    customer: w.customer,
  };
}

/** Whether the caller may see storage plan sales (HOME_CARD_CODES.sales). */
export function seesSales(ctx: CallContext): boolean {
  const actor = requireActor(ctx);
  return HOME_CARD_CODES.sales.some((c) => actor.authResList.has(c));
}

/**
 * End users are counted by brand (an app call names no device): a device or customer filter leaves
 * them unknown, and so does a caller below the brands (a distributor, installer or customer), whose
 * share of a brand's end users no rollup holds; null, never a misleading 0.
 */
const endUsersCounted = (s: StatsScope) =>
  (s.actor.companyType === 'supplier' || s.actor.companyType === 'partner') &&
  !s.productType &&
  !s.model &&
  !s.version &&
  !s.country &&
  !s.customer;

/** The app figures of a period of `days` days from its rows (by currency). */
export function presentApp(rows: AppFigureRow[], days: number, sales: boolean, counted: boolean): StatsAppFigures {
  const active = rows.reduce((n, r) => n + Number(r.active), 0);
  const out: StatsAppFigures = { activeEndUsers: counted && days > 0 ? Math.round((active / days) * 10) / 10 : null };
  if (sales)
    out.sales = {
      orders: rows.reduce((n, r) => n + Number(r.orders), 0),
      amount: Math.round(rows.reduce((n, r) => n + Number(r.amount), 0)),
    };
  return out;
}

const meta = (updatedAt: number | null, s: { timeZone: string; days: string[] }) => ({ timeZone: s.timeZone, updatedAt, days: s.days });

const TOP = 10;

export function statsOverview(ctx: CallContext, d: StatsInput): Promise<StatsOverview> {
  return scopedRead(ctx, (db) => overview(ctx, db, d));
}

/**
 * Three statements: the scope, the rollup figures of every part of the screen (one read of the
 * period's rows), the app figures.
 */
async function overview(ctx: CallContext, db: Tx, d: StatsInput): Promise<StatsOverview> {
  const s = await statsScope(ctx, d, db);
  // The caller's own company: its children are the top customers.
  const own = { path: s.actor.companyPath };
  const [sets, app] = await Promise.all([
    figureSets(db, s, ['total', 'previous', 'day', 'version', 'country', 'child'], { byChild: own, topChildren: TOP }),
    appFigureSets(db, s),
  ]);
  const appDays = app.days;
  const appPrev = app.previous;
  const set = (k: FigureSetKey) => sets.get(k) ?? [];
  const byDay = new Map(set('day').map((r) => [r.key, r]));
  const sales = seesSales(ctx);
  const counted = endUsersCounted(s);
  const appByDay = new Map<string, AppFigureRow[]>();
  for (const r of appDays) appByDay.set(r.key ?? '', [...(appByDay.get(r.key ?? '') ?? []), r]);
  const sortedCountries = set('country')
    .map((c) => ({ country: c.key ?? '', devices: Number(c.devices) }))
    .sort((a, b) => b.devices - a.devices);
  const top = sortedCountries.slice(0, TOP);
  const rest = sortedCountries.slice(TOP).reduce((n, c) => n + c.devices, 0);
  const topCustomers = set('child')
    .filter((c) => c.key !== null && Number(c.devices) > 0)
    .sort((a, b) => Number(b.devices) - Number(a.devices) || Number(a.key) - Number(b.key))
    .slice(0, TOP);
  return {
    ...meta(s.updatedAt, s),
    current: present(set('total')[0]),
    previous: present(set('previous')[0]),
    trend: s.days.map((day) => ({ day, ...present(byDay.get(day)) })),
    versions: set('version')
      .map((v) => ({ version: v.key ?? '', devices: Number(v.devices) }))
      .filter((v) => v.devices > 0)
      .sort((a, b) => b.devices - a.devices || a.version.localeCompare(b.version)),
    countries: rest > 0 ? [...top, { country: 'OTHERS', devices: rest }] : top,
    customers: topCustomers.map((c) => ({ companyId: Number(c.key), name: c.name ?? '', devices: Number(c.devices) })),
    app: {
      current: presentApp(appDays, s.days.length, sales, counted),
      previous: presentApp(appPrev, s.days.length, sales, counted),
      trend: s.days.map((day) => {
        const f = presentApp(appByDay.get(day) ?? [], 1, sales, counted);
        return {
          day,
          activeEndUsers: f.activeEndUsers,
          ...(f.sales ? { ordersPaid: f.sales.orders, salesAmount: f.sales.amount } : {}),
        };
      }),
    },
  };
}

export function statsByCustomer(ctx: CallContext, d: StatsInput & { parentId?: number }): Promise<StatsByCustomer> {
  return scopedRead(ctx, (db) => byCustomer(ctx, db, d));
}

/** Three statements: the scope, the listed company's level (breadcrumb, children), the figures by child. */
async function byCustomer(ctx: CallContext, db: Tx, d: StatsInput & { parentId?: number }): Promise<StatsByCustomer> {
  const s = await statsScope(ctx, d, db);
  const level = await customerLevel(db, s.actor, d.parentId ?? s.actor.companyId);
  const parent = level.parent;
  if (!parent) throw new AppError(ErrorCodes.notFound);
  const sets = await figureSets(db, { ...s, customer: s.customer ?? parent }, ['child'], { byChild: parent });
  const byChild = new Map((sets.get('child') ?? []).map((r) => [r.key, r]));
  const ownRow = byChild.get(null);
  return {
    ...meta(s.updatedAt, s),
    path: level.trail.map((c) => ({ companyId: Number(c.id), name: c.name })),
    rows: [
      ...(ownRow ? [{ companyId: null, name: parent.name, hasChildren: false, ...present(ownRow) }] : []),
      ...level.children.map((c) => ({
        companyId: Number(c.id),
        name: c.name,
        hasChildren: c.has_children,
        ...present(byChild.get(String(c.id))),
      })),
    ],
  };
}

export function statsByVersion(ctx: CallContext, d: StatsInput): Promise<StatsByVersion> {
  return scopedRead(ctx, (db) => byVersion(ctx, db, d));
}

/** Two statements: the scope, and both figure sets over one read of the period's rows. */
async function byVersion(ctx: CallContext, db: Tx, d: StatsInput): Promise<StatsByVersion> {
  const s = await statsScope(ctx, d, db);
  const sets = await figureSets(db, s, ['version', 'dayVersion']);
  return {
    ...meta(s.updatedAt, s),
    share: (sets.get('dayVersion') ?? [])
      .map((r) => {
        const [day, ...v] = (r.key ?? '').split('|');
        return { day: day!, version: v.join('|'), devices: Number(r.devices) };
      })
      .filter((r) => r.devices > 0)
      .sort((a, b) => a.day.localeCompare(b.day) || a.version.localeCompare(b.version)),
    versions: (sets.get('version') ?? [])
      .map((v) => ({ version: v.key ?? '', ...present(v) }))
      .sort((a, b) => b.devices - a.devices || a.version.localeCompare(b.version)),
  };
}

export function statsOptions(ctx: CallContext): Promise<StatsOptions> {
  return timedRead(ctx, (db) => options(ctx, db));
}

async function options(ctx: CallContext, db: Tx): Promise<StatsOptions> {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const s = await statsScope(ctx, { range: { from: now - 30 * DAY_MS, to: now } }, db);
  const [values, own] = await Promise.all([filterValues(db, s), companyInSubtree(db, actor, actor.companyId)]);
  const customers = own ? await childCompanies(db, own) : [];
  const uniq = (f: (v: (typeof values)[number]) => string) => [...new Set(values.map(f))].filter(Boolean).sort();
  return {
    productTypes: uniq((v) => v.product_type),
    models: uniq((v) => v.model),
    versions: uniq((v) => v.version),
    countries: uniq((v) => v.country),
    customers: customers.map((c) => ({ companyId: Number(c.id), name: c.name })),
    timeZone: s.timeZone,
  };
}
