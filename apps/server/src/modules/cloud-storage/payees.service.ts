/**
 * Payee settings (issue 12 §7, `/externalCollection`): the seller's own account per provider, its
 * secret sealed with AES-256-GCM (config sealKeys) and answered as its last 4 characters only, the
 * connection test through the provider's adapter (payments module), and the default method per
 * platform. payeeSetupMachine: configure (also to change) and remove.
 */
import { ErrorCodes, PAYMENT_PROVIDERS, payeeSetupMachine, storageCalls, type PayeeAccount, type PaymentProvider } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { allowedActions, authorize } from '../../lib/policy';
import type { Db, Tx } from '../../db/client';
import { openSecret, sealSecret, type SealKeyring } from '../../lib/secrets';
import { paymentProvider, type ProviderAccount } from '../payments';
import { payeePolicy } from './payees.policy';
import {
  deleteOwnPayee,
  findOwnPayee,
  ownPayees,
  setOwnDefault,
  setOwnPayeeVerified,
  upsertOwnPayee,
  unsafeSellerPayee,
  type PayeeRow,
} from './payees.repository';

/** The account as the adapters take it, its secrets opened from the sealed record (never logged). */
export function providerAccount(sealKeys: SealKeyring, row: PayeeRow): ProviderAccount {
  return {
    mode: row.mode as 'test' | 'live',
    accountId: row.accountId,
    secret: openSecret(sealKeys, row.secretEnc),
    ...(row.webhookSecretEnc ? { webhookSecret: openSecret(sealKeys, row.webhookSecretEnc) } : {}),
  };
}

export interface PayeeHandle {
  provider: PaymentProvider;
  account: ProviderAccount;
  /** Stripe's publishable key (checkout page); null otherwise. */
  publicKey: string | null;
}

/**
 * The seller's payee opened for a caller without a portal user (the order flow, a provider's
 * webhook naming the company, the checkout page): the named provider's account, or the platform's
 * default; 23023 when it is not verified or its provider is turned off.
 */
export async function openPayee(
  db: Db | Tx,
  sealKeys: SealKeyring,
  companyId: number,
  platform: string,
  provider?: string,
): Promise<PayeeHandle> {
  const row = await unsafeSellerPayee(db, companyId, platform, provider);
  if (!row || !row.verifiedAt || !paymentProvider(row.provider as PaymentProvider)) throw new AppError(ErrorCodes.noVerifiedPayee);
  return {
    provider: row.provider as PaymentProvider,
    account: providerAccount(sealKeys, row),
    publicKey: row.provider === 'stripe' ? row.publicKey : row.provider === 'paypal' ? row.accountId : null,
  };
}

type Data<K extends keyof typeof storageCalls> = z.output<(typeof storageCalls)[K]['data']>;

/** Where the provider sends this company's events (paste it into the provider's dashboard). */
export const webhookUrl = (publicUrl: string, companyId: number, provider: PaymentProvider) =>
  `${publicUrl}/v1.0/payments/webhook/${provider}/${companyId}`;

const adapterOf = (ctx: CallContext, provider: PaymentProvider) => paymentProvider(provider, ctx.services.config.payments);

function present(ctx: CallContext, actor: Actor, provider: PaymentProvider, row: PayeeRow | undefined): PayeeAccount {
  const configured = !!row;
  return {
    provider,
    available: adapterOf(ctx, provider) !== null,
    status: configured ? 'configured' : 'not_configured',
    mode: row ? (row.mode as 'test' | 'live') : null,
    accountId: row?.accountId ?? null,
    secretLast4: row?.secretLast4 ?? null,
    webhookSecretLast4: row?.webhookSecretLast4 ?? null,
    publicKey: row?.publicKey ?? null,
    applePayAssociation: !!row?.applePayAssociation,
    verifiedAt: row?.verifiedAt ? row.verifiedAt.toISOString() : null,
    webhookUrl: webhookUrl(ctx.services.config.publicUrl, actor.companyId, provider),
    defaultFor: (row?.defaultFor ?? []) as PayeeAccount['defaultFor'],
    actions: allowedActions(payeePolicy, actor, { provider, configured, available: adapterOf(ctx, provider) !== null }),
  };
}

async function all(ctx: CallContext) {
  const actor = requireActor(ctx);
  const rows = await ownPayees(ctx.db, actor);
  return {
    accounts: PAYMENT_PROVIDERS.map((p) =>
      present(
        ctx,
        actor,
        p,
        rows.find((r) => r.provider === p),
      ),
    ),
  };
}

async function one(ctx: CallContext, provider: PaymentProvider) {
  const actor = requireActor(ctx);
  return present(ctx, actor, provider, (await findOwnPayee(ctx.db, actor, provider)) ?? undefined);
}

export const payeeList = (ctx: CallContext) => all(ctx);

export async function payeeSave(ctx: CallContext, d: Data<'payeeSave'>) {
  const actor = requireActor(ctx);
  const before = await findOwnPayee(ctx.db, actor, d.provider, { forUpdate: true });
  const adapter = adapterOf(ctx, d.provider);
  authorize(payeePolicy, actor, { provider: d.provider, configured: !!before, available: !!adapter }, 'configure');
  payeeSetupMachine.next(before ? 'configured' : 'not_configured', 'configure');
  let secret = d.secret;
  if (!secret) {
    if (!before) throw new AppError(ErrorCodes.invalidParams, { detail: 'secret' });
    secret = openSecret(ctx.services.config.sealKeys, before.secretEnc);
  }
  if (!adapter!.secretLooksValid(secret)) throw new AppError(ErrorCodes.invalidParams, { detail: 'secret' });
  if (d.applePayAssociation && d.provider !== 'stripe') throw new AppError(ErrorCodes.invalidParams, { detail: 'applePayAssociation' });
  if (d.publicKey && d.provider !== 'stripe') throw new AppError(ErrorCodes.invalidParams, { detail: 'publicKey' });
  const webhookSecret = d.webhookSecret || null;
  await upsertOwnPayee(ctx.db, actor, {
    provider: d.provider,
    mode: d.mode,
    accountId: d.accountId,
    secretEnc: sealSecret(ctx.services.config.sealKeys, secret),
    secretLast4: secret.slice(-4),
    webhookSecretEnc: webhookSecret ? sealSecret(ctx.services.config.sealKeys, webhookSecret) : (before?.webhookSecretEnc ?? null),
    webhookSecretLast4: webhookSecret ? webhookSecret.slice(-4) : (before?.webhookSecretLast4 ?? null),
    applePayAssociation: d.applePayAssociation === undefined ? (before?.applePayAssociation ?? null) : d.applePayAssociation || null,
    publicKey: d.publicKey === undefined ? (before?.publicKey ?? null) : d.publicKey || null,
    updatedAt: new Date(ctx.clock.now()),
  });
  await ctx.audit({
    targetType: 'payee',
    targetId: d.provider,
    after: {
      provider: d.provider,
      mode: d.mode,
      accountId: d.accountId,
      secret: `…${secret.slice(-4)}`,
      ...(webhookSecret ? { webhookSecret: `…${webhookSecret.slice(-4)}` } : {}),
      ...(d.applePayAssociation !== undefined ? { applePayAssociation: !!d.applePayAssociation } : {}),
    },
  });
  return one(ctx, d.provider);
}

export async function payeeTest(ctx: CallContext, d: Data<'payeeTest'>) {
  const actor = requireActor(ctx);
  const row = await findOwnPayee(ctx.db, actor, d.provider, { forUpdate: true });
  const adapter = adapterOf(ctx, d.provider);
  authorize(payeePolicy, actor, { provider: d.provider, configured: !!row, available: !!adapter }, 'test');
  const result = await adapter!.testConnection(providerAccount(ctx.services.config.sealKeys, row!));
  if (!result.ok) {
    // The refusal rolls the call back; the account is no longer verified all the same.
    ctx.persist((db) => setOwnPayeeVerified(db, actor, d.provider, null));
    throw new AppError(ErrorCodes.payeeTestFailed, { reason: result.reason }, result.reason);
  }
  await setOwnPayeeVerified(ctx.db, actor, d.provider, new Date(ctx.clock.now()));
  return one(ctx, d.provider);
}

export async function payeeRemove(ctx: CallContext, d: Data<'payeeRemove'>) {
  const actor = requireActor(ctx);
  const row = await findOwnPayee(ctx.db, actor, d.provider, { forUpdate: true });
  authorize(payeePolicy, actor, { provider: d.provider, configured: !!row, available: true }, 'remove');
  payeeSetupMachine.next('configured', 'remove');
  await deleteOwnPayee(ctx.db, actor, d.provider);
  await ctx.audit({ action: 'remove', targetType: 'payee', targetId: d.provider });
  return one(ctx, d.provider);
}

export async function payeeDefault(ctx: CallContext, d: Data<'payeeDefault'>) {
  const actor = requireActor(ctx);
  const row = await findOwnPayee(ctx.db, actor, d.provider, { forUpdate: true });
  // The default method must be an account that can be changed (configured); 1017 otherwise.
  authorize(payeePolicy, actor, { provider: d.provider, configured: !!row, available: true }, 'remove');
  await setOwnDefault(ctx.db, actor, d.platform, d.provider);
  return all(ctx);
}
