/** The cloud storage raw routes (shared/raw-routes.ts): the Apple Pay domain association of a seller's Stripe account. */
import { ErrorCodes } from '../../errors';
import { defineRawRoute } from '../../shared/raw-routes';
import { APPLE_PAY_ASSOCIATION_PATH } from './constants';

export const cloudStorageRawRoutes = {
  applePayAssociation: defineRawRoute({
    method: 'GET',
    path: APPLE_PAY_ASSOCIATION_PATH,
    auth: 'domain',
    summary:
      "Apple Pay through Stripe: the domain association file kept with the Stripe payee account of the company owning the request's domain (404 when none).",
    refused: { code: ErrorCodes.notFound, status: 404 },
    shape: 'plain',
    file: true,
  }),
} as const;
