import type { CallContext } from '../context';
import { requireActor } from '../context';
import { fileLinkUrl } from './signed-link';
import { storeUpload } from './store-upload';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How long the link to a made export works. */
const EXPORT_LINK_MS = 300_000;

/**
 * A workbook made for the caller, kept in the file store as an export of its company and answered
 * as a download link for 300 s that dies with the caller's session.
 */
export async function xlsxExportLink(ctx: CallContext, buffer: Buffer, fileName: string): Promise<{ url: string }> {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const row = await storeUpload({
    db: ctx.db,
    store: ctx.services.fileStore,
    companyId: actor.companyId,
    userId: actor.actingUserId ?? actor.userId,
    buffer,
    fileName,
    purpose: 'export',
    contentType: XLSX_MIME,
    now: new Date(now),
  });
  const url = fileLinkUrl(
    {
      sessionId: actor.sessionId,
      tokenId: actor.sessionId,
      userId: actor.userId,
      path: row.path,
      expiresAt: now + EXPORT_LINK_MS,
      isDownload: true,
    },
    ctx.services.config.linkSecret,
    now,
  );
  return { url };
}
