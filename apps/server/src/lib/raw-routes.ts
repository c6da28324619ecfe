/**
 * Raw routes (contract calls/raw-routes.ts) are registered here from their definitions: the method
 * and path come from the contract, and the credential check runs before the handler, chosen by the
 * route's declared `auth` (a route cannot register with a check of another kind). A request whose
 * credentials fail is refused with the route's declared code and HTTP status, in its declared
 * answer shape; the handler receives what the check granted (the actor, the link's parameters, the
 * storage grant, the device's Authorization header).
 */
import {
  API_PREFIX,
  basicSchema,
  DEVICE_AUTH_SCHEME,
  ErrorCodes,
  errorMessage,
  type CallAuth,
  type ErrorCode,
  type RawRouteAuth,
  type RawRouteDef,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { authenticate, requestLocale } from '../plugins/call-router';
import type { Database } from '../db/client';
import { AppError } from './app-error';
import type { Clock } from './clock';
import type { Actor } from './context';
import { verifySignedUrl } from './files';
import type { AppServices } from './services';

export interface RawRouteDeps {
  database: Database;
  clock: Clock;
  services: AppServices;
}

type AuthKind = 'call' | Exclude<RawRouteAuth, CallAuth>;

/** How a route's credentials are checked: one per kind of `auth`, parameterised by the route. */
export interface CredentialCheck<G> {
  kind: AuthKind;
  run(req: FastifyRequest, deps: RawRouteDeps, def: RawRouteDef): Promise<G>;
}

const kindOf = (auth: RawRouteAuth): AuthKind => (auth === 'public' || auth === 'session' || typeof auth === 'object' ? 'call' : auth);

/**
 * A portal user: the envelope's basic block in the X-Basic header, signed over `signedData(req)`,
 * checked against the route's declared auth (session, resource codes) as calls are.
 */
export function userCredentials(signedData: (req: FastifyRequest) => unknown): CredentialCheck<Actor | null> {
  return {
    kind: 'call',
    async run(req, deps, def) {
      let json: unknown;
      try {
        json = JSON.parse(String(req.headers['x-basic'] ?? ''));
      } catch {
        throw new AppError(ErrorCodes.missingBasic);
      }
      const basic = basicSchema.safeParse(json);
      if (!basic.success) throw new AppError(ErrorCodes.missingBasic, undefined, basic.error.message);
      // The sign covers the call path (the route's path under API_PREFIX), as a call's does.
      const callPath = def.path.startsWith(`${API_PREFIX}/`) ? def.path.slice(API_PREFIX.length + 1) : def.path;
      return authenticate(req, deps, basic.data, signedData(req), def.auth as CallAuth, callPath);
    },
  };
}

/** A URL signed by the server (verifySignedUrl), or the route's own link check. Grants the link's parameters. */
export function signedLink<G = URLSearchParams>(verify?: (req: FastifyRequest, deps: RawRouteDeps) => Promise<G> | G): CredentialCheck<G> {
  return {
    kind: 'signedLink',
    async run(req, deps) {
      if (verify) return verify(req, deps);
      return verifySignedUrl(req.url, deps.services.config.linkSecret, deps.clock.now()).params as G;
    },
  };
}

/** The X-Security-Token of storage-info/get, verified for the object the request names. */
export function storageToken<G>(verify: (req: FastifyRequest, deps: RawRouteDeps) => G): CredentialCheck<G> {
  return { kind: 'storageToken', run: async (req, deps) => verify(req, deps) };
}

/**
 * `Authorization: Device <sn>:<deviceKey>`: a request without it is refused here; the key itself is
 * compared by the device service, which looks the device up anyway. Grants the header.
 */
export function deviceKey(): CredentialCheck<string> {
  return {
    kind: 'device',
    async run(req) {
      const header = req.headers.authorization;
      if (typeof header !== 'string' || !header.startsWith(`${DEVICE_AUTH_SCHEME} `) || !header.includes(':'))
        throw new AppError(ErrorCodes.deviceKeyInvalid);
      return header;
    },
  };
}

/** The brand's provisioning key travels in the body and is checked by device registration. */
export function provisioningKey(): CredentialCheck<null> {
  return { kind: 'provisioningKey', run: async () => null };
}

/**
 * Anyone, answered by the request's host (a well-known file a seller publishes on its own domain):
 * grants the host name, lower-cased and without its port; the handler answers 404 for a host with nothing.
 */
export function hostDomain(): CredentialCheck<string> {
  return { kind: 'domain', run: async (req) => (req.hostname ?? '').trim().toLowerCase().replace(/:\d+$/, '') };
}

/** The refusal of a route in its declared shape. */
export function sendRefusal(
  req: FastifyRequest,
  reply: FastifyReply,
  def: RawRouteDef,
  code: ErrorCode,
  params?: Record<string, string | number>,
  status?: number,
) {
  const msg = errorMessage(code, req.locale || requestLocale(req), params);
  return reply.status(status ?? def.refused.status).send(def.shape === 'plain' ? { code, msg, data: null } : { basic: { code, msg } });
}

/**
 * No caller credentials (auth 'public'): for a route whose request proves itself, as a payment
 * provider's webhook does with its signature, checked by the handler against the account it names.
 */
export function publicRoute(): CredentialCheck<null> {
  return { kind: 'call', run: async () => null };
}

/** Codes that mean "these credentials do not open this route": answered with the route's declared status. */
const CREDENTIAL_CODES = new Set<number>([
  ErrorCodes.fileLinkInvalid,
  ErrorCodes.storageTokenInvalid,
  ErrorCodes.deviceKeyInvalid,
  ErrorCodes.provisioningKeyInvalid,
]);

const GRANTED = Symbol('rawRouteGrant');
type Granted = FastifyRequest & { [GRANTED]?: unknown };

export interface RegisteredRawRoute {
  route: RawRouteDef;
  /**
   * Why another tenant's ids cannot be reached through this route (the permission tests hold every
   * route to saying so): its credential names one object and was made by a call whose own tenant
   * check is tested, or it names no tenant object at all.
   */
  tenancy: string;
}

/** The routes registered through here, per server (scopes share their root's HTTP server): the registry test compares them with the contract. */
const registered = new WeakMap<object, RegisteredRawRoute[]>();
export function registeredRawRoutes(app: FastifyInstance): readonly RegisteredRawRoute[] {
  return registered.get(app.server) ?? [];
}

/**
 * Registers `def` on `scope` with its credential check before `handler`. The check's kind must be
 * the route's declared auth: a route declared 'device' cannot be served behind a signed link.
 */
export function rawRoute<G>(
  scope: FastifyInstance,
  deps: RawRouteDeps,
  def: RawRouteDef,
  check: CredentialCheck<G>,
  tenancy: string,
  handler: (req: FastifyRequest, reply: FastifyReply, granted: G) => unknown,
  options: RouteShorthandOptions = {},
): void {
  if (check.kind !== kindOf(def.auth))
    throw new Error(`raw route ${def.method} ${def.path} declares auth ${JSON.stringify(def.auth)} but registers a ${check.kind} check`);
  const list = registered.get(scope.server) ?? [];
  list.push({ route: def, tenancy });
  registered.set(scope.server, list);
  scope.route({
    ...options,
    method: def.method,
    url: def.path,
    preHandler: async (req, reply) => {
      try {
        (req as Granted)[GRANTED] = await check.run(req, deps, def);
      } catch (err) {
        if (err instanceof AppError && CREDENTIAL_CODES.has(err.code)) {
          if (err.detail) req.log.info({ code: err.code, detail: err.detail }, 'raw route refused');
          return sendRefusal(req, reply, def, err.code, err.params);
        }
        throw err;
      }
    },
    handler: (req, reply) => handler(req, reply, (req as Granted)[GRANTED] as G),
  });
}
