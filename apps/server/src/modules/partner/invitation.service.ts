/**
 * Invitations of installer, dealer and sub-customer companies (SPEC §4: not activated, activated,
 * frozen; can be invited again). The invited company exists from the first invitation on, as
 * 'inactive' with no users, so that the company list shows it with re-invite and undo invite; the
 * registration through the e-mailed link creates its owner and activates it (or, for a
 * sub-customer, submits it for the inviting company's approval).
 */
import {
  DAY_MS,
  ErrorCodes,
  INVITATION_RESEND_SECONDS,
  INVITATION_TTL_DAYS,
  INVITE_CHURN_MAX,
  INVITE_CHURN_WINDOW_MINUTES,
  invitationMachine,
  type CompanyType,
  type InvitationKind,
  type InviteLinkState,
} from '@portal/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies, invitations, registrationAudits, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { hashPassword } from '../../lib/secrets';
import { authorize } from '../../lib/policy';
import { companyPolicy, INVITE_ACTION, kindOf, partnerPolicy } from './company.policy';
import { companyName, companySubject, findDownstreamCompany, unsafeFindCompany, type AdminCompanyRow } from './company-admin.repository';
import { invitationLink, invitationSignMatches, publicOrigin } from './invitation-links';
import { levelFor, ownerCodesFor } from './registration-codes';
import { move } from './transitions';

type AnyDb = Db | Tx;
type InvitationRow = typeof invitations.$inferSelect;

export function companyStatusOf(state: 'inactive' | 'activated' | 'frozen') {
  return state === 'activated' ? 'active' : state;
}

async function latestInvitation(db: AnyDb, companyId: number): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.companyId, companyId)).orderBy(desc(invitations.id)).limit(1);
  return row ?? null;
}

export function linkState(inv: InvitationRow, now: number): InviteLinkState {
  if (inv.status === 'used') return 'used';
  if (inv.status === 'revoked') return 'revoked';
  if (inv.status === 'replaced') return 'replaced';
  if (inv.expiresAt.getTime() <= now) return 'expired';
  return 'valid';
}

export async function invitationInfo(db: AnyDb, companyId: number, now: number) {
  const inv = await latestInvitation(db, companyId);
  if (!inv) return null;
  const [inviter] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, inv.inviterUserId));
  return {
    id: inv.id,
    kind: inv.kind as InvitationKind,
    name: inv.name,
    email: inv.email,
    state: linkState(inv, now),
    sentAt: inv.createdAt.toISOString(),
    expiresAt: inv.expiresAt.toISOString(),
    inviterName: inviter?.nickname ?? '',
  };
}

/**
 * The e-mail rules of an invitation: an account already uses it (7016), an invitation to it is still
 * pending (7021), or it was invited and revoked too often lately (20052 with the minutes to wait).
 */
async function assertEmailInvitable(db: AnyDb, email: string, now: number) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), sql`${users.status} <> 'deleted'`));
  if (user) throw new AppError(ErrorCodes.userExists);
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'pending')))
    .limit(1);
  if (pending) throw new AppError(ErrorCodes.invitationAlreadySent);
  const windowMs = INVITE_CHURN_WINDOW_MINUTES * 60_000;
  const revoked = await db
    .select({ revokedAt: invitations.revokedAt })
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'revoked'), gt(invitations.revokedAt, new Date(now - windowMs))))
    .orderBy(desc(invitations.revokedAt));
  if (revoked.length >= INVITE_CHURN_MAX) {
    // Free again once the oldest of the last INVITE_CHURN_MAX revocations leaves the window.
    const oldest = revoked[INVITE_CHURN_MAX - 1].revokedAt!.getTime();
    throw new AppError(ErrorCodes.emailChurn, { minutes: Math.max(1, Math.ceil((oldest + windowMs - now) / 60_000)) });
  }
}

async function mailInvitation(ctx: CallContext, inv: InvitationRow, inviter: Actor) {
  const link = invitationLink(publicOrigin(ctx), ctx.services.config.linkSecret, { ...inv, kind: inv.kind as InvitationKind });
  await ctx.sendMail(inv.email, 'invitation', ctx.locale, {
    link,
    inviterName: inviter.actingUserId ? (inviter.actingNickname ?? inviter.nickname) : inviter.nickname,
    companyName: inviter.companyName,
    days: INVITATION_TTL_DAYS,
  });
}

const sent = (inv: InvitationRow) => ({ companyId: inv.companyId, inviteId: inv.id, expiresAt: inv.expiresAt.getTime() });

/** invite: a new 'inactive' company under the caller, its invitation, and the e-mail (after commit). */
export async function invite(ctx: CallContext, kind: InvitationKind, data: { name: string; email: string }) {
  const actor = requireActor(ctx);
  authorize(partnerPolicy, actor, null, INVITE_ACTION[kind]);
  const now = ctx.clock.now();
  const inv = await ctx.db.transaction(async (tx) => {
    // One invitation per e-mail at a time, also under concurrent clicks.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'invite:' + data.email}))`);
    await assertEmailInvitable(tx, data.email, now);
    const [parent] = await tx.select().from(companies).where(eq(companies.id, actor.companyId));
    const depth = parent.depth + 1;
    const [company] = await tx
      .insert(companies)
      .values({
        parentId: parent.id,
        path: 'pending',
        depth,
        type: kind,
        level: levelFor(kind, depth),
        name: data.name,
        email: data.email,
        areaId: parent.areaId,
        status: companyStatusOf(invitationMachine.initial),
        createdAt: new Date(now),
      })
      .returning();
    await tx
      .update(companies)
      .set({ path: `${parent.path}${company.id}/` })
      .where(eq(companies.id, company.id));
    const [row] = await tx
      .insert(invitations)
      .values({
        kind,
        companyId: company.id,
        inviterCompanyId: actor.companyId,
        inviterUserId: actor.actingUserId ?? actor.userId,
        name: data.name,
        email: data.email,
        expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS),
        createdAt: new Date(now),
      })
      .returning();
    return { row, path: `${parent.path}${company.id}/` };
  });
  await ctx.audit({
    targetType: 'company',
    targetId: inv.row.companyId,
    companyId: inv.row.companyId,
    companyPath: inv.path,
    after: { kind, name: data.name, email: data.email, inviteId: inv.row.id },
  });
  await mailInvitation(ctx, inv.row, actor);
  return sent(inv.row);
}

async function invitedCompany(db: AnyDb, actor: Actor, companyId: number, kind: InvitationKind): Promise<AdminCompanyRow> {
  const company = await findDownstreamCompany(db, actor, companyId, { forUpdate: true });
  if (!company || company.type !== kind) throw new AppError(ErrorCodes.notFound);
  return company;
}

/** re-invite: a fresh link for a company that has not registered; the previous link is replaced. */
export async function reinvite(ctx: CallContext, kind: InvitationKind, companyId: number) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const out = await ctx.db.transaction(async (tx) => {
    const company = await invitedCompany(tx, actor, companyId, kind);
    // Not activated and its link unused (a registration waiting for approval has used its link: it
    // is decided, not invited again); the caller's code and company type invite this kind.
    authorize(companyPolicy, actor, await companySubject(tx, company), 'reinvite');
    const last = await latestInvitation(tx, company.id);
    if (!last) throw new AppError(ErrorCodes.illegalTransition);
    if (now - last.createdAt.getTime() < INVITATION_RESEND_SECONDS * 1000) throw new AppError(ErrorCodes.invitationAlreadySent);
    await tx
      .update(invitations)
      .set({ status: 'replaced' })
      .where(and(eq(invitations.companyId, company.id), eq(invitations.status, 'pending')));
    const [row] = await tx
      .insert(invitations)
      .values({
        kind,
        companyId: company.id,
        inviterCompanyId: actor.companyId,
        inviterUserId: actor.actingUserId ?? actor.userId,
        name: company.name,
        email: last.email,
        expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS),
        createdAt: new Date(now),
      })
      .returning();
    return { row, path: company.path };
  });
  await ctx.audit({
    targetType: 'company',
    targetId: companyId,
    companyId,
    companyPath: out.path,
    after: { inviteId: out.row.id, email: out.row.email },
  });
  await mailInvitation(ctx, out.row, actor);
  return sent(out.row);
}

/** undo invite: only where re-invite is allowed (not registered); the link dies and the company goes. */
export async function undoInvite(ctx: CallContext, companyId: number) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const company = await findDownstreamCompany(ctx.db, actor, companyId, { forUpdate: true });
  if (!company || !kindOf(company.type)) throw new AppError(ErrorCodes.notFound);
  // Only where re-invite would be allowed, and while nobody works there or below.
  authorize(companyPolicy, actor, await companySubject(ctx.db, company), 'undoInvite');
  const last = await latestInvitation(ctx.db, company.id);
  if (!last) throw new AppError(ErrorCodes.illegalTransition);
  await ctx.db
    .update(invitations)
    .set({ status: 'revoked', revokedAt: new Date(now) })
    .where(and(eq(invitations.companyId, company.id), eq(invitations.status, 'pending')));
  // The last revocation is what the churn rule counts, also when the link had been replaced before.
  if (last.status !== 'pending')
    await ctx.db
      .update(invitations)
      .set({ status: 'revoked', revokedAt: new Date(now) })
      .where(eq(invitations.id, last.id));
  await ctx.db.delete(companies).where(and(eq(companies.id, company.id), eq(companies.status, 'inactive')));
  await ctx.audit({
    targetType: 'company',
    targetId: company.id,
    companyId: company.id,
    companyPath: company.path,
    before: { name: company.name, email: last.email, type: company.type },
  });
  return {};
}

/** What a link is worth, for the registration pages; details only for a valid link. */
export async function checkInvitation(ctx: CallContext, kinds: readonly InvitationKind[], inviteId: number, sign: string) {
  const inv = await verifiedInvitation(ctx.db, ctx.services.config.linkSecret, kinds, inviteId, sign);
  if (!inv) return { state: 'invalid' as const, invitation: null };
  const state = linkState(inv, ctx.clock.now());
  if (state !== 'valid') return { state, invitation: null };
  const company = await unsafeFindCompany(ctx.db, inv.companyId);
  return {
    state,
    invitation: {
      kind: inv.kind as InvitationKind,
      companyName: company?.name ?? inv.name,
      email: inv.email,
      inviterName: await companyName(ctx.db, inv.inviterCompanyId),
      expiresAt: inv.expiresAt.getTime(),
      needsApproval: inv.kind === 'customer',
    },
  };
}

async function verifiedInvitation(
  db: AnyDb,
  secret: string,
  kinds: readonly InvitationKind[],
  inviteId: number,
  sign: string,
  opts: { forUpdate?: boolean } = {},
) {
  const q = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, inviteId), inArray(invitations.kind, [...kinds])));
  const [inv] = opts.forUpdate ? await q.for('update') : await q;
  if (!inv || !invitationSignMatches(secret, inv, sign)) return null;
  return inv;
}

/**
 * Registration through a link: the owner user (argon2id), the company's details, and either
 * activation (installer, dealer) or a pending audit by the inviting company (sub-customer).
 * Runs in the call's transaction; the link is used up by it.
 */
export async function registerInvited(
  ctx: CallContext,
  kinds: readonly InvitationKind[],
  data: { inviteId: number; sign: string; companyName: string; contact: string; telephone: string; nickName: string; password: string },
) {
  const now = ctx.clock.now();
  // The link is checked before the password is hashed: an invalid link costs no argon2 (issue 11 §1.4).
  const inv = await verifiedInvitation(ctx.db, ctx.services.config.linkSecret, kinds, data.inviteId, data.sign, { forUpdate: true });
  const state = inv ? linkState(inv, now) : 'invalid';
  // A used link: the first of a double submit went through.
  if (inv && state === 'used') throw new AppError(ErrorCodes.alreadyDone, undefined, `invitation link ${data.inviteId}: used`);
  if (!inv || state !== 'valid') throw new AppError(ErrorCodes.linkInvalid, undefined, `invitation link ${data.inviteId}: ${state}`);
  const company = await unsafeFindCompany(ctx.db, inv.companyId);
  if (!company || company.status !== 'inactive') throw new AppError(ErrorCodes.linkInvalid, undefined, 'invited company is gone or active');
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, inv.email), sql`${users.status} <> 'deleted'`));
  if (taken) throw new AppError(ErrorCodes.userExists);
  const needsApproval = inv.kind === 'customer';
  const passwordHash = await hashPassword(data.password);
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId: company.id,
      email: inv.email,
      nickname: data.nickName,
      passwordHash,
      userType: company.type,
      userAuthType: 1,
      authResList: ownerCodesFor(company.type as CompanyType),
      areaIds: company.areaId ? [company.areaId] : [],
      locale: ctx.locale,
      createdAt: new Date(now),
    })
    .returning({ id: users.id });
  await ctx.db
    .update(invitations)
    .set({ status: 'used', usedAt: new Date(now) })
    .where(eq(invitations.id, inv.id));
  const status = needsApproval ? 'inactive' : companyStatusOf(move(invitationMachine, 'inactive', 'activate'));
  await ctx.db
    .update(companies)
    .set({ name: data.companyName, contact: data.contact, telephone: data.telephone, email: inv.email, status })
    .where(eq(companies.id, company.id));
  if (needsApproval) {
    await ctx.db
      .insert(registrationAudits)
      .values({
        companyId: company.id,
        approverCompanyId: inv.inviterCompanyId,
        applicantUserId: user.id,
        status: 'pending',
        submittedAt: new Date(now),
      })
      .onConflictDoUpdate({
        target: registrationAudits.companyId,
        set: { status: 'pending', applicantUserId: user.id, reason: null, decidedAt: null, decidedBy: null, submittedAt: new Date(now) },
      });
  }
  await ctx.audit({
    targetType: 'company',
    targetId: company.id,
    companyId: company.id,
    companyPath: company.path,
    after: { email: inv.email, companyName: data.companyName, status, userId: user.id },
  });
  return { email: inv.email, status: needsApproval ? ('pending' as const) : ('active' as const) };
}
