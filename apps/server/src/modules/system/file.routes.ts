import { ErrorCodes, rawRoutes, systemCalls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { requireActor } from '../../lib/context';
import { fileLinkUrl, serveFile, verifyFileLink } from '../../lib/files';
import { implement } from '../../lib/implement';
import type { AppServices } from '../../lib/services';
import { rawRoute, signedLink } from '../../lib/raw-routes';
import { findLinkableFile, unsafeFileByPath, unsafeLinkSession } from './system.repository';

/** file/link: a signed file/get link for a file of the caller's subtree (or a public one). */
export const fileImpls = [
  implement(systemCalls.fileLink, { otherTenant: (fx) => ({ fileId: fx.otherFileId }) }, async (ctx, d) => {
    const actor = requireActor(ctx);
    const f = await findLinkableFile(ctx.db, actor, d.fileId);
    if (!f) throw new AppError(ErrorCodes.notFound);
    const now = ctx.clock.now();
    const expiresAt = now + 300_000;
    const url = fileLinkUrl(
      { sessionId: actor.sessionId, tokenId: actor.sessionId, userId: actor.userId, path: f.path, expiresAt, isDownload: d.isDownload },
      ctx.services.config.linkSecret,
      now,
    );
    return { url, expiresAt };
  }),
];

/** GET file/get?path&sign&uid&tid&isDownload&exp: streams a file named by a signed link, with Range. */
export function registerFileRoutes(app: FastifyInstance, deps: { database: Database; clock: Clock; services: AppServices }) {
  const fileLink = signedLink(async (req) => {
    const q = req.query as Record<string, string>;
    const now = deps.clock.now();
    // One answer (1013) for a wrong session and a wrong path or sign, after the same work: the
    // signature (keyed by the session id the link names) and the session lookup are both done.
    let link: ReturnType<typeof verifyFileLink> | null = null;
    try {
      link = verifyFileLink(q, deps.services.config.linkSecret, now, { sessionId: q.tid });
    } catch {
      link = null;
    }
    const sessionId = Number(q.tid);
    const s =
      Number.isSafeInteger(sessionId) && sessionId > 0 && sessionId <= 2_147_483_647
        ? await unsafeLinkSession(deps.database.db, sessionId)
        : null;
    // A link dies with its session: after logout or idle timeout it no longer opens.
    if (!link || !s || s.endedAt || String(s.userId) !== q.uid) throw new AppError(ErrorCodes.fileLinkInvalid);
    return link;
  });
  rawRoute(
    app,
    deps,
    rawRoutes.fileGet,
    fileLink,
    'the link names one path, made by file/link after its subtree check, and dies with that session',
    async (req, reply, link) => {
      const f = await unsafeFileByPath(deps.database.db, link.path);
      const served = await serveFile({
        store: deps.services.fileStore,
        key: link.path,
        rangeHeader: req.headers.range,
        isDownload: link.isDownload,
        fileName: f?.name,
        contentType: f?.mime,
      });
      reply.status(served.status).headers(served.headers);
      return reply.send(served.stream ?? '');
    },
  );
}
