/** Payee accounts of the caller's own company (the seller's accounts with each provider). */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payeeAccounts } from '../../db/schema';
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
  v: { provider: string; mode: string; accountId: string; secretEnc: string; secretLast4: string; updatedAt: Date },
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
