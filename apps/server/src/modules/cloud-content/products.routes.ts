/**
 * The products export's download (raw route, signed link of content/product/export, 300 s): the
 * link names the caller's own site (checked by the call) and dies with the session it was made in.
 * A tampered, expired or orphaned link is answered 403 with 1013, as file/get does.
 */
import { ErrorCodes, rawRoutes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { contentDisposition, mimeForExt, verifySignedUrl } from '../../lib/files';
import { rawRoute, signedLink } from '../../lib/raw-routes';
import type { AppServices } from '../../lib/services';
import { unsafeLinkSession } from './content.repository';
import { productExportFromLink, writeProductExport } from './products.sheet';

export interface ProductRouteDeps {
  database: Database;
  clock: Clock;
  services: AppServices;
}

export function registerProductSheetRoutes(app: FastifyInstance, deps: ProductRouteDeps): void {
  const exportLink = signedLink(async (req) => {
    const params = verifySignedUrl(req.url, deps.services.config.linkSecret, deps.clock.now()).params;
    let filter: ReturnType<typeof productExportFromLink>;
    try {
      filter = productExportFromLink(params);
    } catch (err) {
      throw new AppError(ErrorCodes.fileLinkInvalid, { detail: (err as Error).message });
    }
    const s = await unsafeLinkSession(deps.database.db, filter.sessionId);
    if (!s || s.endedAt || s.userId !== filter.userId) throw new AppError(ErrorCodes.fileLinkInvalid, { detail: 'session ended' });
    return filter;
  });
  rawRoute(
    app,
    deps,
    rawRoutes.productExportDownload,
    exportLink,
    "the link carries the caller's own site, checked by content/product/export, and dies with that session",
    async (req, reply, filter) => {
      const day = new Date(deps.clock.now()).toISOString().slice(0, 10).replace(/-/g, '');
      const name = `products${filter.categoryId !== null ? `-category${filter.categoryId}` : ''}-${day}.xlsx`;
      const out = new PassThrough();
      writeProductExport(deps.database.db, filter, out).catch((err: unknown) => {
        req.log.error({ err }, 'product export failed while streaming');
        out.destroy(err as Error);
      });
      return reply
        .header('Content-Type', mimeForExt('xlsx'))
        .header('Content-Disposition', contentDisposition('attachment', name))
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(out);
    },
  );
}
