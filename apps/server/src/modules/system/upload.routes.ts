import {
  ErrorCodes,
  FILE_UPLOAD_PATH,
  fileUploadDataSchema,
  mayUpload,
  rawRoutes,
  UPLOAD_PURPOSES,
  type UploadedFile,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeOperationLog } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { checkUpload, storeUpload } from '../../lib/files';
import type { AppServices } from '../../lib/services';
import { sha256Hex } from '../../lib/secrets';
import { localizeIssues } from '../../lib/validation-messages';
import { rawRoute, userCredentials } from '../../lib/raw-routes';
import { requestLocale } from '../../plugins/call-router';

const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_PURPOSES).map((p) => p.maxBytes));

/** The data the X-Basic sign covers: it describes the bytes actually received, so a swapped body breaks the sign. */
function signedUploadData(req: FastifyRequest) {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const q = req.query as Record<string, string>;
  return { purpose: q.purpose, name: q.name, size: body.length, sha256: sha256Hex(body) };
}

/** POST file/upload: raw bytes, basic block in X-Basic, signed over { purpose, name, size, sha256 }. */
export function registerUploadRoutes(app: FastifyInstance, deps: { database: Database; clock: Clock; services: AppServices }) {
  app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 1024 }, (_req, body, done) => done(null, body));
    rawRoute(
      scope,
      deps,
      rawRoutes.fileUpload,
      userCredentials(signedUploadData),
      "stores into the caller's own company; names no other object",
      async (req, _reply, actor) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const q = req.query as Record<string, string>;
        const rawData = signedUploadData(req);
        const purposeRule = UPLOAD_PURPOSES[q.purpose as keyof typeof UPLOAD_PURPOSES];
        // The route admits any upload code; each purpose only its own (an unknown purpose: nobody's).
        if (!purposeRule || !actor?.authResList || !mayUpload(purposeRule, actor.authResList)) throw new AppError(ErrorCodes.forbidden);
        const data = fileUploadDataSchema.safeParse(rawData);
        if (!data.success || !purposeRule || !actor) {
          throw new AppError(ErrorCodes.invalidParams, {
            detail: data.success ? 'purpose' : localizeIssues(data.error.issues, req.locale),
          });
        }
        const checked = await checkUpload(body, { fileName: data.data.name, allowed: purposeRule.allowed, maxBytes: purposeRule.maxBytes });
        const row = await storeUpload({
          db: deps.database.db,
          store: deps.services.fileStore,
          companyId: actor.companyId,
          userId: actor.actingUserId ?? actor.userId,
          buffer: body,
          fileName: data.data.name,
          // Store keys are lower-case segments ('signSheet' is stored under signsheet/).
          purpose: q.purpose.toLowerCase(),
          isPublic: purposeRule.isPublic,
          contentType: checked.mime,
          now: new Date(deps.clock.now()),
        });
        await writeOperationLog(
          deps.database.db,
          actor,
          { action: FILE_UPLOAD_PATH, targetType: 'file', targetId: row.id, after: { name: row.name, size: row.size, purpose: q.purpose } },
          {
            requestId: String(req.id),
            ip: req.ip,
            at: new Date(deps.clock.now()),
          },
        );
        const out: UploadedFile = { fileId: row.id, name: row.name, mime: row.mime, size: row.size, sha256: row.sha256 };
        return { basic: { code: 200, msg: 'Success' }, data: out };
      },
      {
        bodyLimit: MAX_UPLOAD_BYTES + 1024,
        onRequest: async (req) => {
          req.locale = requestLocale(req);
        },
      },
    );
  });
}
