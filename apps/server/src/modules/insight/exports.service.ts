/**
 * Exports of the insight module's logs and statistics tables (issue 15 §5), on the one export
 * mechanism of the portal: a call checks the caller and answers a signed link (lib/files signUrl,
 * SIGNED_URL_TTL_SECONDS) and the row count; the link's GET (exports.routes.ts, a raw route behind
 * `signedLink`) streams the file, xlsx through exceljs' streaming writer or CSV, read in keyset
 * pages, so neither the rows nor the workbook are held whole in memory.
 *
 * - Rows fixed at signing: the export row records what the file holds as the call saw it: the
 *   highest id and the time (operation log, device logs, devices of the health list, whose state is
 *   computed as of then), or the figures themselves (statistics tables, computed at signing).
 * - Headers in the caller's locale at signing; times in UTC, named so in the header.
 * - At most INSIGHT_EXPORTS_RUNNING_MAX running per user (26010): a slot claimed by the export row.
 * - The link is fetched once and dies with the session; the export call itself is in the
 *   operation log (AUDIT_ACTIONS read: export, with the filter as its request).
 */
import {
  ErrorCodes,
  FLAPPING_OFFLINES_PER_DAY,
  INSIGHT_EXPORT_DOWNLOAD_PATH,
  INSIGHT_EXPORTS_RUNNING_MAX,
  SIGNED_URL_TTL_SECONDS,
  auditFieldLabel,
  normalizeLocale,
  renderAuditSentence,
  AUDIT_MODULE_LABELS,
  END_USER_LOG_ACTIONS,
  maskEmail,
  type AuditModule,
  type ExportFormat,
  type InsightExportKind,
  type InsightExportResult,
  type Locale,
  type StatsFigures,
  type insightExportCalls,
} from '@portal/contract';
import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { createCsvStreamWriter } from '../../lib/csv';
import { signUrl } from '../../lib/files';
import { createXlsxStreamWriter, type XlsxCell, type XlsxStreamWriter } from '../../lib/xlsx';
import { exportFileName, exportHeaders, exportSheetTitle, exportWord } from './exports.messages';
import {
  claimExportSlot,
  countDeviceLogExport,
  countOplogExport,
  deviceLogExportPage,
  maxDeviceLogId,
  maxOperationLogId,
  oplogExportPage,
  type DeviceLogExportFilter,
  type ExportScope,
  type OplogExportFilter,
  type OplogExportRow,
  type StartedExport,
} from './exports.repository';
import {
  countEndUserLogExport,
  endUserLogExportPage,
  maxEndUserLogId,
  type EndUserLogExportFilter,
  type EndUserLogRow,
} from './end-user-log.repository';
import { countDeviceHealth, deviceHealthPageAfter, maxDeviceId, type HealthFilter } from './health.repository';
import { onlineWindowMs } from './jobs';
import { companyInSubtree } from './stats.repository';
import { statsByCustomer, statsByVersion, statsOverview } from './stats.service';

type Data<K extends keyof typeof insightExportCalls> = z.output<(typeof insightExportCalls)[K]['data']>;
type Executor = Db | Tx;

/** A sheet holds 1,048,576 rows; an export stops short of that (its row count says how many it has). */
export const INSIGHT_EXPORT_MAX_ROWS = 1_000_000;
/** A stream that has not ended after this long no longer holds its slot. */
export const EXPORT_STREAM_STALE_MS = 30 * 60_000;
const PAGE_ROWS = 5_000;

type Cell = string | number | null;

/** What an export row holds: the kind's filter and what fixes its rows at signing. */
export type ExportSpec =
  | { kind: 'operationLog'; fileName: string; filter: OplogExportFilter }
  | { kind: 'deviceLogs'; fileName: string; filter: DeviceLogExportFilter }
  | { kind: 'endUserLog'; fileName: string; filter: EndUserLogExportFilter }
  | { kind: 'deviceHealth'; fileName: string; scope: ExportScope; filter: HealthFilter; now: number; windowMs: number }
  | { kind: 'statsOverview' | 'statsOverviewSales' | 'statsByCustomer' | 'statsByVersion'; fileName: string; rows: Cell[][] };

const scopeOf = (ctx: CallContext): ExportScope => {
  const a = requireActor(ctx);
  return { companyPath: a.companyPath, currentAreaId: a.currentAreaId };
};

/** Claims a slot for the export (26010 when the user has 2 running) and signs its link. */
async function sign(ctx: CallContext, format: ExportFormat, spec: ExportSpec, rows: number): Promise<InsightExportResult> {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const expiresAt = now + SIGNED_URL_TTL_SECONDS * 1000;
  const id = await claimExportSlot(
    ctx.db,
    { userId: actor.userId, sessionId: actor.sessionId, kind: spec.kind, format, locale: ctx.locale, spec, rowCount: rows, now, expiresAt },
    INSIGHT_EXPORTS_RUNNING_MAX,
    EXPORT_STREAM_STALE_MS,
  );
  if (id === null) throw new AppError(ErrorCodes.insightExportBusy, { max: INSIGHT_EXPORTS_RUNNING_MAX });
  const q = new URLSearchParams({ id: String(id), uid: String(actor.userId), tid: String(actor.sessionId) });
  const url = signUrl(`${INSIGHT_EXPORT_DOWNLOAD_PATH}?${q}`, ctx.services.config.linkSecret, { now, expiresAt });
  return { url, rows, fileName: spec.fileName };
}

export async function exportOperationLog(ctx: CallContext, d: Data<'operationLogExport'>): Promise<InsightExportResult> {
  const maxId = await maxOperationLogId(ctx.db);
  const { range, format, ...rest } = d;
  const filter: OplogExportFilter = { scope: scopeOf(ctx), from: range.from, to: range.to, maxId, asOf: ctx.clock.now(), ...rest };
  const rows = await countOplogExport(ctx.db, filter, INSIGHT_EXPORT_MAX_ROWS);
  return sign(
    ctx,
    format,
    { kind: 'operationLog', fileName: exportFileName('operationLog', format, range, ctx.clock.now()), filter },
    rows,
  );
}

export async function exportDeviceLogs(ctx: CallContext, d: Data<'deviceLogExport'>): Promise<InsightExportResult> {
  const filter: DeviceLogExportFilter = {
    scope: scopeOf(ctx),
    from: d.range.from,
    to: d.range.to,
    maxId: await maxDeviceLogId(ctx.db),
    ...(d.state ? { state: d.state } : {}),
  };
  const rows = await countDeviceLogExport(ctx.db, filter, INSIGHT_EXPORT_MAX_ROWS);
  return sign(
    ctx,
    d.format,
    { kind: 'deviceLogs', fileName: exportFileName('deviceLogs', d.format, d.range, ctx.clock.now()), filter },
    rows,
  );
}

export async function exportEndUserLog(ctx: CallContext, d: Data<'endUserLogExport'>): Promise<InsightExportResult> {
  const actor = requireActor(ctx);
  const { format, ...rest } = d;
  const filter: EndUserLogExportFilter = {
    ...rest,
    viewer: { companyType: actor.companyType, companyPath: actor.companyPath, currentAreaId: actor.currentAreaId },
    maxId: await maxEndUserLogId(ctx.db),
  };
  const rows = await countEndUserLogExport(ctx.db, filter, INSIGHT_EXPORT_MAX_ROWS);
  return sign(ctx, format, { kind: 'endUserLog', fileName: exportFileName('endUserLog', format, d.range, ctx.clock.now()), filter }, rows);
}

export async function exportDeviceHealth(ctx: CallContext, d: Data<'healthExport'>): Promise<InsightExportResult> {
  const actor = requireActor(ctx);
  const customer = d.customerId === undefined ? null : await companyInSubtree(ctx.db, actor, d.customerId);
  if (d.customerId !== undefined && !customer) throw new AppError(ErrorCodes.notFound);
  const now = ctx.clock.now();
  const windowMs = onlineWindowMs(ctx.services.config.devicePollSeconds);
  const filter: HealthFilter = {
    productType: d.productType,
    model: d.model,
    version: d.version,
    country: d.country,
    customerPath: customer?.path,
    state: d.state,
    offlineDays: d.offlineDays,
    maxId: await maxDeviceId(ctx.db),
  };
  const scope = scopeOf(ctx);
  const rows = await countDeviceHealth(ctx.db, scope, filter, now, windowMs, INSIGHT_EXPORT_MAX_ROWS);
  const fileName = exportFileName('deviceHealth', d.format, null, now);
  return sign(ctx, d.format, { kind: 'deviceHealth', fileName, scope, filter, now, windowMs }, rows);
}

const rate = (f: StatsFigures) => (f.onlineRate === null ? null : Math.round(f.onlineRate * 1000) / 10);
const figureCells = (f: StatsFigures): Cell[] => [f.devices, f.online, rate(f), f.activations, f.upgradeSuccess, f.upgradeFailed];

/** A statistics table, computed now (the figures at signing are the file's). */
export async function exportStats(ctx: CallContext, d: Data<'statsExport'>): Promise<InsightExportResult> {
  const { table, format, parentId, ...q } = d;
  let kind: 'statsOverview' | 'statsOverviewSales' | 'statsByCustomer' | 'statsByVersion';
  let rows: Cell[][];
  if (table === 'overview') {
    const o = await statsOverview(ctx, q);
    // The app side per day (the same days as the devices' trend); sales only for a caller with a storage code.
    const app = new Map(o.app.trend.map((a) => [a.day, a]));
    const sales = o.app.current.sales !== undefined;
    kind = sales ? 'statsOverviewSales' : 'statsOverview';
    rows = o.trend.map((t) => {
      const a = app.get(t.day);
      const cells: Cell[] = [t.day, ...figureCells(t), a?.activeEndUsers ?? ''];
      return sales ? [...cells, a?.ordersPaid ?? 0, (a?.salesAmount ?? 0) / 100] : cells;
    });
  } else if (table === 'byCustomer') {
    kind = 'statsByCustomer';
    const own = exportWord('ownDevices', ctx.locale);
    rows = (await statsByCustomer(ctx, { ...q, ...(parentId !== undefined ? { parentId } : {}) })).rows.map((r) => [
      r.companyId === null ? own : r.name,
      ...figureCells(r),
    ]);
  } else {
    kind = 'statsByVersion';
    const unknown = exportWord('unknown', ctx.locale);
    rows = (await statsByVersion(ctx, q)).versions.map((v) => [v.version || unknown, ...figureCells(v)]);
  }
  return sign(ctx, format, { kind, fileName: exportFileName(kind, format, q.range, ctx.clock.now()), rows }, rows.length);
}

// ---- the file -------------------------------------------------------------------------------------

/**
 * The columns of each kind that hold times: written as `YYYY-MM-DD HH:mm:ss` text in UTC (the
 * header says so), in xlsx as in CSV. A styled date cell costs exceljs a style lookup per cell,
 * which doubled the time of a 500,000-row export.
 */
const DATE_COLUMNS: Partial<Record<InsightExportKind, readonly number[]>> = {
  operationLog: [0],
  deviceLogs: [5, 6, 7],
  deviceHealth: [7],
  endUserLog: [0],
};

function openWriter(kind: InsightExportKind, format: string, locale: Locale, out: Writable): XlsxStreamWriter {
  const headers = exportHeaders(kind, locale);
  if (format === 'csv') return createCsvStreamWriter(out, headers);
  const dates = new Set(DATE_COLUMNS[kind] ?? []);
  return createXlsxStreamWriter(
    out,
    {
      name: exportSheetTitle(kind, locale),
      columns: headers.map((header, i) => ({ header, width: dates.has(i) ? 20 : Math.max(12, Math.min(40, header.length + 4)) })),
    },
    { styles: false },
  );
}

/** A time as `YYYY-MM-DD HH:mm:ss` (UTC); '' for none. */
const utc = (v: Date | string | number | null | undefined): string =>
  v === null || v === undefined ? '' : new Date(v).toISOString().slice(0, 19).replace('T', ' ');

/** Writes the export a link started onto `out`; resolves with the rows written. */
export async function writeInsightExport(db: Executor, x: StartedExport, out: Writable): Promise<number> {
  const spec = x.spec as ExportSpec;
  const locale = normalizeLocale(x.locale);
  const writer = openWriter(spec.kind, x.format, locale, out);
  const cap = Math.min(Number(x.row_count), INSIGHT_EXPORT_MAX_ROWS);
  let written = 0;
  const add = (cells: readonly XlsxCell[]) => {
    writer.addRow(cells);
    written++;
  };
  const gone = () => {
    if (out.destroyed) throw new Error('export stream closed before its end');
  };

  if (spec.kind === 'operationLog') {
    const moduleLabel = (m: string) => {
      const l = AUDIT_MODULE_LABELS[m as AuditModule];
      return l ? (locale === 'zh-CN' ? l.zh : l.en) : m;
    };
    // The next page is read while this one is written.
    const fetchPage = (after: { at: string; id: string } | null, left: number) =>
      oplogExportPage(db, spec.filter, after, Math.min(PAGE_ROWS, left));
    let next: Promise<OplogExportRow[]> | null = fetchPage(null, cap);
    while (next && written < cap) {
      const page: OplogExportRow[] = await next;
      const last = page[page.length - 1];
      const left = cap - written - page.length;
      next = page.length === PAGE_ROWS && last && left > 0 ? fetchPage({ at: last.at_iso, id: last.id }, left) : null;
      // A page read ahead and never awaited (the stream closed) must not surface as an unhandled rejection.
      next?.catch(() => undefined);
      for (const r of page) {
        add([
          r.at_iso.slice(0, 19).replace('T', ' '),
          r.actor_name,
          r.on_behalf_of_name ?? '',
          r.company_name ?? '',
          moduleLabel(r.module),
          renderAuditSentence(
            { code: r.code, action: r.action, actorName: r.actor_name, targetName: r.target_name, params: r.params, result: r.result },
            locale,
          ),
          (r.diff ?? []).map((c) => auditFieldLabel(c.field, locale)).join(', '),
          exportWord(r.result, locale),
          r.ip,
          r.request_id,
        ]);
      }
      gone();
      await writer.drain();
    }
  } else if (spec.kind === 'deviceLogs') {
    let before: number | null = null;
    while (written < cap) {
      const page = await deviceLogExportPage(db, spec.filter, before, Math.min(PAGE_ROWS, cap - written));
      for (const r of page) {
        add([
          r.sn,
          r.model,
          exportWord(r.state, locale),
          r.size === null ? null : Number(r.size),
          r.requested_by === null ? exportWord('unasked', locale) : (r.requester_name ?? ''),
          utc(r.requested_at),
          utc(r.uploaded_at),
          utc(r.expires_at),
        ]);
      }
      if (page.length < PAGE_ROWS) break;
      before = Number(page[page.length - 1]!.id);
      gone();
      await writer.drain();
    }
  } else if (spec.kind === 'endUserLog') {
    const label = (action: string) => {
      const l = END_USER_LOG_ACTIONS[action];
      return l ? (locale === 'zh-CN' ? l.zh : l.en) : action;
    };
    let after: { at: string; id: string } | null = null;
    while (written < cap) {
      const page: EndUserLogRow[] = await endUserLogExportPage(db, spec.filter, after, Math.min(PAGE_ROWS, cap - written));
      for (const r of page) {
        add([
          r.at_iso.slice(0, 19).replace('T', ' '),
          r.email ? maskEmail(r.email) : '',
          r.company_name ?? '',
          label(r.action),
          exportWord(Number(r.code) === 200 ? 'success' : 'failed', locale),
          Number(r.code),
          r.platform,
          r.app_version,
          r.ip,
          r.sn,
          r.detail,
          Number(r.duration_ms),
        ]);
      }
      const last = page[page.length - 1];
      if (page.length < PAGE_ROWS || !last) break;
      after = { at: last.at_iso, id: last.id };
      gone();
      await writer.drain();
    }
  } else if (spec.kind === 'deviceHealth') {
    let afterId = 0;
    while (written < cap) {
      const page = await deviceHealthPageAfter(
        db,
        spec.scope,
        spec.filter,
        spec.now,
        spec.windowMs,
        afterId,
        Math.min(PAGE_ROWS, cap - written),
      );
      for (const r of page) {
        const lastSeen = r.last_seen === null ? null : Number(r.last_seen);
        const online = lastSeen !== null && lastSeen >= spec.now - spec.windowMs;
        add([
          r.sn,
          r.product_type,
          r.model,
          r.version,
          r.country,
          r.customer_name ?? '',
          exportWord(online ? 'online' : 'offline', locale),
          utc(lastSeen),
          Number(r.failures),
          Number(r.offlines),
          exportWord(Number(r.offlines) >= FLAPPING_OFFLINES_PER_DAY ? 'yes' : 'no', locale),
        ]);
      }
      if (page.length < PAGE_ROWS) break;
      afterId = Number(page[page.length - 1]!.id);
      gone();
      await writer.drain();
    }
  } else {
    for (const r of spec.rows.slice(0, cap)) add(r);
  }
  await writer.commit();
  return written;
}
