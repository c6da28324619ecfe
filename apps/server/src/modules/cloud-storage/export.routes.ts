/**
 * The order workbooks' downloads (raw routes, signed links of storage/order/export and
 * storage/order/statement, 300 s): the link carries the caller's scope, checked by the call, and
 * dies with the session it was made in. A tampered, expired or orphaned link is 403 with 1013.
 */
import { ErrorCodes, rawRoutes } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { contentDisposition, mimeForExt, verifySignedUrl } from '../../lib/files';
import { rawRoute, signedLink, type RawRouteDeps } from '../../lib/raw-routes';
import { unsafeLinkSession } from './orders-sheet.repository';
import { exportFromLink, statementFromLink, writeOrderExport, writeStatement } from './orders.sheet';

export function registerOrderSheetRoutes(app: FastifyInstance, deps: RawRouteDeps): void {
  const live = async (sessionId: number, userId: number) => {
    const s = await unsafeLinkSession(deps.database.db, sessionId);
    if (!s || s.endedAt || s.userId !== userId) throw new AppError(ErrorCodes.fileLinkInvalid, { detail: 'session ended' });
  };
  const parse = <T>(req: FastifyRequest, read: (p: URLSearchParams) => T): T => {
    const params = verifySignedUrl(req.url, deps.services.config.linkSecret, deps.clock.now()).params;
    try {
      return read(params);
    } catch (err) {
      throw new AppError(ErrorCodes.fileLinkInvalid, { detail: (err as Error).message });
    }
  };
  const send = (req: FastifyRequest, reply: FastifyReply, name: string, write: (out: Writable) => Promise<unknown>) => {
    const out = new PassThrough();
    write(out).catch((err: unknown) => {
      req.log.error({ err }, 'order workbook failed while streaming');
      out.destroy(err as Error);
    });
    return reply
      .header('Content-Type', mimeForExt('xlsx'))
      .header('Content-Disposition', contentDisposition('attachment', name))
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(out);
  };
  rawRoute(
    app,
    deps,
    rawRoutes.orderExportDownload,
    signedLink(async (req) => {
      const link = parse(req, exportFromLink);
      await live(link.sessionId, link.userId);
      return link;
    }),
    "the link carries the caller's own company subtree, set by storage/order/export, and dies with that session",
    (req, reply, link) => {
      const day = new Date(deps.clock.now()).toISOString().slice(0, 10).replace(/-/g, '');
      return send(req, reply, `storage-orders-${day}.xlsx`, (out) => writeOrderExport(deps.database.db, link, out, deps.clock.now()));
    },
  );
  rawRoute(
    app,
    deps,
    rawRoutes.statementDownload,
    signedLink(async (req) => {
      const s = parse(req, statementFromLink);
      await live(s.sessionId, s.userId);
      return s;
    }),
    "the link carries the caller's own company, set by storage/order/statement, and dies with that session",
    (req, reply, s) => send(req, reply, `storage-statement-${s.month}.xlsx`, (out) => writeStatement(deps.database.db, s, out)),
  );
}
