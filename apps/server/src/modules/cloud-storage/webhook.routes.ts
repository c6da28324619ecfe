/**
 * The payment providers' webhooks (raw route, contract cloudStorageRawRoutes.paymentWebhook): the
 * raw body is kept as text so the provider's signature is checked over the bytes it signed. A
 * forged or foreign event is answered 400 (9100) and kept nowhere; a replay is answered 200 and
 * changes nothing (the inbox is unique per provider, account and event id).
 */
import { ErrorCodes, errorMessage, PAYMENT_PROVIDERS, rawRoutes, type PaymentProvider } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { publicRoute, rawRoute, type RawRouteDeps } from '../../lib/raw-routes';
import { handleWebhook } from './orders.service';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function registerPaymentWebhookRoutes(app: FastifyInstance, deps: RawRouteDeps): void {
  void app.register(async (scope) => {
    // The signature is over the raw bytes: no JSON parsing before the check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    rawRoute(
      scope,
      deps,
      rawRoutes.paymentWebhook,
      publicRoute(),
      "names the seller's own payee account; its secret checks the signature (a foreign or forged event changes nothing)",
      async (req, reply) => {
        const { provider, companyId } = req.params as { provider: string; companyId: string };
        const id = Number(companyId);
        const refuse = () =>
          reply.status(400).send({ code: ErrorCodes.badSign, msg: errorMessage(ErrorCodes.badSign, 'en-US'), data: null });
        if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider) || !Number.isSafeInteger(id) || id <= 0) return refuse();
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v[0] : v;
        const outcome = await handleWebhook(deps.database, deps.services.config.sealKeys, {
          provider: provider as PaymentProvider,
          companyId: id,
          headers,
          rawBody: typeof req.body === 'string' ? req.body : '',
          now: deps.clock.now(),
        });
        if (outcome === 'forged') return refuse();
        return reply.send({ code: 200, msg: 'ok', data: { outcome } });
      },
    );
  });
}
