/**
 * Streamed xlsx downloads behind signed links (300 s): the result export and the import templates
 * (device import, a specified release's SN list). A tampered, expired or orphaned link (its session
 * ended) is answered 403 with 1013, as file/get does. The import's error files are ordinary files served by file/get.
 */
import {
  API_PREFIX, DEVICE_IMPORT_COLUMNS, ErrorCodes, errorMessage, normalizeLocale, TARGET_IMPORT_COLUMNS, type ImportTemplateKind, type Locale,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { contentDisposition, verifySignedUrl } from '../../lib/files';
import { writeXlsxBuffer } from '../../lib/xlsx';
import { requestLocale } from '../../plugins/call-router';
import { XLSX_MIME } from './devices.import';
import { sheetName, targetTemplateHelp, templateHelp, templateHelpHeaders } from './devices.messages';
import { filterFromLink, RESULT_EXPORT_DOWNLOAD_PATH, writeResultExport } from './export.service';
import type { RouteDeps } from './route-deps';

export const IMPORT_TEMPLATE_DOWNLOAD_PATH = `${API_PREFIX}/device/import/template/download`;

/** Each template: its data sheet (header only), its help sheet, and the file's name. */
const TEMPLATES: Record<ImportTemplateKind, { sheet: 'devices' | 'targets'; columns: readonly string[]; minWidth: number; help(locale: Locale): Array<[string, string]>; file: string }> = {
  devices: { sheet: 'devices', columns: DEVICE_IMPORT_COLUMNS, minWidth: 14, help: templateHelp, file: 'device-import-template.xlsx' },
  targets: { sheet: 'targets', columns: TARGET_IMPORT_COLUMNS, minWidth: 28, help: targetTemplateHelp, file: 'release-target-template.xlsx' },
};

function refuse(req: FastifyRequest, reply: FastifyReply, detail: string) {
  req.log.info({ detail }, 'download link refused');
  const locale = requestLocale(req);
  return reply.status(403).send({ basic: { code: ErrorCodes.fileLinkInvalid, msg: errorMessage(ErrorCodes.fileLinkInvalid, locale) } });
}

function verified(req: FastifyRequest, deps: RouteDeps): URLSearchParams | string {
  try {
    return verifySignedUrl(req.url, deps.services.config.linkSecret, deps.clock.now()).params;
  } catch (err) {
    if (err instanceof AppError) return err.detail ?? 'bad link';
    throw err;
  }
}

export function registerExportRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get(RESULT_EXPORT_DOWNLOAD_PATH, async (req, reply) => {
    const params = verified(req, deps);
    if (typeof params === 'string') return refuse(req, reply, params);
    let filter: ReturnType<typeof filterFromLink>;
    try {
      filter = filterFromLink(params);
    } catch (err) {
      return refuse(req, reply, (err as Error).message);
    }
    // The link dies with the session it was made in (logout, idle timeout).
    const [s] = await deps.database.db.select({ userId: sessions.userId, endedAt: sessions.endedAt }).from(sessions).where(eq(sessions.id, filter.sessionId));
    if (!s || s.endedAt || s.userId !== filter.userId) return refuse(req, reply, 'session ended');

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
  });

  app.get(IMPORT_TEMPLATE_DOWNLOAD_PATH, async (req, reply) => {
    const params = verified(req, deps);
    if (typeof params === 'string') return refuse(req, reply, params);
    const locale = normalizeLocale(params.get('locale') ?? undefined);
    const template = TEMPLATES[params.get('kind') === 'targets' ? 'targets' : 'devices'];
    const [column, description] = templateHelpHeaders(locale);
    const body = await writeXlsxBuffer([
      { name: sheetName(template.sheet, locale), columns: template.columns.map((c) => ({ header: c, width: Math.max(template.minWidth, c.length + 4) })), rows: [] },
      { name: sheetName('help', locale), columns: [{ header: column, width: 18 }, { header: description, width: 90 }], rows: template.help(locale) },
    ]);
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', contentDisposition('attachment', template.file))
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
