import {
  API_PREFIX, basicSchema, ErrorCodes, FILE_UPLOAD_PATH, fileUploadDataSchema, UPLOAD_PURPOSES, type UploadedFile,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeOperationLog } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { checkUpload, storeUpload } from '../../lib/files';
import type { AppServices } from '../../lib/services';
import { sha256Hex } from '../../lib/secrets';
import { localizeIssues } from '../../lib/validation-messages';
import { authenticate, requestLocale } from '../../plugins/call-router';

const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_PURPOSES).map((p) => p.maxBytes));

/** POST file/upload: raw bytes, basic block in X-Basic, signed over { purpose, name, size, sha256 }. */
export function registerUploadRoutes(app: FastifyInstance, deps: { database: Database; clock: Clock; services: AppServices }) {
  app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 1024 }, (_req, body, done) => done(null, body));
    scope.post(`${API_PREFIX}/${FILE_UPLOAD_PATH}`, { bodyLimit: MAX_UPLOAD_BYTES + 1024 }, async (req) => {
      req.locale = requestLocale(req);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let basicJson: unknown;
      try {
        basicJson = JSON.parse(String(req.headers['x-basic'] ?? ''));
      } catch {
        throw new AppError(ErrorCodes.missingBasic);
      }
      const basic = basicSchema.safeParse(basicJson);
      if (!basic.success) throw new AppError(ErrorCodes.missingBasic, undefined, basic.error.message);
      const q = req.query as Record<string, string>;
      // The signed data describes the bytes actually received: a swapped body breaks the sign.
      const rawData = { purpose: q.purpose, name: q.name, size: body.length, sha256: sha256Hex(body) };
      const purposeRule = UPLOAD_PURPOSES[q.purpose as keyof typeof UPLOAD_PURPOSES];
      const actor = await authenticate(req, deps, basic.data, rawData, { anyOf: purposeRule ? purposeRule.anyOf : [] }, FILE_UPLOAD_PATH);
      const data = fileUploadDataSchema.safeParse(rawData);
      if (!data.success || !purposeRule || !actor) {
        throw new AppError(ErrorCodes.invalidParams, { detail: data.success ? 'purpose' : localizeIssues(data.error.issues, req.locale) });
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
      await writeOperationLog(deps.database.db, actor, { action: FILE_UPLOAD_PATH, targetType: 'file', targetId: row.id, after: { name: row.name, size: row.size, purpose: q.purpose } }, {
        requestId: String(req.id),
        ip: req.ip,
        at: new Date(deps.clock.now()),
      });
      const out: UploadedFile = { fileId: row.id, name: row.name, mime: row.mime, size: row.size, sha256: row.sha256 };
      return { basic: { code: 200, msg: 'Success' }, data: out };
    });
  });
}
