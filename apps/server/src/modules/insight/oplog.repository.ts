/**
 * Operation-log search (insight/operation-log/search): the rows whose target company or actor's
 * company is in the caller's subtree, within a range of at most 31 days, newest first by (at, id)
 * with a keyset cursor, and a total counted exactly up to OPLOG_TOTAL_CAP.
 */
import { type AuditFieldChange, OPLOG_TOTAL_CAP, type OperationLogSearch } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows as rowsOf, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike } from '../../lib/tenancy';

export interface OplogRow {
  id: string;
  at: Date | string;
  actor_user_id: number | null;
  actor_name: string;
  on_behalf_of_user_id: number | null;
  on_behalf_of_name: string | null;
  company_id: number | null;
  company_name: string | null;
  module: string;
  action: string;
  result: 'success' | 'refused';
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  request_id: string;
  ip: string;
  code: string | null;
  target_name: string | null;
  params: Record<string, unknown> | null;
  diff: AuditFieldChange[] | null;
  request: unknown;
}

/** `<at, UTC to the µs>_<id>`: the last row of a page; the next page is strictly older. */
export function encodeCursor(atIso: string, id: string): string {
  return `${atIso}_${id}`;
}

function decodeCursor(cursor: string): { at: string; id: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,19})$/.exec(cursor);
  return m ? { at: m[1]!, id: m[2]! } : null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Whether the sealed rows of the hours wholly inside the range already pass `cap`, from the hourly
 * counts the seal keeps (operation_log_counts, migration 0049), read newest hour first and stopped
 * at the first running sum over the cap. Null when the counts cannot tell: a caller below a brand
 * (the counts know paths to their second level only), or a filter they do not hold (actor, IP,
 * target, code, after an id). The counts are a lower bound (rows not yet sealed are not in them),
 * so true means more than `cap` rows; false says nothing. Hours older than the retention (less a
 * day) are left out: a retention run by an older server did not drop their counts.
 */
export async function passesCapByCounts(
  db: Db | Tx,
  actor: Pick<Actor, 'companyPath'>,
  q: Omit<OperationLogSearch, 'pageSize'>,
  cap: number,
  opts: { now: number; retentionDays: number },
): Promise<boolean | null> {
  if (q.actor || q.ip || q.target || q.code || q.afterId !== undefined) return null;
  if (actor.companyPath.split('/').filter(Boolean).length > 2) return null;
  const first = Math.max(Math.ceil(q.range.from / HOUR_MS) * HOUR_MS, opts.now - (opts.retentionDays - 1) * DAY_MS);
  // Hours [first, end): each wholly inside [from, to].
  const end = Math.floor((q.range.to + 1) / HOUR_MS) * HOUR_MS;
  if (end <= first) return false;
  const subtree = escapeLike(actor.companyPath) + '%';
  const conds: SQL[] = [
    sql`c.hour >= ${new Date(first).toISOString()}::timestamptz`,
    sql`c.hour < ${new Date(end).toISOString()}::timestamptz`,
    sql`(c.company_root like ${subtree} or c.actor_root like ${subtree})`,
  ];
  if (q.module) conds.push(sql`c.module = ${q.module}`);
  if (q.action) conds.push(sql`c.action like ${escapeLike(q.action) + '%'}`);
  if (q.result) conds.push(sql`c.result = ${q.result}`);
  const [r] = await rowsOf<{ passes: boolean }>(
    db,
    sql`select exists (
          select 1 from (select sum(c.n) over (order by c.hour desc rows between unbounded preceding and current row) as running
                           from operation_log_counts c where ${sql.join(conds, sql` and `)}) t
           where t.running > ${cap}) as passes`,
  );
  return !!r?.passes;
}

export async function searchOperationLogs(
  db: Db | Tx,
  actor: Pick<Actor, 'companyPath'>,
  q: Required<Pick<OperationLogSearch, 'pageSize'>> & Omit<OperationLogSearch, 'pageSize'>,
  opts: { now: number; retentionDays: number },
) {
  const subtree = escapeLike(actor.companyPath) + '%';
  const conds: SQL[] = [
    sql`o.at >= ${new Date(q.range.from).toISOString()}::timestamptz`,
    sql`o.at <= ${new Date(q.range.to).toISOString()}::timestamptz`,
    // Visible to the target's subtree and to the actor's.
    sql`(o.company_path like ${subtree} or o.actor_company_path like ${subtree})`,
  ];
  if (q.actor) {
    if (/^\d{1,9}$/.test(q.actor)) conds.push(sql`(o.actor_user_id = ${Number(q.actor)} or o.on_behalf_of_user_id = ${Number(q.actor)})`);
    else conds.push(sql`lower(o.actor_name) like ${escapeLike(q.actor.toLowerCase()) + '%'}`);
  }
  if (q.module) conds.push(sql`o.module = ${q.module}`);
  if (q.action) conds.push(sql`o.action like ${escapeLike(q.action) + '%'}`);
  if (q.code) conds.push(sql`o.code = ${q.code}`);
  if (q.target) {
    const [type, id] = q.target.split(':', 2);
    if (id !== undefined) conds.push(sql`o.target_type = ${type} and o.target_id = ${id}`);
    else conds.push(sql`o.target_type = ${type}`);
  }
  if (q.result) conds.push(sql`o.result = ${q.result}`);
  if (q.ip) conds.push(sql`o.ip like ${escapeLike(q.ip) + '%'}`);
  if (q.afterId !== undefined) conds.push(sql`o.id > ${q.afterId}`);
  const filtered = sql.join(conds, sql` and `);

  const pageConds = [filtered];
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (cursor) pageConds.push(sql`(o.at, o.id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`);

  const rows = await rowsOf<OplogRow & { at_iso: string }>(
    db,
    sql`select o.id::text as id, o.at, to_char(o.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_iso,
          o.actor_user_id, o.actor_name, o.on_behalf_of_user_id, u.nickname as on_behalf_of_name,
          o.company_id, c.name as company_name, o.module, o.action, o.result, o.target_type, o.target_id,
          o.before, o.after, o.request_id, o.ip, o.code, o.target_name, o.params, o.diff, o.request
        from operation_logs o
        left join users u on u.id = o.on_behalf_of_user_id
        left join companies c on c.id = o.company_id
        where ${sql.join(pageConds, sql` and `)}
        order by o.at desc, o.id desc
        limit ${q.pageSize + 1}`,
  );
  const more = rows.length > q.pageSize;
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const nextCursor = more && last ? encodeCursor(last.at_iso, last.id) : null;
  // The total comes with the first page only: the pages after it (by cursor) share its filter and
  // range, and the client keeps the figure, so paging on costs one page read, not a recount.
  if (cursor) return { records: page, total: null, totalCapped: null, nextCursor };
  // Past the cap by the seal's hourly counts: "10,000+" without counting a row.
  if (await passesCapByCounts(db, actor, q, OPLOG_TOTAL_CAP, opts))
    return { records: page, total: OPLOG_TOTAL_CAP, totalCapped: true, nextCursor };
  // Exact up to the cap: counting stops at cap + 1 rows (an index-only scan of the filter's
  // covering index, migration 0036).
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from operation_logs o where ${filtered} limit ${OPLOG_TOTAL_CAP + 1}) t`,
  );
  return { records: page, total: Math.min(Number(n), OPLOG_TOTAL_CAP), totalCapped: Number(n) > OPLOG_TOTAL_CAP, nextCursor };
}
