/**
 * Streamed xlsx downloads behind signed links (300 s): the result export and the import templates
 * (device import, a specified release's SN list). A tampered, expired or orphaned link (its session
 * ended) is answered 403 with 1013, as file/get does. The import's error files are ordinary files served by file/get.
 */
import {
  DEVICE_IMPORT_COLUMNS,
  ErrorCodes,
  normalizeLocale,
  rawRoutes,
  TARGET_IMPORT_COLUMNS,
  type ImportTemplateKind,
  type Locale,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { contentDisposition, verifySignedUrl } from '../../lib/files';
import { writeXlsxBuffer } from '../../lib/xlsx';
import { rawRoute, signedLink } from '../../lib/raw-routes';
import { XLSX_MIME } from './devices.import';
import { sheetName, targetTemplateHelp, templateHelp, templateHelpHeaders } from './devices.messages';
import { unsafeFindLinkSession } from './export.repository';
import { filterFromLink, writeResultExport } from './export.service';
import type { RouteDeps } from './route-deps';

export const IMPORT_TEMPLATE_DOWNLOAD_PATH = rawRoutes.importTemplateDownload.path;

/** Each template: its data sheet (header only), its help sheet, and the file's name. */
const TEMPLATES: Record<
  ImportTemplateKind,
  {
    sheet: 'devices' | 'targets';
    columns: readonly string[];
    minWidth: number;
    help(locale: Locale): Array<[string, string]>;
    file: string;
  }
> = {
  devices: { sheet: 'devices', columns: DEVICE_IMPORT_COLUMNS, minWidth: 14, help: templateHelp, file: 'device-import-template.xlsx' },
  targets: {
    sheet: 'targets',
    columns: TARGET_IMPORT_COLUMNS,
    minWidth: 28,
    help: targetTemplateHelp,
    file: 'release-target-template.xlsx',
  },
};

export function registerExportRoutes(app: FastifyInstance, deps: RouteDeps): void {
  // The export's link names its filter and the session it was made in, and dies with that session (logout, idle timeout).
  const exportLink = signedLink(async (req) => {
    const params = verifySignedUrl(req.url, deps.services.config.linkSecret, deps.clock.now()).params;
    let filter: ReturnType<typeof filterFromLink>;
    try {
      filter = filterFromLink(params);
    } catch (err) {
      throw new AppError(ErrorCodes.fileLinkInvalid, { detail: (err as Error).message });
    }
    const s = await unsafeFindLinkSession(deps.database.db, filter.sessionId);
    if (!s || s.endedAt || s.userId !== filter.userId) throw new AppError(ErrorCodes.fileLinkInvalid, { detail: 'session ended' });
    return filter;
  });
  rawRoute(
    app,
    deps,
    rawRoutes.resultExportDownload,
    exportLink,
    "the link carries the filter upgrade/result/export built from the caller's scope, and dies with that session",
    async (req, reply, filter) => {
      const day = new Date(deps.clock.now()).toISOString().slice(0, 10).replace(/-/g, '');
      const name = `upgrade-results${filter.taskId !== null ? `-task${filter.taskId}` : ''}-${day}.xlsx`;
      const out = new PassThrough();
      writeResultExport(deps.database.db, filter, out).catch((err: unknown) => {
        req.log.error({ err }, 'result export failed while streaming');
        out.destroy(err as Error);
      });
      return reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', contentDisposition('attachment', name))
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(out);
    },
  );

  rawRoute(app, deps, rawRoutes.importTemplateDownload, signedLink(), 'a blank template: no tenant data', async (_req, reply, params) => {
    const locale = normalizeLocale(params.get('locale') ?? undefined);
    const template = TEMPLATES[params.get('kind') === 'targets' ? 'targets' : 'devices'];
    const [column, description] = templateHelpHeaders(locale);
    const body = await writeXlsxBuffer([
      {
        name: sheetName(template.sheet, locale),
        columns: template.columns.map((c) => ({ header: c, width: Math.max(template.minWidth, c.length + 4) })),
        rows: [],
      },
      {
        name: sheetName('help', locale),
        columns: [
          { header: column, width: 18 },
          { header: description, width: 90 },
        ],
        rows: template.help(locale),
      },
    ]);
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', contentDisposition('attachment', template.file))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
