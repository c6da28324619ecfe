/**
 * The insight exports' download (a raw route behind the signed link an export call answered, 300 s):
 * the link names its export row, which is fetched once, by the user and session that asked for it
 * while that session is open; a tampered, expired, reused or orphaned link is refused 403 with 1013.
 * The file streams as it is written; the export's slot is freed when the stream ends or fails.
 */
import { ErrorCodes, rawRoutes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { CSV_MIME } from '../../lib/csv';
import { contentDisposition, mimeForExt, verifySignedUrl } from '../../lib/files';
import { rawRoute, signedLink, type RawRouteDeps } from '../../lib/raw-routes';
import { unsafeFinishExport, unsafeStartExport } from './exports.repository';
import { writeInsightExport, type ExportSpec } from './exports.service';

export function registerInsightExportRoutes(app: FastifyInstance, deps: RawRouteDeps): void {
  rawRoute(
    app,
    deps,
    rawRoutes.insightExportDownload,
    signedLink(async (req) => {
      const params = verifySignedUrl(req.url, deps.services.config.linkSecret, deps.clock.now()).params;
      const int = (name: string) => {
        const v = params.get(name) ?? '';
        if (!/^\d{1,15}$/.test(v)) throw new AppError(ErrorCodes.fileLinkInvalid, { detail: `export link: bad ${name}` });
        return Number(v);
      };
      const id = int('id');
      const started = await unsafeStartExport(deps.database.db, id, int('uid'), int('tid'), deps.clock.now());
      if (!started) throw new AppError(ErrorCodes.fileLinkInvalid, { detail: 'export link used, expired or its session ended' });
      return { id, started };
    }),
    "the link names one export row, made by an export call from the caller's scope (tested), fetched once by its user and session",
    (req, reply, { id, started }) => {
      // The writer ends `file`; the answer (`out`) ends only once the slot is freed, so a client that
      // has the whole file can start its next export at once.
      const out = new PassThrough();
      const file = new PassThrough();
      file.pipe(out, { end: false });
      const written = new Promise<void>((resolve) => file.once('end', resolve));
      // A client gone before the end stops the writer (it sees its stream destroyed).
      out.once('close', () => {
        if (!file.readableEnded) file.destroy();
      });
      writeInsightExport(deps.database.db, started, file)
        .then(() => written)
        .then(() => unsafeFinishExport(deps.database.db, id, true, deps.clock.now()))
        .then(() => void out.end())
        .catch(async (err: unknown) => {
          req.log.error({ err }, 'insight export failed while streaming');
          out.destroy(err as Error);
          await unsafeFinishExport(deps.database.db, id, false, deps.clock.now()).catch(() => undefined);
        });
      const spec = started.spec as ExportSpec;
      return reply
        .header('Content-Type', started.format === 'csv' ? CSV_MIME : mimeForExt('xlsx'))
        .header('Content-Disposition', contentDisposition('attachment', spec.fileName))
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('X-Export-Rows', String(started.row_count))
        .send(out);
    },
  );
}
