/**
 * The cloud storage raw routes (shared/raw-routes.ts): the order export and statement downloads, the
 * payment providers' webhooks, and the Apple Pay domain association of a seller's Stripe account.
 */
import { ErrorCodes } from '../../errors';
import { defineRawRoute } from '../../shared/raw-routes';
import { API_PREFIX } from '../../shared/constants';
import { APPLE_PAY_ASSOCIATION_PATH } from './constants';

export const PAYMENT_WEBHOOK_PATH = '/v1.0/payments/webhook/:provider/:companyId';

export const ORDER_EXPORT_DOWNLOAD_PATH = `${API_PREFIX}/storage/order/export/download`;
export const ORDER_STATEMENT_DOWNLOAD_PATH = `${API_PREFIX}/storage/order/statement/download`;

export const cloudStorageRawRoutes = {
  orderExportDownload: defineRawRoute({
    method: 'GET',
    path: ORDER_EXPORT_DOWNLOAD_PATH,
    auth: 'signedLink',
    summary: 'The orders as an xlsx (streamed), by the link of storage/order/export (300 s, dies with the session).',
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'envelope',
    file: true,
  }),
  statementDownload: defineRawRoute({
    method: 'GET',
    path: ORDER_STATEMENT_DOWNLOAD_PATH,
    auth: 'signedLink',
    summary:
      'The monthly statement of internal purchases as an xlsx, by the link of storage/order/statement (300 s, dies with the session).',
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'envelope',
    file: true,
  }),
  paymentWebhook: defineRawRoute({
    method: 'POST',
    path: PAYMENT_WEBHOOK_PATH,
    auth: 'public',
    summary:
      "A payment provider's webhook for a seller's payee account: checked with the account's secret (forged or foreign: 400, nothing kept), kept once per (provider, account, event id), then applied to its order.",
    refused: { code: ErrorCodes.badSign, status: 400 },
    shape: 'plain',
  }),
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
