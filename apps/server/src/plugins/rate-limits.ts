/**
 * Rate limits (issue 11 §1.4) with @fastify/rate-limit: counted in Redis when REDIS_URL is set (so
 * every instance shares the count), else in this process's memory. The limits themselves are
 * declared in the contract (RATE_LIMITS, named by each call's `rateLimit`); the call router asks
 * `check` before it verifies a sign or hashes a password, and the device API's registration is
 * limited here by its route. A limited call is answered 1008 tooFrequent with the seconds to wait
 * (and Retry-After).
 *
 * RATE_LIMITS=off turns the limits off (the API tests do, but for the test of the limits); a number
 * multiplies every limit (the end-to-end suite signs in many times from one address).
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { DEVICE_API_PATHS, DEVICE_API_PREFIX, ErrorCodes, RATE_LIMITS, type RateLimit } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

export interface RateLimitSettings {
  enabled: boolean;
  /** Every limit's max is multiplied by this (at least 1 call). */
  scale: number;
  redisUrl?: string;
}

export function rateLimitSettings(env: NodeJS.ProcessEnv): RateLimitSettings {
  const v = (env.RATE_LIMITS ?? '').trim().toLowerCase();
  const scale = Number(v);
  return {
    enabled: v !== 'off',
    scale: v && Number.isFinite(scale) && scale > 0 ? scale : 1,
    redisUrl: env.REDIS_URL?.trim() || undefined,
  };
}

export interface CallRateLimiter {
  /** Counts the call; throws 1008 (with the seconds to wait) when its address or account is over. */
  check(req: FastifyRequest, reply: FastifyReply, path: string, limit: RateLimit | undefined, data: unknown): Promise<void>;
}

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

const KEY = Symbol('rateLimitKey');
type Keyed = FastifyRequest & { [KEY]?: string };

/** The account a call names (its e-mail or SN, or an id such as a conversation's), compared without case and space. */
function accountOf(data: unknown, field: string): string | null {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return typeof v === 'string' && v.trim() ? v.trim().toLowerCase().slice(0, 254) : null;
}

export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<CallRateLimiter> {
  if (!settings.enabled) return { check: async () => {} };
  let redis: Redis | undefined;
  if (settings.redisUrl) {
    // A Redis that is down must not stop the portal: the limit is skipped (skipOnError) and said once a minute.
    redis = new Redis(settings.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    let lastSaid = 0;
    redis.on('error', (err) => {
      if (Date.now() - lastSaid < 60_000) return;
      lastSaid = Date.now();
      app.log.warn({ err }, 'rate limits: Redis unavailable, calls are not limited meanwhile');
    });
    app.addHook('onClose', async () => {
      redis!.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    cache: 50_000,
    skipOnError: true,
    nameSpace: 'portal-rl:',
    ...(redis ? { redis } : {}),
  });

  const limiters = new Map<string, Limiter>();
  const limiterFor = (name: string, max: number, windowSeconds: number): Limiter => {
    let l = limiters.get(name);
    if (!l) {
      l = app.createRateLimit({
        max: Math.max(1, Math.floor(max * settings.scale)),
        timeWindow: windowSeconds * 1000,
        keyGenerator: (req) => (req as Keyed)[KEY] ?? req.ip,
      }) as Limiter;
      limiters.set(name, l);
    }
    return l;
  };

  async function count(req: FastifyRequest, reply: FastifyReply, limiter: Limiter, key: string) {
    (req as Keyed)[KEY] = key;
    const r = await limiter(req);
    if (!r.isAllowed && r.isExceeded) {
      const seconds = Math.max(1, r.ttlInSeconds ?? 1);
      reply.header('retry-after', String(seconds));
      throw new AppError(ErrorCodes.tooFrequent, { seconds }, `rate limit ${key}`);
    }
  }

  async function check(req: FastifyRequest, reply: FastifyReply, path: string, limit: RateLimit | undefined, data: unknown) {
    if (!limit) return;
    await count(req, reply, limiterFor(`${path}|ip`, limit.max, limit.windowSeconds), `${path}|ip|${req.ip}`);
    if (limit.perAccount) {
      const account = accountOf(data, limit.perAccount.field);
      if (account)
        await count(req, reply, limiterFor(`${path}|account`, limit.perAccount.max, limit.windowSeconds), `${path}|account|${account}`);
    }
  }

  // The device API's registration (a raw route): limited by its address and by the SN it names,
  // before the provisioning key is looked up.
  const deviceRegisterUrl = `${DEVICE_API_PREFIX}/${DEVICE_API_PATHS.register}`;
  const limitDeviceRegister: preHandlerAsyncHookHandler = async (req, reply) => {
    await check(req, reply, `device-api/${DEVICE_API_PATHS.register}`, RATE_LIMITS.deviceRegister, req.body);
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== deviceRegisterUrl || route.method !== 'POST') return;
    const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [limitDeviceRegister, ...own];
  });

  return { check };
}
