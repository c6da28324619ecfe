/**
 * Apple Pay through Stripe: Apple fetches /.well-known/apple-developer-merchantid-domain-association
 * from each domain the seller takes Apple Pay on; the file is the one kept with the Stripe payee
 * account of the company owning the request's domain (company_domains), 404 for any other host.
 */
import { ErrorCodes, rawRoutes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { hostDomain, rawRoute, sendRefusal, type RawRouteDeps } from '../../lib/raw-routes';
import { unsafeApplePayAssociationOfDomain } from './payees.repository';

export function registerPayeeRoutes(app: FastifyInstance, deps: RawRouteDeps): void {
  rawRoute(
    app,
    deps,
    rawRoutes.applePayAssociation,
    hostDomain(),
    "the request's own domain names the company; only the file that company published for Apple is answered",
    async (req, reply, domain) => {
      const file = domain ? await unsafeApplePayAssociationOfDomain(deps.database.db, domain) : null;
      if (!file) return sendRefusal(req, reply, rawRoutes.applePayAssociation, ErrorCodes.notFound);
      return reply
        .status(200)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(file);
    },
  );
}
