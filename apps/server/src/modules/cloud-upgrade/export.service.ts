/**
 * The result export (SPEC §7 "result export (blob)", §5 export range at most 90 days): the call
 * answers a signed link valid 300 s and the row count; the link's GET streams an xlsx of the
 * devices' results, read in keyset pages and written row by row, so neither the rows nor the
 * workbook are ever held whole in memory.
 */
import { ErrorCodes, rawRoutes, SIGNED_URL_TTL_SECONDS, formatMac, normalizeLocale, type Locale } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Writable } from 'node:stream';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { signUrl } from '../../lib/files';
import { escapeLike } from '../../lib/tenancy';
import { createXlsxStreamWriter } from '../../lib/xlsx';
import { exportColumns, exportSheetName, stateLabel } from './devices.messages';

export const RESULT_EXPORT_DOWNLOAD_PATH = rawRoutes.resultExportDownload.path;
/** A sheet holds 1,048,576 rows; an export stops short of that (the count says how many it has). */
export const EXPORT_MAX_ROWS = 1_000_000;
const PAGE_ROWS = 5_000;

/** What an export contains: fixed when the link is signed, carried (signed) in its query. */
export interface ExportFilter {
  /** The caller's company path: tasks and devices of this subtree only. */
  scope: string;
  /** The caller's current area (null: every area). */
  areaId: number | null;
  taskId: number | null;
  state: string | null;
  from: number;
  to: number;
  locale: Locale;
}

function whereOf(f: ExportFilter): SQL {
  const prefix = `${escapeLike(f.scope)}%`;
  const parts: SQL[] = [
    sql`t.company_path like ${prefix}`,
    sql`d.company_path like ${prefix}`,
    sql`td.updated_at >= ${new Date(f.from)}::timestamptz and td.updated_at <= ${new Date(f.to)}::timestamptz`,
  ];
  if (f.areaId !== null) {
    parts.push(sql`(d.area_id = ${f.areaId}::int or exists (select 1 from areas a where a.id = ${f.areaId}::int and a.kind = 'RDC'))`);
  }
  if (f.taskId !== null) parts.push(sql`td.task_id = ${f.taskId}::int`);
  if (f.state !== null) parts.push(sql`td.state = ${f.state}`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`from task_devices td join release_tasks t on t.id = td.task_id join devices d on d.id = td.device_id`;

type Executor = Pick<Db | Tx, 'execute'>;
async function rowsOf<T>(db: Executor, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

export async function countExportRows(db: Executor, f: ExportFilter): Promise<number> {
  const [r] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n ${FROM} where ${whereOf(f)}`);
  return Math.min(Number(r?.n ?? 0), EXPORT_MAX_ROWS);
}

/** upgrade/result/export: checks the task is the caller's, counts the rows, signs the link. */
export async function createResultExport(
  ctx: CallContext,
  d: { taskId?: number; state?: string; range: { from: number; to: number } },
): Promise<{ url: string; rows: number }> {
  const actor = requireActor(ctx);
  if (d.taskId !== undefined) {
    const [task] = await rowsOf<{ id: number }>(
      ctx.db,
      sql`select id from release_tasks where id = ${d.taskId}::int and company_path like ${`${escapeLike(actor.companyPath)}%`}`,
    );
    if (!task) throw new AppError(ErrorCodes.notFound);
  }
  const filter: ExportFilter = {
    scope: actor.companyPath,
    areaId: actor.currentAreaId,
    taskId: d.taskId ?? null,
    state: d.state ?? null,
    from: d.range.from,
    to: d.range.to,
    locale: ctx.locale,
  };
  const rows = await countExportRows(ctx.db, filter);
  const q = new URLSearchParams({
    uid: String(actor.userId),
    tid: String(actor.sessionId),
    scope: filter.scope,
    area: filter.areaId === null ? '' : String(filter.areaId),
    task: filter.taskId === null ? '' : String(filter.taskId),
    state: filter.state ?? '',
    from: String(filter.from),
    to: String(filter.to),
    locale: filter.locale,
  });
  const now = ctx.clock.now();
  const url = signUrl(`${RESULT_EXPORT_DOWNLOAD_PATH}?${q}`, ctx.services.config.linkSecret, { now, ttlSeconds: SIGNED_URL_TTL_SECONDS });
  return { url, rows };
}

/** The filter a verified link carries; anything malformed is a bad link (1013). */
export function filterFromLink(p: URLSearchParams): ExportFilter & { userId: number; sessionId: number } {
  const int = (name: string, optional: boolean): number | null => {
    const v = p.get(name) ?? '';
    if (v === '' && optional) return null;
    if (!/^\d{1,15}$/.test(v)) throw new AppError(ErrorCodes.fileLinkInvalid, undefined, `export link: bad ${name}`);
    return Number(v);
  };
  const scope = p.get('scope') ?? '';
  if (!/^\/(\d+\/)+$/.test(scope)) throw new AppError(ErrorCodes.fileLinkInvalid, undefined, 'export link: bad scope');
  return {
    userId: int('uid', false)!,
    sessionId: int('tid', false)!,
    scope,
    areaId: int('area', true),
    taskId: int('task', true),
    state: p.get('state') || null,
    from: int('from', false)!,
    to: int('to', false)!,
    locale: normalizeLocale(p.get('locale') ?? undefined),
  };
}

interface ResultRow {
  task_id: number;
  device_id: number | string;
  version_name: string;
  sn: string;
  mac: string;
  model: string;
  country: string;
  wave: number;
  state: string;
  from_version: string;
  reported_version: string | null;
  error_code: string | null;
  updated_at: Date | string | null;
}

/** Writes the export's workbook onto `out`, page by page (keyset on task id, device id). */
export async function writeResultExport(db: Executor, f: ExportFilter, out: Writable): Promise<number> {
  const writer = createXlsxStreamWriter(out, { name: exportSheetName(f.locale), columns: exportColumns(f.locale) });
  const where = whereOf(f);
  let after: { task: number; device: number } | null = null;
  let written = 0;
  while (written < EXPORT_MAX_ROWS) {
    const cursor: SQL = after ? sql`and (td.task_id, td.device_id) > (${after.task}::int, ${after.device}::bigint)` : sql``;
    const page: ResultRow[] = await rowsOf<ResultRow>(
      db,
      sql`select td.task_id, td.device_id, p.version_name, d.sn, d.mac, d.model, td.country, td.wave, td.state, td.from_version,
                 td.reported_version, td.error_code, td.updated_at
            ${FROM} join firmware_packages p on p.id = t.pkg_id
           where ${where} ${cursor}
           order by td.task_id, td.device_id
           limit ${Math.min(PAGE_ROWS, EXPORT_MAX_ROWS - written)}::int`,
    );
    for (const r of page) {
      writer.addRow([
        Number(r.task_id), r.version_name, r.sn, r.mac.length === 12 ? formatMac(r.mac) : r.mac, r.model, r.country, Number(r.wave),
        stateLabel(r.state, f.locale), r.from_version, r.reported_version ?? '', r.error_code ?? '',
        r.updated_at ? new Date(r.updated_at) : null,
      ]);
    }
    written += page.length;
    if (page.length < PAGE_ROWS) break;
    const last = page[page.length - 1]!;
    after = { task: Number(last.task_id), device: Number(last.device_id) };
    await writer.drain();
  }
  await writer.commit();
  return written;
}
