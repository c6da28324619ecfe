/**
 * Statements of the insight exports (exports.service.ts): the export rows (a running export holds
 * one of INSIGHT_EXPORTS_RUNNING_MAX slots per user through the partial unique index, so two
 * requests at once cannot both take the last one), and the keyset reads of each kind's rows,
 * scoped to what the signing call recorded (the caller's subtree and area) and to the rows as they
 * were when it was signed (the highest id and the time then).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';
import type { Actor } from '../../lib/context';
import { escapeLike, scopedToArea, scopedToSubtree } from '../../lib/tenancy';

type Executor = Pick<Db | Tx, 'execute'>;

const iso = (ms: number) => new Date(ms).toISOString();

/** The caller's scope an export was signed in. */
export type ExportScope = Pick<Actor, 'companyPath' | 'currentAreaId'>;

// ---- the export rows ------------------------------------------------------------------------------

export interface NewExport {
  userId: number;
  sessionId: number;
  kind: string;
  format: string;
  locale: string;
  spec: unknown;
  rowCount: number;
  now: number;
  expiresAt: number;
}

/**
 * Ends this user's exports that no longer run (a link never fetched within its life, a stream
 * stalled past `staleMs`), then claims a free slot for the new one: its id, or null when every
 * slot is taken (each insert conflicts on the running slots' unique index, waiting for a
 * concurrent claim of the same slot to commit).
 */
export async function claimExportSlot(db: Executor, e: NewExport, slots: number, staleMs: number): Promise<number | null> {
  await db.execute(
    sql`update insight_exports
           set state = case when state = 'signed' then 'expired' else 'failed' end, finished_at = ${iso(e.now)}::timestamptz
         where user_id = ${e.userId} and state in ('signed', 'streaming')
           and ((state = 'signed' and expires_at < ${iso(e.now)}::timestamptz)
             or (state = 'streaming' and started_at < ${iso(e.now - staleMs)}::timestamptz))`,
  );
  for (let slot = 1; slot <= slots; slot++) {
    const [r] = await rows<{ id: string }>(
      db,
      sql`insert into insight_exports (user_id, session_id, slot, kind, format, locale, spec, state, row_count, created_at, expires_at)
          values (${e.userId}, ${e.sessionId}, ${slot}, ${e.kind}, ${e.format}, ${e.locale}, ${JSON.stringify(e.spec)}::jsonb, 'signed',
                  ${e.rowCount}, ${iso(e.now)}::timestamptz, ${iso(e.expiresAt)}::timestamptz)
          on conflict (user_id, slot) where state in ('signed', 'streaming') do nothing
          returning id::text as id`,
    );
    if (r) return Number(r.id);
  }
  return null;
}

export interface StartedExport {
  kind: string;
  format: string;
  locale: string;
  spec: unknown;
  row_count: number;
}

/**
 * The link's export moves from signed to streaming, once: null when it was fetched already, has
 * expired, or is not this user's and session's. The session must still be open.
 */
export async function unsafeStartExport(
  db: Executor,
  id: number,
  userId: number,
  sessionId: number,
  now: number,
): Promise<StartedExport | null> {
  const [r] = await rows<StartedExport>(
    db,
    sql`update insight_exports x set state = 'streaming', started_at = ${iso(now)}::timestamptz
         where x.id = ${id} and x.user_id = ${userId} and x.session_id = ${sessionId} and x.state = 'signed'
           and x.expires_at >= ${iso(now)}::timestamptz
           and exists (select 1 from sessions s where s.id = x.session_id and s.user_id = x.user_id and s.ended_at is null)
        returning x.kind, x.format, x.locale, x.spec, x.row_count`,
  );
  return r ?? null;
}

/** A streamed export ended (its slot is free again). */
export async function unsafeFinishExport(db: Executor, id: number, ok: boolean, now: number): Promise<void> {
  await db.execute(
    sql`update insight_exports set state = ${ok ? 'done' : 'failed'}, finished_at = ${iso(now)}::timestamptz
         where id = ${id} and state = 'streaming'`,
  );
}

// ---- operation log --------------------------------------------------------------------------------

export interface OplogExportFilter {
  scope: ExportScope;
  from: number;
  to: number;
  /** Fixed at signing: the highest id and the time then. */
  maxId: number;
  asOf: number;
  actor?: string;
  module?: string;
  action?: string;
  code?: string;
  target?: string;
  result?: string;
  ip?: string;
}

function oplogWhere(f: OplogExportFilter): SQL {
  const subtree = escapeLike(f.scope.companyPath) + '%';
  const conds: SQL[] = [
    sql`o.at >= ${iso(f.from)}::timestamptz`,
    sql`o.at <= ${iso(Math.min(f.to, f.asOf))}::timestamptz`,
    sql`o.id <= ${f.maxId}`,
    sql`(o.company_path like ${subtree} or o.actor_company_path like ${subtree})`,
  ];
  if (f.actor) {
    if (/^\d{1,9}$/.test(f.actor)) conds.push(sql`(o.actor_user_id = ${Number(f.actor)} or o.on_behalf_of_user_id = ${Number(f.actor)})`);
    else conds.push(sql`lower(o.actor_name) like ${escapeLike(f.actor.toLowerCase()) + '%'}`);
  }
  if (f.module) conds.push(sql`o.module = ${f.module}`);
  if (f.action) conds.push(sql`o.action like ${escapeLike(f.action) + '%'}`);
  if (f.code) conds.push(sql`o.code = ${f.code}`);
  if (f.target) {
    const [type, id] = f.target.split(':', 2);
    if (id !== undefined) conds.push(sql`o.target_type = ${type} and o.target_id = ${id}`);
    else conds.push(sql`o.target_type = ${type}`);
  }
  if (f.result) conds.push(sql`o.result = ${f.result}`);
  if (f.ip) conds.push(sql`o.ip like ${escapeLike(f.ip) + '%'}`);
  return sql.join(conds, sql` and `);
}

/** The highest operation-log id now (rows written after the signing have higher ids). */
export async function maxOperationLogId(db: Executor): Promise<number> {
  const [r] = await rows<{ n: string | null }>(db, sql`select max(id)::text as n from operation_logs`);
  return Number(r?.n ?? 0);
}

export async function countOplogExport(db: Executor, f: OplogExportFilter, cap: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from operation_logs o where ${oplogWhere(f)} limit ${cap}) t`,
  );
  return Number(r?.n ?? 0);
}

export interface OplogExportRow {
  id: string;
  at_iso: string;
  at: Date | string;
  actor_name: string;
  on_behalf_of_name: string | null;
  company_name: string | null;
  module: string;
  action: string;
  result: 'success' | 'refused';
  ip: string;
  request_id: string;
  code: string | null;
  target_name: string | null;
  params: Record<string, unknown> | null;
  diff: Array<{ field: string }> | null;
}

/** A page of the export, newest first by (at, id), strictly older than `after`. */
export async function oplogExportPage(db: Executor, f: OplogExportFilter, after: { at: string; id: string } | null, limit: number) {
  const page = after ? sql` and (o.at, o.id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``;
  return rows<OplogExportRow>(
    db,
    sql`select o.id::text as id, o.at, to_char(o.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_iso,
          o.actor_name, u.nickname as on_behalf_of_name, c.name as company_name, o.module, o.action, o.result, o.ip,
          o.request_id, o.code, o.target_name, o.params, o.diff
        from operation_logs o
        left join users u on u.id = o.on_behalf_of_user_id
        left join companies c on c.id = o.company_id
        where ${oplogWhere(f)}${page}
        order by o.at desc, o.id desc
        limit ${limit}`,
  );
}

// ---- device logs ----------------------------------------------------------------------------------

export interface DeviceLogExportFilter {
  scope: ExportScope;
  from: number;
  to: number;
  state?: string;
  maxId: number;
}

function deviceLogWhere(f: DeviceLogExportFilter): SQL {
  const conds: SQL[] = [
    sql`(${scopedToSubtree(sql`d.company_path`, f.scope)} or ${scopedToSubtree(sql`d.customer_path`, f.scope)})`,
    scopedToArea(sql`d.area_id`, f.scope),
    sql`l.created_at >= ${iso(f.from)}::timestamptz`,
    sql`l.created_at <= ${iso(f.to)}::timestamptz`,
    sql`l.id <= ${f.maxId}`,
  ];
  if (f.state) conds.push(sql`l.state = ${f.state}`);
  return sql.join(conds, sql` and `);
}

export async function maxDeviceLogId(db: Executor): Promise<number> {
  const [r] = await rows<{ n: string | null }>(db, sql`select max(id)::text as n from device_logs`);
  return Number(r?.n ?? 0);
}

export async function countDeviceLogExport(db: Executor, f: DeviceLogExportFilter, cap: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from device_logs l join devices d on d.id = l.device_id
         where ${deviceLogWhere(f)} limit ${cap}) t`,
  );
  return Number(r?.n ?? 0);
}

export interface DeviceLogExportRow {
  id: string;
  sn: string;
  model: string;
  state: 'requested' | 'uploaded' | 'expired';
  size: number | null;
  requested_by: number | null;
  requester_name: string | null;
  requested_at: Date | string | null;
  uploaded_at: Date | string | null;
  expires_at: Date | string | null;
}

/** A page by id, newest first (ids below `beforeId`). */
export async function deviceLogExportPage(db: Executor, f: DeviceLogExportFilter, beforeId: number | null, limit: number) {
  return rows<DeviceLogExportRow>(
    db,
    sql`select l.id::text as id, d.sn, d.model, l.state, l.size::float8 as size, l.requested_by, u.nickname as requester_name,
               l.requested_at, l.uploaded_at, l.expires_at
          from device_logs l join devices d on d.id = l.device_id left join users u on u.id = l.requested_by
         where ${deviceLogWhere(f)}${beforeId === null ? sql`` : sql` and l.id < ${beforeId}`}
         order by l.id desc
         limit ${limit}`,
  );
}
