/** Payee accounts of the caller's own company (the seller's accounts with each provider). */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companyDomains, payeeAccounts } from '../../db/schema';
import type { Actor } from '../../lib/context';

type AnyDb = Db | Tx;
export type PayeeRow = typeof payeeAccounts.$inferSelect;

const own = (actor: Actor) => eq(payeeAccounts.companyId, actor.companyId);

export async function ownPayees(db: AnyDb, actor: Actor): Promise<PayeeRow[]> {
  return db.select().from(payeeAccounts).where(own(actor));
}

export async function findOwnPayee(
  db: AnyDb,
  actor: Actor,
  provider: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PayeeRow | null> {
  const q = db
    .select()
    .from(payeeAccounts)
    .where(and(own(actor), eq(payeeAccounts.provider, provider)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Saves the account (verification starts over). */
export async function upsertOwnPayee(
  db: AnyDb,
  actor: Actor,
  v: {
    provider: string;
    mode: string;
    accountId: string;
    secretEnc: string;
    secretLast4: string;
    webhookSecretEnc: string | null;
    webhookSecretLast4: string | null;
    applePayAssociation: string | null;
    publicKey: string | null;
    updatedAt: Date;
  },
): Promise<void> {
  await db
    .insert(payeeAccounts)
    .values({ companyId: actor.companyId, companyPath: actor.companyPath, ...v, verifiedAt: null })
    .onConflictDoUpdate({
      target: [payeeAccounts.companyId, payeeAccounts.provider],
      set: {
        mode: v.mode,
        accountId: v.accountId,
        secretEnc: v.secretEnc,
        secretLast4: v.secretLast4,
        webhookSecretEnc: v.webhookSecretEnc,
        webhookSecretLast4: v.webhookSecretLast4,
        applePayAssociation: v.applePayAssociation,
        publicKey: v.publicKey,
        verifiedAt: null,
        updatedAt: v.updatedAt,
      },
    });
}

export async function setOwnPayeeVerified(db: AnyDb, actor: Actor, provider: string, at: Date | null): Promise<void> {
  await db
    .update(payeeAccounts)
    .set({ verifiedAt: at })
    .where(and(own(actor), eq(payeeAccounts.provider, provider)));
}

export async function deleteOwnPayee(db: AnyDb, actor: Actor, provider: string): Promise<void> {
  await db.delete(payeeAccounts).where(and(own(actor), eq(payeeAccounts.provider, provider)));
}

/** The platform's default moves to this provider (and away from every other account of the company). */
export async function setOwnDefault(db: AnyDb, actor: Actor, platform: string, provider: string): Promise<void> {
  await db
    .update(payeeAccounts)
    .set({
      defaultFor: sql`case when ${payeeAccounts.provider} = ${provider}
        then array(select distinct x from unnest(array_append(${payeeAccounts.defaultFor}, ${platform}::text)) x order by x)
        else array_remove(${payeeAccounts.defaultFor}, ${platform}::text) end`,
    })
    .where(own(actor));
}

/**
 * Unscoped, for callers without a portal user (a provider's webhook, the order flow, the checkout
 * page): the company's account the route or the order names. With a provider: that account; without:
 * the platform's default, else a verified one, else the sandbox.
 */
export async function unsafeSellerPayee(db: AnyDb, companyId: number, platform: string, provider?: string): Promise<PayeeRow | null> {
  const [row] = await db
    .select()
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.companyId, companyId), provider ? eq(payeeAccounts.provider, provider) : undefined))
    .orderBy(
      sql`(${platform} = any(${payeeAccounts.defaultFor})) desc`,
      sql`(${payeeAccounts.verifiedAt} is not null) desc`,
      sql`(${payeeAccounts.provider} = 'sandbox') desc`,
    )
    .limit(1);
  return row ?? null;
}

/** Unscoped, for Apple's anonymous fetch: the Stripe account's Apple Pay association of the company owning `domain`. */
export async function unsafeApplePayAssociationOfDomain(db: AnyDb, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ file: payeeAccounts.applePayAssociation })
    .from(companyDomains)
    .innerJoin(payeeAccounts, and(eq(payeeAccounts.companyId, companyDomains.companyId), eq(payeeAccounts.provider, 'stripe')))
    .where(eq(companyDomains.domain, domain));
  return row?.file ?? null;
}
