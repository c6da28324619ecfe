/**
 * The device-facing update service under DEVICE_API_PREFIX (contract device-api.ts): plain JSON
 * answered `{ code, msg, data }` with catalogue codes, not the portal envelope.
 *
 * POST register (provisioning key), POST poll and POST report (`Authorization: Device <sn>:<key>`),
 * GET download (the signed URL of a poll, with HTTP Range), PUT log/upload (a requested log, by the
 * signed URL of a poll's uploadLog answer) and PUT log (an unasked log, device key); the logs are
 * insight's (device-logs.service.ts). HTTP statuses: 200 for answers and
 * business refusals (24016), 400 bad input (1001), 401 bad keys (24014, 24015), 403 a tampered or
 * expired link (1013), 404 a file that is gone. None of these routes logs per request.
 */
import {
  rawRoutes,
  deviceRegisterSchema,
  devicePollSchema,
  deviceReportSchema,
  DEVICE_LOG_MAX_BYTES,
  ErrorCodes,
  errorMessage,
  type DeviceApiAnswer,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { serveFile } from '../../lib/files';
import { deviceKey, provisioningKey, rawRoute, signedLink } from '../../lib/raw-routes';
import { requestLocale } from '../../plugins/call-router';
import { authenticateDevice, pollDevice, registerDevice, reportDevice } from './device-api.service';
import { acceptRequestedLog, acceptUnaskedLog, onlineWindowMs } from '../insight';
import { LastSeenBuffer } from './device-api.last-seen';
import { unsafeDownloadObject } from './device-api.repository';
import type { RouteDeps } from './route-deps';

const STATUS_OF: Partial<Record<number, number>> = {
  [ErrorCodes.invalidParams]: 400,
  [ErrorCodes.malformedJson]: 400,
  // Refused by the input guard (lib/input-guard.ts) before the route ran.
  [ErrorCodes.inputTooDeep]: 400,
  [ErrorCodes.inputBadCharacter]: 400,
  [ErrorCodes.numberOutOfRange]: 400,
  [ErrorCodes.inputTooLarge]: 400,
  [ErrorCodes.bodyTooLarge]: 413,
  [ErrorCodes.deviceKeyInvalid]: 401,
  [ErrorCodes.provisioningKeyInvalid]: 401,
  [ErrorCodes.fileLinkInvalid]: 403,
  [ErrorCodes.notFound]: 404,
  [ErrorCodes.rangeNotSatisfiable]: 416,
  [ErrorCodes.deviceLogTooLarge]: 413,
  [ErrorCodes.deviceLogNotGzip]: 400,
  [ErrorCodes.deviceLogStoreUnavailable]: 503,
};

function answer<T>(data: T): DeviceApiAnswer<T> {
  return { code: 200, msg: 'Success', data };
}

/** A thrown error as a catalogue code: ours, or Fastify's refusal of the request itself (never a 500). */
function appErrorOf(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number };
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError)
    return new AppError(ErrorCodes.malformedJson);
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError(ErrorCodes.bodyTooLarge);
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return new AppError(ErrorCodes.invalidParams, { detail: e.code ?? 'request' });
  return null;
}

function refuse(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const known = appErrorOf(err);
  if (!known) {
    req.log.error({ err }, 'device api failed');
    return reply.status(500).send({ code: ErrorCodes.internal, msg: errorMessage(ErrorCodes.internal, requestLocale(req)), data: null });
  }
  return reply
    .status(STATUS_OF[known.code] ?? 200)
    .send({ code: known.code, msg: errorMessage(known.code, requestLocale(req), known.params), data: null });
}

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } } },
  body: unknown,
): T {
  const r = schema.safeParse(body ?? {});
  if (!r.success)
    throw new AppError(ErrorCodes.invalidParams, { detail: r.error.issues.map((i) => i.path.join('.') || 'body').join(', ') });
  return r.data;
}

export function registerDeviceApi(app: FastifyInstance, deps: RouteDeps): void {
  const lastSeen = new LastSeenBuffer(
    deps.database,
    1_000,
    (err) => app.log.error({ err }, 'device last_seen flush failed'),
    onlineWindowMs(deps.services.config.devicePollSeconds),
  );
  app.addHook('onClose', async () => lastSeen.close());
  const pollDeps = { ...deps, touch: (id: number, at: number) => lastSeen.touch(id, at) };

  app.register(async (scope) => {
    scope.setErrorHandler((err, req, reply) => refuse(req, reply, err));
    // No line per request: a route level only where the server would log requests (a level below warn
    // rebuilds each request's logger, which the hot path should not pay for when nothing is logged).
    const quiet = ['trace', 'debug', 'info'].includes(app.log.level) ? { logLevel: 'warn' as const } : {};

    rawRoute(
      scope,
      deps,
      rawRoutes.deviceRegister,
      provisioningKey(),
      'the provisioning key names the brand the device joins',
      async (req) => answer(await registerDevice(deps, parse(deviceRegisterSchema, req.body))),
      quiet,
    );

    rawRoute(
      scope,
      deps,
      rawRoutes.devicePoll,
      deviceKey(),
      "the device key names one device; answers only that device's task",
      async (req, _reply, authorization) => {
        const body = parse(devicePollSchema, req.body);
        return answer(await pollDevice(pollDeps, authorization, body));
      },
      quiet,
    );

    rawRoute(
      scope,
      deps,
      rawRoutes.deviceReport,
      deviceKey(),
      "the device key names one device; reports only on that device's task",
      async (req, _reply, authorization) => answer(await reportDevice(deps, authorization, parse(deviceReportSchema, req.body))),
      quiet,
    );

    rawRoute(
      scope,
      deps,
      rawRoutes.deviceDownload,
      signedLink(),
      'the URL names the package and device of the poll that signed it',
      async (req, reply, params) => {
        const pkgId = Number(params.get('pkg'));
        const deviceId = Number(params.get('dev'));
        if (!Number.isSafeInteger(pkgId) || !Number.isSafeInteger(deviceId)) throw new AppError(ErrorCodes.fileLinkInvalid);
        // The copy synced to the device's DC; the package's own file when its DC has none (no area).
        const file = await unsafeDownloadObject(deps.database, pkgId, deviceId);
        if (!file) throw new AppError(ErrorCodes.notFound);
        const served = await serveFile({
          store: deps.services.fileStore,
          key: file.object_key,
          rangeHeader: req.headers.range,
          ifRangeHeader: req.headers['if-range'],
          isDownload: true,
          fileName: file.file_name,
          contentType: 'application/octet-stream',
        });
        reply.status(served.status).headers(served.headers);
        return reply.send(served.stream ?? '');
      },
      quiet,
    );

    // Device logs: one gzip body of at most DEVICE_LOG_MAX_BYTES, whatever its declared type.
    scope.register(async (logs) => {
      logs.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DEVICE_LOG_MAX_BYTES }, (_req, body, done) => done(null, body));
      const logOptions = {
        ...quiet,
        bodyLimit: DEVICE_LOG_MAX_BYTES,
        // Over the limit is the log's own code (26002), not the generic one.
        errorHandler: (err: unknown, req: FastifyRequest, reply: FastifyReply) =>
          refuse(
            req,
            reply,
            (err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError(ErrorCodes.deviceLogTooLarge) : err,
          ),
      };
      const logDeps = { database: deps.database, clock: deps.clock, fileStore: deps.services.fileStore };

      rawRoute(
        logs,
        deps,
        rawRoutes.deviceLogUpload,
        signedLink(),
        "the URL names the device and the request of the device's own poll that signed it",
        async (req, _reply, params) => {
          const deviceId = Number(params.get('dev'));
          const until = Number(params.get('req'));
          if (!Number.isSafeInteger(deviceId) || !Number.isSafeInteger(until)) throw new AppError(ErrorCodes.fileLinkInvalid);
          return answer(await acceptRequestedLog(logDeps, deviceId, until, req.body));
        },
        logOptions,
      );

      rawRoute(
        logs,
        deps,
        rawRoutes.deviceLogUnasked,
        deviceKey(),
        'the device key names one device; its log is kept for its own brand',
        async (req, _reply, authorization) => {
          const deviceId = await authenticateDevice(deps.database, authorization);
          return answer(await acceptUnaskedLog(logDeps, deviceId, req.body));
        },
        logOptions,
      );
    });
  });
}
