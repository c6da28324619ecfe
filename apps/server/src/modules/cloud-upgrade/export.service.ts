/**
 * The result export (SPEC §7 "result export (blob)", §5 export range at most 90 days): the call
 * answers a signed link valid 300 s and the row count; the link's GET streams an xlsx of the
 * devices' results, read in keyset pages and written row by row, so neither the rows nor the
 * workbook are ever held whole in memory.
 */
import { ErrorCodes, rawRoutes, SIGNED_URL_TTL_SECONDS, formatMac, normalizeLocale, type Locale } from '@portal/contract';
import type { Writable } from 'node:stream';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { signUrl } from '../../lib/files';
import { createXlsxStreamWriter } from '../../lib/xlsx';
import { exportColumns, exportSheetName, stateLabel } from './devices.messages';
import { countResultRows, resultRowsAfter, taskInSubtree, type ResultRow } from './export.repository';

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

type Executor = Pick<Db | Tx, 'execute'>;

export async function countExportRows(db: Executor, f: ExportFilter): Promise<number> {
  return Math.min(await countResultRows(db, f), EXPORT_MAX_ROWS);
}

/** upgrade/result/export: checks the task is the caller's, counts the rows, signs the link. */
export async function createResultExport(
  ctx: CallContext,
  d: { taskId?: number; state?: string; range: { from: number; to: number } },
): Promise<{ url: string; rows: number }> {
  const actor = requireActor(ctx);
  if (d.taskId !== undefined) {
    if (!(await taskInSubtree(ctx.db, actor, d.taskId))) throw new AppError(ErrorCodes.notFound);
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

/** Writes the export's workbook onto `out`, page by page (keyset on task id, device id). */
export async function writeResultExport(db: Executor, f: ExportFilter, out: Writable): Promise<number> {
  const writer = createXlsxStreamWriter(out, { name: exportSheetName(f.locale), columns: exportColumns(f.locale) });
  let after: { task: number; device: number } | null = null;
  let written = 0;
  while (written < EXPORT_MAX_ROWS) {
    const page: ResultRow[] = await resultRowsAfter(db, f, after, Math.min(PAGE_ROWS, EXPORT_MAX_ROWS - written));
    for (const r of page) {
      writer.addRow([
        Number(r.task_id),
        r.version_name,
        r.sn,
        r.mac.length === 12 ? formatMac(r.mac) : r.mac,
        r.model,
        r.country,
        Number(r.wave),
        stateLabel(r.state, f.locale),
        r.from_version,
        r.reported_version ?? '',
        r.error_code ?? '',
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
