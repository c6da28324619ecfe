/**
 * The end-user log's statements (issue 15 §5): the recorder's batched insert and the retention purge
 * (`unsafe...`: written for every brand by the call router and a job), the portal's search scoped to
 * the caller (the end users of the brands in its subtree; a distributor: the end users bound to a
 * device it sold, i.e. a device of or attributed to its subtree; the session's area), and the app's
 * own device check for a playback report (scoped to the app's brand and end user).
 */
import type { EndUserLogSearch } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Database, type Db, type Tx } from '../../db/client';
import type { Actor, AppCallRecord } from '../../lib/context';
import { escapeLike, scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Db | Tx;

/** Writes a batch of records in one statement (unnest of one array per column). */
export async function unsafeInsertEndUserLogs(database: Database, batch: readonly AppCallRecord[]): Promise<void> {
  if (batch.length === 0) return;
  const col = <K extends keyof AppCallRecord>(k: K) => sql.param(batch.map((r) => r[k]));
  await database.db.execute(sql`
    insert into end_user_logs (at, company_id, company_path, app_key_id, end_user_id, area_id, action, code, platform, app_version, ip, sn, detail, duration_ms)
    select to_timestamp(t.at / 1000.0), t.company_id, t.company_path, t.app_key_id, t.end_user_id, t.area_id, t.action, t.code,
           t.platform, t.app_version, t.ip, t.sn, t.detail, t.duration_ms
      from unnest(${col('at')}::float8[], ${col('companyId')}::int[], ${col('companyPath')}::text[], ${col('appKeyId')}::int[],
                  ${col('endUserId')}::bigint[], ${col('areaId')}::int[], ${col('action')}::text[], ${col('code')}::int[],
                  ${col('platform')}::text[], ${col('appVersion')}::text[], ${col('ip')}::text[], ${col('sn')}::text[],
                  ${col('detail')}::text[], ${col('durationMs')}::int[])
        as t(at, company_id, company_path, app_key_id, end_user_id, area_id, action, code, platform, app_version, ip, sn, detail, duration_ms)`);
}

/** Rows older than `before` go, in slices (a job over every brand); answers how many. */
export async function unsafePurgeEndUserLogs(database: Database, before: number, slice = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await rows<{ n: number }>(
      database.db,
      sql`with gone as (
            delete from end_user_logs where id in (
              select id from end_user_logs where at < ${new Date(before).toISOString()}::timestamptz order by at, id limit ${slice})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(r[0]?.n ?? 0);
    total += n;
    if (n < slice) return total;
  }
}

/** A device bound to the app's end user, by SN within the app's brand; null otherwise. */
export async function findOwnBoundDevice(db: Executor, brandPath: string, endUserId: number, sn: string) {
  const [d] = await rows<{ id: number }>(
    db,
    sql`select id::float8 as id from devices
         where sn = ${sn} and end_user_id = ${endUserId} and ${scopedToSubtree(sql`company_path`, { companyPath: brandPath })}`,
  );
  return d ?? null;
}

export interface EndUserLogRow {
  id: string;
  at_iso: string;
  end_user_id: number | null;
  email: string | null;
  company_id: number;
  company_name: string | null;
  action: string;
  code: number;
  platform: string;
  app_version: string;
  ip: string;
  sn: string;
  detail: string;
  duration_ms: number;
}

function decodeCursor(cursor: string): { at: string; id: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,19})$/.exec(cursor);
  return m ? { at: m[1]!, id: m[2]! } : null;
}

/** What decides which rows a caller sees (kept by an export when its link is signed). */
export type EndUserLogViewer = Pick<Actor, 'companyType' | 'companyPath' | 'currentAreaId'>;

/**
 * Who the caller sees: the supplier every brand; a company with brands in its subtree their end
 * users (the brand's index on company_id and time); otherwise (a distributor) the end users bound to
 * a device of or attributed to its subtree. Always the session's area.
 */
function visibleTo(actor: EndUserLogViewer): SQL {
  const area = scopedToArea(sql`l.area_id`, actor);
  if (actor.companyType === 'supplier') return area;
  const p = escapeLike(actor.companyPath) + '%';
  if (actor.companyType === 'partner') return sql`l.company_id in (select c.id from companies c where c.path like ${p}) and ${area}`;
  return sql`l.end_user_id in (select d.end_user_id from devices d
              where d.end_user_id is not null and (d.company_path like ${p} or d.customer_path like ${p})) and ${area}`;
}

export async function searchEndUserLogs(
  db: Executor,
  actor: Actor,
  q: Required<Pick<EndUserLogSearch, 'pageSize'>> & Omit<EndUserLogSearch, 'pageSize'>,
) {
  const conds = filterConds(actor, q);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (cursor) conds.push(sql`(l.at, l.id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`);
  const found = await selectRows(db, conds, q.pageSize + 1);
  const more = found.length > q.pageSize;
  const page = found.slice(0, q.pageSize);
  const last = page.at(-1);
  return { records: page, nextCursor: more && last ? `${last.at_iso}_${last.id}` : null };
}

/** The search's filters (without its page). */
export type EndUserLogFilter = Omit<EndUserLogSearch, 'pageSize' | 'cursor'>;

function filterConds(actor: EndUserLogViewer, q: EndUserLogFilter): SQL[] {
  const conds: SQL[] = [
    sql`l.at >= ${new Date(q.range.from).toISOString()}::timestamptz`,
    sql`l.at <= ${new Date(q.range.to).toISOString()}::timestamptz`,
    visibleTo(actor),
  ];
  if (q.account) {
    if (/^\d{1,15}$/.test(q.account)) conds.push(sql`l.end_user_id = ${Number(q.account)}`);
    // The rows are already the visible ones: the e-mail only picks among them.
    else conds.push(sql`l.end_user_id in (select e.id from end_users e where lower(e.email) = ${q.account.toLowerCase()})`);
  }
  if (q.action) conds.push(sql`l.action = ${q.action}`);
  if (q.result === 'success') conds.push(sql`l.code = 200`);
  if (q.result === 'failed') conds.push(sql`l.code <> 200`);
  if (q.code !== undefined) conds.push(sql`l.code = ${q.code}`);
  if (q.platform) conds.push(sql`l.platform = ${q.platform}`);
  if (q.appVersion) conds.push(sql`l.app_version = ${q.appVersion}`);
  if (q.ip) conds.push(sql`l.ip like ${escapeLike(q.ip) + '%'}`);
  if (q.sn) conds.push(sql`l.sn = ${q.sn.toUpperCase()}`);
  return conds;
}

function selectRows(db: Executor, conds: SQL[], limit: number) {
  return rows<EndUserLogRow>(
    db,
    sql`select l.id::text as id, to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_iso,
               l.end_user_id::float8 as end_user_id, e.email, l.company_id, c.name as company_name, l.action, l.code,
               l.platform, l.app_version, l.ip, l.sn, l.detail, l.duration_ms
          from (select * from end_user_logs l where ${sql.join(conds, sql` and `)}
                 order by l.at desc, l.id desc limit ${limit}) l
          left join end_users e on e.id = l.end_user_id
          left join companies c on c.id = l.company_id
         order by l.at desc, l.id desc`,
  );
}

/** An export of the end-user log: the filters, who signed it, and its rows as of then (ids up to maxId). */
export interface EndUserLogExportFilter extends EndUserLogFilter {
  viewer: EndUserLogViewer;
  maxId: number;
}

export async function maxEndUserLogId(db: Executor): Promise<number> {
  const [r] = await rows<{ id: string | null }>(db, sql`select max(id)::text as id from end_user_logs`);
  return Number(r?.id ?? 0);
}

/** How many rows the export holds, counted up to `cap`. */
export async function countEndUserLogExport(db: Executor, f: EndUserLogExportFilter, cap: number): Promise<number> {
  const conds = [...filterConds(f.viewer, f), sql`l.id <= ${f.maxId}`];
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from end_user_logs l where ${sql.join(conds, sql` and `)} limit ${cap}) x`,
  );
  return Number(r?.n ?? 0);
}

/** A page of the export, newest first, after the keyset `after` (the last row of the page before). */
export function endUserLogExportPage(db: Executor, f: EndUserLogExportFilter, after: { at: string; id: string } | null, limit: number) {
  const conds = [...filterConds(f.viewer, f), sql`l.id <= ${f.maxId}`];
  if (after) conds.push(sql`(l.at, l.id) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  return selectRows(db, conds, limit);
}

export interface ActivityFilter {
  from: number;
  to: number;
  timeZone: string;
  platform?: string;
  appVersion?: string;
}

/**
 * End-user activity (usage and diagnostics): distinct end users with any app call, per local day
 * of `timeZone`, over the range, over the 30 days up to its end, by platform and by app version
 * (at most `top`); the end users the caller sees (visibleTo), read by the log's time index.
 */
export async function endUserActivity(db: Executor, actor: Actor, f: ActivityFilter, top: number) {
  const base = (from: number): SQL => {
    const conds: SQL[] = [
      sql`l.at >= ${new Date(from).toISOString()}::timestamptz`,
      sql`l.at < ${new Date(f.to).toISOString()}::timestamptz`,
      sql`l.end_user_id is not null`,
      visibleTo(actor),
    ];
    if (f.platform) conds.push(sql`l.platform = ${f.platform}`);
    if (f.appVersion) conds.push(sql`l.app_version = ${f.appVersion}`);
    return sql.join(conds, sql` and `);
  };
  const where = base(f.from);
  const [daily, totals, platforms, versions] = await Promise.all([
    rows<{ day: string; active: number }>(
      db,
      sql`select (l.at at time zone ${f.timeZone})::date::text as day, count(distinct l.end_user_id)::int as active
            from end_user_logs l where ${where} group by 1 order by 1`,
    ),
    rows<{ range_active: number; monthly_active: number }>(
      db,
      sql`select (select count(distinct l.end_user_id)::int from end_user_logs l where ${where}) as range_active,
                 (select count(distinct l.end_user_id)::int from end_user_logs l where ${base(f.to - 30 * 86_400_000)}) as monthly_active`,
    ),
    rows<{ platform: string; active: number }>(
      db,
      sql`select l.platform, count(distinct l.end_user_id)::int as active from end_user_logs l where ${where} group by 1 order by 2 desc, 1`,
    ),
    rows<{ platform: string; app_version: string; active: number }>(
      db,
      sql`select l.platform, l.app_version, count(distinct l.end_user_id)::int as active from end_user_logs l where ${where}
           group by 1, 2 order by 3 desc, 1, 2 limit ${top}`,
    ),
  ]);
  return { daily, totals: totals[0]!, platforms, versions };
}
