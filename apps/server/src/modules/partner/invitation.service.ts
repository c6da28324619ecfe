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
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { hashPassword } from '../../lib/secrets';
import { authorize } from '../../lib/policy';
import { companyPolicy, INVITE_ACTION, kindOf, partnerPolicy } from './company.policy';
import { companyName, companySubject, findDownstreamCompany, unsafeFindCompany, type AdminCompanyRow } from './company-admin.repository';
import { invitationLink, invitationSignMatches, publicOrigin } from './invitation-links';
import { levelFor, ownerCodesFor } from './registration-codes';
import { move } from './transitions';
import { findOwnCompany } from './corp-info.repository';
import {
  insertChildCompany,
  insertInvitation,
  latestInvitation,
  lockInvitationEmail,
  replacePendingInvitations,
  revokeInvitationAndCompany,
  unsafeFindInvitation,
  unsafeLiveUserWithEmail,
  unsafePendingInvitationTo,
  unsafeRegisterInvitedCompany,
  unsafeRevocationsSince,
  userNickname,
  type InvitationRow,
} from './invitation.repository';

type AnyDb = Db | Tx;

export function companyStatusOf(state: 'inactive' | 'activated' | 'frozen') {
  return state === 'activated' ? 'active' : state;
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
  const inviterName = await userNickname(db, inv.inviterUserId);
  return {
    id: inv.id,
    kind: inv.kind as InvitationKind,
    name: inv.name,
    email: inv.email,
    state: linkState(inv, now),
    sentAt: inv.createdAt.toISOString(),
    expiresAt: inv.expiresAt.toISOString(),
    inviterName,
  };
}

/**
 * The e-mail rules of an invitation: an account already uses it (7016), an invitation to it is still
 * pending (7021), or it was invited and revoked too often lately (20052 with the minutes to wait).
 */
async function assertEmailInvitable(db: AnyDb, email: string, now: number) {
  if (await unsafeLiveUserWithEmail(db, email)) throw new AppError(ErrorCodes.userExists);
  if (await unsafePendingInvitationTo(db, email)) throw new AppError(ErrorCodes.invitationAlreadySent);
  const windowMs = INVITE_CHURN_WINDOW_MINUTES * 60_000;
  const revoked = await unsafeRevocationsSince(db, email, new Date(now - windowMs));
  if (revoked.length >= INVITE_CHURN_MAX) {
    // Free again once the oldest of the last INVITE_CHURN_MAX revocations leaves the window.
    const oldest = revoked[INVITE_CHURN_MAX - 1].getTime();
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

/** A pending invitation link from the caller (the superior acting for it in a remote session) for TTL days. */
function newInvitation(actor: Actor, kind: InvitationKind, companyId: number, to: { name: string; email: string }, now: number) {
  return {
    kind,
    companyId,
    inviterCompanyId: actor.companyId,
    inviterUserId: actor.actingUserId ?? actor.userId,
    name: to.name,
    email: to.email,
    expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS),
    createdAt: new Date(now),
  };
}

/** invite: a new 'inactive' company under the caller, its invitation, and the e-mail (after commit). */
export async function invite(ctx: CallContext, kind: InvitationKind, data: { name: string; email: string }) {
  const actor = requireActor(ctx);
  authorize(partnerPolicy, actor, null, INVITE_ACTION[kind]);
  const now = ctx.clock.now();
  const inv = await ctx.db.transaction(async (tx) => {
    // One invitation per e-mail at a time, also under concurrent clicks.
    await lockInvitationEmail(tx, data.email);
    await assertEmailInvitable(tx, data.email, now);
    const parent = await findOwnCompany(tx, actor);
    if (!parent) throw new AppError(ErrorCodes.notFound);
    const depth = parent.depth + 1;
    const company = await insertChildCompany(tx, parent, {
      depth,
      type: kind,
      level: levelFor(kind, depth),
      name: data.name,
      email: data.email,
      areaId: parent.areaId,
      status: companyStatusOf(invitationMachine.initial),
      createdAt: new Date(now),
    });
    const row = await insertInvitation(tx, newInvitation(actor, kind, company.id, data, now));
    return { row, path: company.path };
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
    await replacePendingInvitations(tx, company.id);
    const row = await insertInvitation(tx, newInvitation(actor, kind, company.id, { name: company.name, email: last.email }, now));
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
  await revokeInvitationAndCompany(ctx.db, company.id, last.id, new Date(now));
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
  const inv = await unsafeFindInvitation(db, inviteId, kinds, opts);
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
  const taken = await unsafeLiveUserWithEmail(ctx.db, inv.email);
  if (taken) throw new AppError(ErrorCodes.userExists);
  const needsApproval = inv.kind === 'customer';
  const passwordHash = await hashPassword(data.password);
  const status = needsApproval ? 'inactive' : companyStatusOf(move(invitationMachine, 'inactive', 'activate'));
  const userId = await unsafeRegisterInvitedCompany(ctx.db, {
    invitation: inv,
    companyId: company.id,
    owner: {
      nickname: data.nickName,
      passwordHash,
      userType: company.type,
      userAuthType: 1,
      authResList: ownerCodesFor(company.type as CompanyType),
      areaIds: company.areaId ? [company.areaId] : [],
      locale: ctx.locale,
      createdAt: new Date(now),
    },
    company: { name: data.companyName, contact: data.contact, telephone: data.telephone, status },
    needsApproval,
    at: new Date(now),
  });
  await ctx.audit({
    targetType: 'company',
    targetId: company.id,
    companyId: company.id,
    companyPath: company.path,
    after: { email: inv.email, companyName: data.companyName, status, userId },
  });
  return { email: inv.email, status: needsApproval ? ('pending' as const) : ('active' as const) };
}
