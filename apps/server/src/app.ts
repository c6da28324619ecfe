import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { REQUEST_BODY_MAX_BYTES } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import type { CallImpl } from './lib/implement';
import type { AppServices } from './lib/services';
import { accountImpls } from './modules/account-manage';
import { appApiImpls, appCallers, appKeyImpls } from './modules/app-api';
import { authImpls } from './modules/auth';
import { companyImpls, partnerImpls } from './modules/partner';
import {
  orderImpls,
  registerOrderSheetRoutes,
  registerPayeeRoutes,
  registerPaymentWebhookRoutes,
  storageImpls,
} from './modules/cloud-storage';
import { registerUpgradeRoutes, upgradeImpls } from './modules/cloud-upgrade';
import { cloudContentImpls, registerContentFileRoutes, registerProductSheetRoutes, registerSiteRoutes } from './modules/cloud-content';
import { feedbackChatImpls, registerLiveRoutes } from './modules/feedback-chat';
import { messageCenterImpls } from './modules/message-center';
import { EndUserLogBuffer, insightImpls, registerInsightExportRoutes } from './modules/insight';
import { fileImpls, registerFileRoutes, registerUploadRoutes, systemImpls } from './modules/system';
import { buildOpenApiDocument } from './openapi';
import { registerCalls } from './plugins/call-router';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { guardInput } from './lib/input-guard';
import { genReqId, portalLoggerOptions } from './plugins/log-redaction';
import { registerRateLimits } from './plugins/rate-limits';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerDelivery } from './plugins/static';

/** Every implemented call; the registry test checks it covers ALL_CALLS of the contract. */
export const ALL_IMPLS: readonly CallImpl[] = [
  ...authImpls,
  ...companyImpls,
  ...systemImpls,
  ...fileImpls,
  ...accountImpls,
  ...partnerImpls,
  ...upgradeImpls,
  ...cloudContentImpls,
  ...storageImpls,
  ...orderImpls,
  ...appKeyImpls,
  ...appApiImpls,
  ...messageCenterImpls,
  ...feedbackChatImpls,
  ...insightImpls,
];

export interface AppDeps {
  config: Config;
  database: Database;
  services: AppServices;
  clock?: Clock;
  logger?: boolean | object;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    // Redacted: tokens, signs, passwords, signed URL queries, SQL parameters (plugins/log-redaction.ts).
    logger:
      deps.logger === false
        ? false
        : { ...portalLoggerOptions(deps.config.logLevel), ...(typeof deps.logger === 'object' ? deps.logger : {}) },
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    // A malformed URL or an over-long route parameter: a catalogue code, not Fastify's own answer.
    frameworkErrors,
    trustProxy: deps.config.trustProxy,
    // Every log line carries this id (reqId), made by the server, never taken from the client.
    genReqId,
  });
  // '' until the call router knows the caller's locale; errors before that use the headers.
  app.decorateRequest('locale', '' as never);
  // Calls are JSON only: a text body is refused as a bad content type, not read as an envelope.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await registerSecurityHeaders(app);
  // Compression, the built web app, robots.txt and branding images (before the routes: every route is compressed).
  const delivery = await registerDelivery(app, { webDist: deps.config.webDist, database: deps.database, services: deps.services });
  registerErrorHandling(app, { pageFallback: delivery.pageFallback });
  const rateLimiter = await registerRateLimits(app, deps.config.rateLimits);
  // Every parsed input (JSON body, query, route parameters) is checked once, before any route reads
  // it: too deep, NUL characters, non-finite numbers, too many values (lib/input-guard.ts).
  app.addHook('preValidation', async (req) => {
    guardInput(req.params, 'params');
    guardInput(req.query, 'query');
    if (!Buffer.isBuffer(req.body)) guardInput(req.body);
  });

  await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', async () => ({ status: 'ok', db: deps.database.kind }));
  if (deps.config.benchRoutes) app.post('/bench/baseline', async () => ({}));

  // The live channel's sockets (issue 13 §11): only pushes; a message larger than a notice is refused.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  // The end-user log: app calls noted in memory, written in batches (insight, issue 15 §5).
  const appCallLog = new EndUserLogBuffer(deps.database, 1_000, (err) => app.log.error({ err }, 'end-user log write failed'));
  app.addHook('onClose', async () => appCallLog.close());
  await registerCalls(app, {
    database: deps.database,
    clock,
    impls: ALL_IMPLS,
    services: deps.services,
    rateLimiter,
    appCallers,
    appCallLog,
  });
  registerFileRoutes(app, { database: deps.database, clock, services: deps.services });
  registerUploadRoutes(app, { database: deps.database, clock, services: deps.services });
  registerUpgradeRoutes(app, { database: deps.database, clock, services: deps.services });
  registerProductSheetRoutes(app, { database: deps.database, clock, services: deps.services });
  registerContentFileRoutes(app, { database: deps.database, clock, services: deps.services });
  registerPayeeRoutes(app, { database: deps.database, clock, services: deps.services });
  registerSiteRoutes(app, { database: deps.database, clock, services: deps.services });
  registerPaymentWebhookRoutes(app, { database: deps.database, clock, services: deps.services });
  registerOrderSheetRoutes(app, { database: deps.database, clock, services: deps.services });
  registerInsightExportRoutes(app, { database: deps.database, clock, services: deps.services });
  registerLiveRoutes(app, { database: deps.database, clock, services: deps.services });
  return app;
}
