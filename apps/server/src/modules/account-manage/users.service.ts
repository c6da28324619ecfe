/**
 * Users of the caller's subtree: invite, re-invite, registration by link, edit, enable/disable,
 * unlock, delete and password reset. State changes go through the user-account machine
 * (users.policy nextState); permission rules live in users.policy.
 *
 * Mail is written to the outbox in the call's transaction (ctx.sendMail) and sent by a job after
 * the commit.
 */
import {
  EMAIL_CHURN_MAX_DELETES,
  EMAIL_CHURN_WINDOW_MINUTES,
  ErrorCodes,
  USER_INVITE_RESEND_SECONDS,
  USER_INVITE_TTL_DAYS,
  USER_RESET_TTL_MINUTES,
  type CallData,
  type userCalls,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { hashPassword } from '../../lib/secrets';
import { endUserSessions } from '../auth';
import { emailMd5, linkOrigin, registrationLink } from './registration-links';
import { issueLink, lastOpenLinkIssuedAt, revokeLinks, unsafeConsumeLink, unsafeFindOpenLink } from './registration-links.repository';
import { authorize } from '../../lib/policy';
import { accountManagePolicy, assertGrantAllowed, nextState, userPolicy } from './users.policy';
import {
  emailDeletionsSince,
  findCompanyInScope,
  insertInvitedUser,
  recordEmailEvent,
  setUserStatusIfUnchanged,
  updateUser,
  findUserInScope,
  invalidateUserTotals,
  liveUserCount,
  loadActorScope,
  unsafeFindUserByEmail,
  unsafeFindUserById,
  type ActorScope,
  type UserRow,
} from './users.repository';

type AnyDb = Db | Tx;
const DAY_MS = 86_400_000;
/** Password hash of a user who has not registered yet: no password verifies against it. */
export const UNUSABLE_PASSWORD = '!not-registered';

export async function scopeOf(ctx: CallContext): Promise<ActorScope> {
  const actor = requireActor(ctx);
  // Inside a write's transaction the scope is read there (it may have just changed it); outside,
  // it is kept by the read cache until a user or company changes.
  if (ctx.db !== ctx.database.db) return loadActorScope(ctx.db, actor);
  // Read with the session (and kept with it by the read cache: the same user row and companies).
  if (actor.scope) return { actor, ...actor.scope };
  const { rangePaths, appIds, companyAreaId } = await ctx.services.reads.get(
    `scope|${actor.userId}|${actor.companyPath}`,
    { tables: ['companies'], rows: [`users:${actor.userId}`] },
    () => loadActorScope(ctx.db, actor),
  );
  return { actor, rangePaths, appIds, companyAreaId };
}

export async function requireUserInScope(db: AnyDb, scope: ActorScope, userId: number): Promise<UserRow> {
  const u = await findUserInScope(db, scope, userId);
  if (!u) throw new AppError(ErrorCodes.notFound);
  return u;
}

/** A tombstone for a deleted user's address, so that the address can be used again (unique index). */
export function tombstoneEmail(userId: number, now: number) {
  return `deleted+${userId}+${now}@deleted.invalid`;
}

/** 20052 when the address was deleted EMAIL_CHURN_MAX_DELETES times within the window. */
async function assertNoEmailChurn(db: AnyDb, email: string, now: number) {
  const windowMs = EMAIL_CHURN_WINDOW_MINUTES * 60_000;
  const deletions = await emailDeletionsSince(db, email, new Date(now - windowMs));
  if (deletions.length >= EMAIL_CHURN_MAX_DELETES) {
    // Free again when enough deletions have left the window.
    const freeAt = deletions[deletions.length - EMAIL_CHURN_MAX_DELETES].getTime() + windowMs;
    throw new AppError(ErrorCodes.emailChurn, { minutes: Math.max(1, Math.ceil((freeAt - now) / 60_000)) });
  }
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

async function sendInvitation(
  ctx: CallContext,
  user: { id: number; companyId: number; email: string; locale: string },
  token: string,
  companyName: string,
) {
  const actor = requireActor(ctx);
  await ctx.sendMail(user.email, 'invitation', ctx.locale, {
    link: registrationLink(linkOrigin(ctx), user, token),
    inviterName: actor.actingNickname ?? actor.nickname,
    companyName,
    days: USER_INVITE_TTL_DAYS,
  });
}

export async function inviteUser(ctx: CallContext, d: CallData<typeof userCalls.invite> & { email: string }) {
  const actor = requireActor(ctx);
  authorize(accountManagePolicy, actor, null, 'inviteUser');
  const now = ctx.clock.now();
  const scope = await scopeOf(ctx);
  const company = await findCompanyInScope(ctx.db, scope, d.companyId ?? actor.companyId);
  if (!company) throw new AppError(ErrorCodes.notFound);
  const perms = { authResList: d.authResList ?? [], areaIds: d.areaIds ?? [], companyIds: d.companyIds ?? [], appIds: d.appIds ?? [] };
  assertGrantAllowed(scope, { before: { authResList: [], areaIds: [], appIds: [] }, after: perms, targetCompanyType: company.type });
  await assertRangeAllowed(ctx.db, scope, company, perms.companyIds);

  const existing = await unsafeFindUserByEmail(ctx.db, d.email);
  if (existing) {
    const recent = existing.invitedAt && now - existing.invitedAt.getTime() < USER_INVITE_RESEND_SECONDS * 1000;
    if (!existing.registered && recent) throw new AppError(ErrorCodes.invitationAlreadySent);
    throw new AppError(ErrorCodes.userExists);
  }
  await assertNoEmailChurn(ctx.db, d.email, now);
  if ((await liveUserCount(ctx.db, company.id)) >= company.userLimit) {
    throw new AppError(ErrorCodes.userLimitReached, { limit: company.userLimit });
  }

  let created: { id: number; token: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const id = await insertInvitedUser(tx, {
        companyId: company.id,
        email: d.email,
        nickname: d.email.split('@')[0].slice(0, 50),
        phone: d.phone ?? '',
        passwordHash: UNUSABLE_PASSWORD,
        userType: company.type,
        userAuthType: 3,
        status: 'normal',
        authResList: [...new Set(perms.authResList)],
        areaIds: [...new Set(perms.areaIds)],
        companyIds: [...new Set(perms.companyIds)],
        appIds: [...new Set(perms.appIds)],
        locale: ctx.locale,
        registered: false,
        invitedAt: new Date(now),
        invitedBy: actor.userId,
        createdAt: new Date(now),
      });
      await recordEmailEvent(tx, d.email, 'added', new Date(now));
      const token = await issueLink(tx, id, 'userRegister', now, USER_INVITE_TTL_DAYS * DAY_MS);
      return { id, token };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCodes.userExists);
    throw e;
  }
  invalidateUserTotals(ctx.services.totals, company.path);
  await ctx.audit({
    action: 'customer/user/invite',
    targetType: 'user',
    targetId: created.id,
    companyId: company.id,
    companyPath: company.path,
    after: { email: d.email, ...perms },
  });
  await sendInvitation(ctx, { id: created.id, companyId: company.id, email: d.email, locale: ctx.locale }, created.token, company.name);
  return { userId: created.id };
}

export async function reinviteUser(ctx: CallContext, userId: number) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const scope = await scopeOf(ctx);
  const u = await requireUserInScope(ctx.db, scope, userId);
  authorize(userPolicy, actor, u, 'reinvite');
  const last = await lastOpenLinkIssuedAt(ctx.db, u.id, 'userRegister', now);
  if (last !== null && now - last < USER_INVITE_RESEND_SECONDS * 1000) throw new AppError(ErrorCodes.invitationAlreadySent);
  const token = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, u.id, { invitedAt: new Date(now), invitedBy: actor.userId });
    return issueLink(tx, u.id, 'userRegister', now, USER_INVITE_TTL_DAYS * DAY_MS);
  });
  await ctx.audit({
    action: 'customer/user/reinvite',
    targetType: 'user',
    targetId: u.id,
    companyId: u.companyId,
    companyPath: u.companyPath,
  });
  await sendInvitation(ctx, u, token, u.companyName);
  return {};
}

export async function resetPassword(ctx: CallContext, userId: number) {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const scope = await scopeOf(ctx);
  const u = await requireUserInScope(ctx.db, scope, userId);
  authorize(userPolicy, actor, u, 'resetPassword');
  const last = await lastOpenLinkIssuedAt(ctx.db, u.id, 'passwordReset', now);
  if (last !== null && now - last < USER_INVITE_RESEND_SECONDS * 1000) throw new AppError(ErrorCodes.invitationAlreadySent);
  const token = await issueLink(ctx.db, u.id, 'passwordReset', now, USER_RESET_TTL_MINUTES * 60_000);
  await ctx.audit({
    action: 'customer/user/reset-password',
    targetType: 'user',
    targetId: u.id,
    companyId: u.companyId,
    companyPath: u.companyPath,
  });
  await ctx.sendMail(u.email, 'passwordReset', u.locale === 'zh-CN' ? 'zh-CN' : 'en-US', {
    link: registrationLink(linkOrigin(ctx), u, token),
    minutes: USER_RESET_TTL_MINUTES,
    requestedBy: actor.actingNickname ?? actor.nickname,
  });
  return {};
}

/** The link's user, when every part of the link matches; otherwise 7022. */
async function openLinkUser(db: AnyDb, d: { corpId: number; userId: number; emailMd5: string; token: string }, now: number) {
  const link = await unsafeFindOpenLink(db, d.token, now);
  if (!link || link.userId !== d.userId) throw new AppError(ErrorCodes.linkInvalid);
  const u = await unsafeFindUserById(db, link.userId);
  if (!u || u.companyId !== d.corpId || u.status === 'deleted' || emailMd5(u.email) !== d.emailMd5)
    throw new AppError(ErrorCodes.linkInvalid);
  if (link.purpose === 'userRegister' && u.registered) throw new AppError(ErrorCodes.linkInvalid);
  if (link.purpose === 'passwordReset' && !u.registered) throw new AppError(ErrorCodes.linkInvalid);
  return { link, user: u };
}

export async function checkRegistrationLink(ctx: CallContext, d: CallData<typeof userCalls.registerCheck>) {
  const { link, user } = await openLinkUser(ctx.db, d, ctx.clock.now());
  return {
    purpose: link.purpose === 'userRegister' ? ('register' as const) : ('reset' as const),
    email: user.email,
    companyName: user.companyName,
    nickName: user.nickname,
  };
}

export async function completeRegistration(ctx: CallContext, d: CallData<typeof userCalls.register> & { password: string }) {
  const now = ctx.clock.now();
  const { link, user } = await openLinkUser(ctx.db, d, now);
  const registering = link.purpose === 'userRegister';
  if (registering && !d.nickName) throw new AppError(ErrorCodes.invalidParams, { detail: 'nickName' });
  let status = user.status;
  if (!registering) status = nextState(user.status, 'resetPassword');
  else if (user.status === 'auto_locked') status = nextState(user.status, 'unlock');
  const passwordHash = await hashPassword(d.password);
  await ctx.db.transaction(async (tx) => {
    // The loser of a double submit: the link was used a moment ago by the first.
    if (!(await unsafeConsumeLink(tx, d.token, now))) throw new AppError(ErrorCodes.alreadyDone);
    await updateUser(tx, user.id, {
      passwordHash,
      status,
      failedLogins: 0,
      lockedUntil: null,
      ...(registering ? { registered: true, nickname: d.nickName! } : {}),
    });
    if (!registering) await endUserSessions(tx, user.id, 'password-reset', new Date(now));
  });
  await ctx.audit({
    action: registering ? 'customer/user/register' : 'customer/user/password-reset',
    targetType: 'user',
    targetId: user.id,
    companyId: user.companyId,
    companyPath: user.companyPath,
    after: registering ? { nickName: d.nickName } : undefined,
  });
  return { email: user.email };
}

/** Every company of a resource range must be strictly below the user's company and in the caller's scope. */
async function assertRangeAllowed(
  db: AnyDb,
  scope: ActorScope,
  company: { id: number; path: string },
  companyIds: readonly number[],
  before: readonly number[] = [],
) {
  const prev = new Set(before);
  for (const id of new Set(companyIds)) {
    if (prev.has(id)) continue;
    const c = await findCompanyInScope(db, scope, id);
    if (!c || c.id === company.id || !c.path.startsWith(company.path))
      throw new AppError(ErrorCodes.forbidden, undefined, `company ${id} not grantable`);
  }
}

export async function editUser(ctx: CallContext, d: CallData<typeof userCalls.edit> & { nickName: string; phone: string }) {
  const actor = requireActor(ctx);
  const scope = await scopeOf(ctx);
  const u = await requireUserInScope(ctx.db, scope, d.userId);
  authorize(userPolicy, actor, u, 'edit');
  const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
  const permsChanged =
    !same(u.authResList, d.authResList) || !same(u.areaIds, d.areaIds) || !same(u.companyIds, d.companyIds) || !same(u.appIds, d.appIds);
  if (permsChanged) {
    // Your own permissions never (7033): editing yourself changes nickname and phone only.
    authorize(userPolicy, actor, u, 'editPermissions');
    assertGrantAllowed(scope, { before: u, after: d, targetCompanyType: u.companyType });
    await assertRangeAllowed(ctx.db, scope, { id: u.companyId, path: u.companyPath }, d.companyIds, u.companyIds);
  }
  const after = {
    nickname: d.nickName,
    phone: d.phone,
    authResList: [...new Set(d.authResList)],
    areaIds: [...new Set(d.areaIds)],
    companyIds: [...new Set(d.companyIds)],
    appIds: [...new Set(d.appIds)],
  };
  await updateUser(ctx.db, u.id, after);
  await ctx.audit({
    targetType: 'user',
    targetId: u.id,
    companyId: u.companyId,
    companyPath: u.companyPath,
    before: {
      nickname: u.nickname,
      phone: u.phone,
      authResList: u.authResList,
      areaIds: u.areaIds,
      companyIds: u.companyIds,
      appIds: u.appIds,
    },
    after,
  });
  return {};
}

/** enable / disable / unlock / delete of another user, through the machine, recorded with before and after. */
export async function changeUserState(ctx: CallContext, userId: number, action: 'enable' | 'disable' | 'unlock' | 'delete') {
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const scope = await scopeOf(ctx);
  const u = await requireUserInScope(ctx.db, scope, userId);
  authorize(userPolicy, actor, u, action);
  const status = nextState(u.status, action);
  await applyState(ctx.db, u, status, now);
  if (action === 'delete') invalidateUserTotals(ctx.services.totals, u.companyPath);
  await ctx.audit({
    targetType: 'user',
    targetId: u.id,
    companyId: u.companyId,
    companyPath: u.companyPath,
    before: { status: u.status },
    after: { status },
  });
  return { status };
}

/**
 * Write a new state (guarded by the old one: a concurrent change answers 1016). Deletion frees the
 * address and revokes open links; a disabled or deleted user's sessions are refused by the router
 * (7090, 10002) on their next call.
 */
export async function applyState(db: AnyDb, u: Pick<UserRow, 'id' | 'status' | 'email'>, status: string, now: number) {
  const extra =
    status === 'deleted'
      ? { email: tombstoneEmail(u.id, now), deletedEmail: u.email }
      : status === 'normal'
        ? { failedLogins: 0, lockedUntil: null }
        : {};
  if (!(await setUserStatusIfUnchanged(db, u.id, u.status, { status, ...extra }))) throw new AppError(ErrorCodes.conflict);
  if (status === 'deleted') {
    await recordEmailEvent(db, u.email, 'deleted', new Date(now));
    await revokeLinks(db, u.id, 'userRegister', now);
    await revokeLinks(db, u.id, 'passwordReset', now);
    // Sessions are left to the call router, which answers 10002 to a deleted user's next call.
  }
}
