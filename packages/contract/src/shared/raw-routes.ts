/**
 * The raw routes: endpoints that are not envelope calls (their body is bytes, their answer a file,
 * or their caller a device). Each declares, like a call (define-call.ts), its method and path, who
 * may use it and the code it refuses a caller with; the server registers them from these
 * definitions with the credential check done centrally (apps/server/src/lib/raw-routes.ts), the
 * OpenAPI document lists them, and the generated permission tests cover each one. A module declares
 * its routes in its raw-routes.ts; src/registry.ts lists them all (rawRoutes, ALL_RAW_ROUTES), kept
 * apart from ALL_CALLS: those are the envelope calls.
 */
import type { ErrorCode } from '../errors';
import type { AppCallAuth, CallAuth } from './define-call';

/**
 * Who may use a raw route:
 * - a CallAuth ('public', 'session', { anyOf }): a portal user, with the envelope's basic block
 *   in the X-Basic header, signed over the route's data (file/upload);
 * - 'device': `Authorization: Device <sn>:<deviceKey>` (the device update service);
 * - 'provisioningKey': the brand's provisioning key in the body (device registration);
 * - 'signedLink': a URL signed by the server for one object and one session, made by a call that
 *   checked the caller (file/link, the export and template calls, a device poll);
 * - 'storageToken': the X-Security-Token of upgrade storage-info/get, for one package object;
 * - 'domain': anyone (a third party fetching a well-known file, e.g. Apple's domain check), answered
 *   by the request's host: what a seller has published for its own domain, 404 otherwise.
 */
export type RawRouteAuth = Exclude<CallAuth, AppCallAuth> | 'device' | 'provisioningKey' | 'signedLink' | 'storageToken' | 'domain';

export interface RawRouteDef {
  method: 'GET' | 'POST' | 'PUT';
  /** The full URL path; `:name` is a path parameter, a trailing `*` the rest of the path. */
  path: string;
  /** The path as OpenAPI shows it, when the route's `*` stands for a known shape. */
  docPath?: string;
  auth: RawRouteAuth;
  summary: string;
  /** What a caller without valid credentials is answered: the catalogue code and the HTTP status. */
  refused: { code: ErrorCode; status: number };
  /** The JSON shape of its answers and refusals: `{ basic, data }` (envelope) or `{ code, msg, data }` (plain). */
  shape: 'envelope' | 'plain';
  /** True when a granted request is answered with a file (binary, with Range), not JSON. */
  file?: true;
}

export function defineRawRoute<D extends RawRouteDef>(def: D): D {
  return def;
}
