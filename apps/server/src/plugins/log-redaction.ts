/**
 * What the server's log may not carry (issue 11 §1.11): tokens, signs, passwords, keys, the
 * signature and token in the query of a signed URL, and the parameters of a failed SQL statement
 * (they hold the caller's data: e-mails, hashes, nonces). Applied to every pino line the server
 * writes: pino `redact` for fields, serializers for the request URL and errors.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Field names whose values are secrets wherever they appear in a logged object. */
export const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'pwd',
  'token',
  'renewToken',
  'refreshToken',
  'accessToken',
  'sign',
  'signKey',
  'secret',
  'linkSecret',
  'provisioningKey',
  'deviceKey',
  'securityToken',
  'imageCode',
  'emailCode',
  'verifyCode',
];

const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-basic', 'x-security-token', 'x-oss-security-token'];

/** Query parameters of signed URLs (file, download, export, storage links) and tokens in links. */
const SECRET_QUERY = new Set([
  'sign',
  'signature',
  'sig',
  'token',
  'tid',
  'securitytoken',
  'security-token',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** pino redact paths: each secret field at the top level and up to three levels down. */
function redactPaths(): string[] {
  const paths: string[] = [];
  for (const f of SECRET_FIELDS) paths.push(f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`);
  for (const h of SECRET_HEADERS) paths.push(`req.headers["${h}"]`, `headers["${h}"]`, `res.headers["${h}"]`);
  paths.push('err.params', 'err.cause.params', 'params', '*.params');
  return paths;
}

/** A URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ')).toLowerCase();
      return eq >= 0 && SECRET_QUERY.has(name) ? `${pair.slice(0, eq)}=[Redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Drizzle's "Failed query: …\nparams: …" keeps the statement, not its values. */
const stripSqlParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [Redacted]');

function errSerializer(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out = stdSerializers.err(err) as unknown as { type: string; message: string; stack: string; [key: string]: unknown };
  const clean = (o: Record<string, unknown>) => {
    if (typeof o.message === 'string') o.message = stripSqlParams(o.message);
    if (typeof o.stack === 'string') o.stack = stripSqlParams(o.stack);
    if ('params' in o) o.params = '[Redacted]';
    if ('parameters' in o) o.parameters = '[Redacted]';
    if (o.cause && typeof o.cause === 'object') clean(o.cause as Record<string, unknown>);
  };
  clean(out);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * A client that goes away before its answer is sent (a closed tab, a navigation, an image no longer
 * needed) ends the compressed stream early: @fastify/compress logs that "premature close" as an
 * error. It is the client's doing, not the server's: logged at info, as Fastify logs a closed stream.
 */
const ERROR_LEVEL = 50;
const isPrematureClose = (x: unknown) =>
  x instanceof Error && ((x as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || x.message === 'premature close');

function logMethod(this: { info: (...args: unknown[]) => void }, args: unknown[], method: (...args: unknown[]) => void, level: number) {
  if (level >= ERROR_LEVEL && isPrematureClose(args[0])) {
    this.info({ clientClosed: true }, 'the client closed the connection before the answer was sent');
    return;
  }
  method.apply(this, args);
}

/** The pino options of the server's logger (Fastify's `logger`), at `level`. */
export function portalLoggerOptions(level: string) {
  return {
    level,
    hooks: { logMethod },
    redact: { paths: redactPaths(), censor: '[Redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        hostname: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: errSerializer,
    },
  };
}

/**
 * The request id: always made here. A client's `x-request-id` is not taken (it could forge or
 * collide with another request's lines); the id made is answered as `x-request-id`.
 */
export const genReqId: NonNullable<FastifyServerOptions['genReqId']> = () => randomUUID();
