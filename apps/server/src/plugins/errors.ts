import { DEVICE_API_PREFIX, ErrorCodes, errorMessage, IllegalTransitionError, STORAGE_PATH_PREFIX, type ErrorCode } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { requestLocale } from './call-router';

/** Fastify's own errors as catalogue codes: bad input never becomes a 500 or a stack trace. */
function fromFastifyError(err: FastifyError | Error): AppError | null {
  switch ((err as FastifyError).code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(ErrorCodes.malformedJson, undefined, err.message);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrorCodes.bodyTooLarge, undefined, err.message);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(ErrorCodes.invalidParams, { detail: 'content-type' }, err.message);
    default:
      // A state machine refusing a transition (contract states.ts) is the catalogue's 1017.
      if (err instanceof IllegalTransitionError) return new AppError(ErrorCodes.illegalTransition, undefined, err.message);
      if (err instanceof SyntaxError) return new AppError(ErrorCodes.malformedJson, undefined, err.message);
      return null;
  }
}

export function httpStatusOf(code: ErrorCode): number {
  if (code === ErrorCodes.unknownCall) return 404;
  if (code === ErrorCodes.bodyTooLarge) return 413;
  if (code === ErrorCodes.internal) return 500;
  return 200;
}

/**
 * Fastify's router refusals before any route runs (a URL that is not valid percent-encoded UTF-8,
 * a route parameter over its length limit), as catalogue 1001 with HTTP 400: in the device API's
 * and the storage's `{ code, msg, data }` form under their prefixes, else as a call's `{ basic }`.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const code = ErrorCodes.invalidParams;
  const msg = errorMessage(code, requestLocale(req), { detail: 'URL' });
  req.log.info({ code, detail: error.code }, 'request refused by the router');
  const raw = req.url.startsWith(DEVICE_API_PREFIX) || req.url.startsWith(STORAGE_PATH_PREFIX);
  return reply.status(400).send(raw ? { code, msg, data: null } : { basic: { code, msg } });
}

/**
 * `pageFallback` (plugins/static.ts): answers a GET the routes do not know when it is a page of the
 * web app or a file of its build; returns false for a real 404.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  opts: { pageFallback?: (req: FastifyRequest, reply: FastifyReply) => boolean } = {},
) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const appErr = error instanceof AppError ? error : fromFastifyError(error);
    const locale = req.locale || requestLocale(req);
    if (!appErr) {
      // The client went away while its answer was being sent (a cancelled fetch, a closed tab):
      // nothing is wrong on this side, and nobody is left to answer. Its connection tells, not the
      // request stream: Node destroys that as soon as the body has been read, so every error after
      // it was taken for a departed client and the request was left without an answer.
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || reply.raw.destroyed || req.raw.socket?.destroyed === true) {
        req.log.debug({ err: error }, 'client closed the request');
        return reply;
      }
      req.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ basic: { code: ErrorCodes.internal, msg: errorMessage(ErrorCodes.internal, locale) } });
    }
    if (appErr.detail) req.log.info({ code: appErr.code, detail: appErr.detail }, 'call refused');
    return reply.status(httpStatusOf(appErr.code)).send({
      basic: {
        code: appErr.code,
        msg: errorMessage(appErr.code, locale, appErr.params),
        ...(appErr.params ? { params: appErr.params } : {}),
      },
    });
  });

  app.setNotFoundHandler((req, reply) => {
    // Deep links of the web app (/layout/home, /customer/...) reload to the single-page app; unknown
    // files are a 404. The build can disappear under a running server (a rebuild): then this is a
    // plain 404, not a 500.
    if (opts.pageFallback?.(req, reply)) return reply;
    const locale = requestLocale(req);
    reply.status(404).send({ basic: { code: ErrorCodes.unknownCall, msg: errorMessage(ErrorCodes.unknownCall, locale) } });
  });
}
