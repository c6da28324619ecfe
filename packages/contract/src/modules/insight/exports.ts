/**
 * Exports of the insight module's logs and statistics tables (issue 15 §5): the operation log, the
 * device logs, the end-user log, the statistics tables (Overview's daily figures, By customer, By version) and the
 * device-health list, as xlsx (streamed) or CSV. Each call checks the caller, fixes the rows at
 * signing (the highest id and the time, or the figures computed then) and answers a signed link
 * (SIGNED_URL_TTL_SECONDS, dies with the session, fetched once) and the row count; the headers are
 * in the caller's locale. Ranges are at most 90 days (exportRangeSchema). A user has at most
 * INSIGHT_EXPORTS_RUNNING_MAX exports running (signed and not yet fetched, or streaming): 26010 beyond.
 */
import { z } from 'zod';
import { ErrorCodes } from '../../errors';
import { defineCall } from '../../shared/define-call';
import { API_PREFIX } from '../../shared/constants';
import { defineRawRoute } from '../../shared/raw-routes';
import { exportRangeSchema, idSchema } from '../../shared/validators';
import { DEVICE_LOG_STATES } from './device-logs';
import { OPLOG_RESULTS } from './constants';
import { healthStateSchema, offlineDaysSchema, statsFilterFields } from './calls';
import { endUserLogSearchSchema } from './end-user-log';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Exports one user may have running at once (signed and not yet fetched, or streaming). */
export const INSIGHT_EXPORTS_RUNNING_MAX = 2;

export const INSIGHT_EXPORT_KINDS = [
  'operationLog',
  'deviceLogs',
  'statsOverview',
  /** The overview with the storage plan sales columns (a caller holding a storage code). */
  'statsOverviewSales',
  'statsByCustomer',
  'statsByVersion',
  'deviceHealth',
  'endUserLog',
] as const;
export type InsightExportKind = (typeof INSIGHT_EXPORT_KINDS)[number];

/** The statistics tables an export can hold. */
export const STATS_EXPORT_TABLES = ['overview', 'byCustomer', 'byVersion'] as const;

export const INSIGHT_EXPORT_DOWNLOAD_PATH = `${API_PREFIX}/insight/export/download`;

const oplogText = z.string().trim().min(1).max(100);

/** The operation log's search filters with a range of at most 90 days. */
export const operationLogExportSchema = z.strictObject({
  range: exportRangeSchema,
  actor: oplogText.optional(),
  module: z.string().trim().min(1).max(40).optional(),
  action: oplogText.optional(),
  code: z.string().trim().min(1).max(60).optional(),
  target: oplogText.optional(),
  result: z.enum(OPLOG_RESULTS).optional(),
  ip: z.string().trim().min(1).max(45).optional(),
  format: exportFormatSchema.default('xlsx'),
});
export type OperationLogExport = z.input<typeof operationLogExportSchema>;

/** The end-user log's search filters with a range of at most 90 days. */
export const endUserLogExportSchema = endUserLogSearchSchema
  .omit({ range: true, cursor: true, pageSize: true })
  .extend({ range: exportRangeSchema, format: exportFormatSchema.default('xlsx') })
  .strict();
export type EndUserLogExport = z.input<typeof endUserLogExportSchema>;

export const insightExportResultSchema = z.object({
  /** The signed link (300 s, once, dies with the session) streaming the file. */
  url: z.string(),
  /** The rows the file holds (fixed when the link was signed). */
  rows: z.number().int(),
  fileName: z.string(),
});
export type InsightExportResult = z.infer<typeof insightExportResultSchema>;

export const insightExportCalls = {
  operationLogExport: defineCall({
    path: 'insight/operation-log/export',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr', 'supplier_system_qry'] },
    write: false,
    summary:
      "A signed link to the operation log rows visible to the caller with the search's filters (at most 90 days), xlsx or CSV, localized headers; the rows are those written before the link was signed. 26010 past 2 running exports.",
    data: operationLogExportSchema,
    result: insightExportResultSchema,
  }),
  deviceLogExport: defineCall({
    path: 'insight/device/log/export',
    auth: { anyOf: ['rmr_qry', 'dealer_device_mgr'] },
    write: false,
    summary:
      "A signed link to the device logs of the caller's devices created in the range (at most 90 days): device, state, size, requester, times. 26010 past 2 running exports.",
    data: z.strictObject({
      range: exportRangeSchema,
      state: z.enum(DEVICE_LOG_STATES).optional(),
      format: exportFormatSchema.default('xlsx'),
    }),
    result: insightExportResultSchema,
  }),
  endUserLogExport: defineCall({
    path: 'insight/end-user-log/export',
    auth: { anyOf: ['rmr_qry'] },
    write: false,
    summary:
      "A signed link to the end-user log rows the caller sees with the search's filters (at most 90 days), xlsx or CSV, localized headers, e-mails masked; the rows are those written before the link was signed. 26010 past 2 running exports.",
    data: endUserLogExportSchema,
    result: insightExportResultSchema,
  }),
  statsExport: defineCall({
    path: 'insight/stats/export',
    auth: { anyOf: ['dealer_device_qry', 'dealer_device_mgr'] },
    write: false,
    summary:
      "A signed link to a statistics table (overview: figures per day; byCustomer; byVersion) with the statistics' filters and a range of at most 90 days, computed when the link is signed. 26010 past 2 running exports.",
    data: z.strictObject({
      table: z.enum(STATS_EXPORT_TABLES),
      range: exportRangeSchema,
      ...statsFilterFields,
      parentId: idSchema.optional(),
      format: exportFormatSchema.default('xlsx'),
    }),
    result: insightExportResultSchema,
  }),
  healthExport: defineCall({
    path: 'insight/health/export',
    auth: { anyOf: ['dealer_device_qry', 'dealer_device_mgr'] },
    write: false,
    summary:
      "A signed link to the device-health list with its filters: the caller's devices registered before the link was signed, their state as of then. 26010 past 2 running exports.",
    data: z.strictObject({
      ...statsFilterFields,
      state: healthStateSchema.optional(),
      offlineDays: offlineDaysSchema.optional(),
      format: exportFormatSchema.default('xlsx'),
    }),
    result: insightExportResultSchema,
  }),
};

export const insightExportRawRoutes = {
  insightExportDownload: defineRawRoute({
    method: 'GET',
    path: INSIGHT_EXPORT_DOWNLOAD_PATH,
    auth: 'signedLink',
    summary:
      'An insight export (xlsx streamed, or CSV), by the link of an insight export call (300 s, once, dies with the session it was made in).',
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'envelope',
    file: true,
  }),
} as const;
