/**
 * The signed-in user's own account: information, password change, unregister (with its check) and
 * saved preferences (user-configs).
 */
import { ErrorCodes, USER_CONFIGS_MAX_PER_USER, type CallData, type userCalls } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { allowedActions, authorize } from '../../lib/policy';
import { hashPassword } from '../../lib/secrets';
import { attemptPassword, endUserSessions, ownAccountPolicy } from '../auth';
import { applyState } from './users.service';
import { companyDependents, invalidateUserTotals, unsafeFindUserById, updateUser } from './users.repository';
import { countOwnConfigsExcept, deleteOwnConfig, listOwnConfigs, setOwnPassword, upsertOwnConfig } from './account.repository';

async function me(ctx: CallContext) {
  const u = await unsafeFindUserById(ctx.db, requireActor(ctx).userId);
  if (!u) throw new AppError(ErrorCodes.accountDeleted);
  return u;
}

/** The account with what this session may do with it (the dialog's tabs; a remote visit: the profile only). */
function presentInfo(actor: Actor, u: Awaited<ReturnType<typeof me>>) {
  return {
    userId: u.id,
    nickName: u.nickname,
    email: u.email,
    phone: u.phone,
    companyName: u.companyName,
    userType: u.userType as never,
    userAuthType: u.userAuthType as 1 | 2 | 3,
    createdAt: u.createdAt.toISOString(),
    actions: allowedActions(ownAccountPolicy, actor, null),
  };
}

export async function getAccountInfo(ctx: CallContext) {
  return presentInfo(requireActor(ctx), await me(ctx));
}

export async function setAccountInfo(ctx: CallContext, d: { nickName: string; phone: string }) {
  const actor = requireActor(ctx);
  authorize(ownAccountPolicy, actor, null, 'editProfile');
  const u = await me(ctx);
  await updateUser(ctx.db, u.id, { nickname: d.nickName, phone: d.phone });
  await ctx.audit({
    targetType: 'user',
    targetId: u.id,
    before: { nickname: u.nickname, phone: u.phone },
    after: { nickname: d.nickName, phone: d.phone },
  });
  return presentInfo(actor, { ...u, nickname: d.nickName, phone: d.phone });
}

/**
 * 7014 for a wrong old password, counted like a login failure (auth/login-attempts: atomic, locks
 * after LOGIN_MAX_FAILURES); the new one takes effect at once and every other session ends. Runs
 * without the router's transaction so that a failure stays counted; the change is one transaction.
 */
export async function changePassword(ctx: CallContext, d: CallData<typeof userCalls.changePassword> & { password: string }) {
  const actor = requireActor(ctx);
  authorize(ownAccountPolicy, actor, null, 'changePassword');
  const u = await me(ctx);
  await attemptPassword(
    ctx.db,
    { user: u, account: u.email, password: d.oldPassword, ip: ctx.ip, now: ctx.clock.now() },
    () => new AppError(ErrorCodes.oldPasswordWrong),
  );
  const now = new Date(ctx.clock.now());
  const passwordHash = await hashPassword(d.password);
  await ctx.database.db.transaction(async (tx) => {
    await setOwnPassword(tx, u.id, actor.sessionId, passwordHash, now);
  });
  await ctx.audit({ targetType: 'user', targetId: u.id });
  return {};
}

/** Why the signed-in user may not delete their account: the only owner of a company that others depend on. */
export async function unregisterBlockers(ctx: CallContext) {
  const u = await me(ctx);
  const blockers: ('onlyOwnerWithUsers' | 'onlyOwnerWithCompanies')[] = [];
  if (u.userAuthType === 1) {
    const dep = await companyDependents(ctx.db, u.companyId, u.companyPath, u.id);
    if (dep.owners === 0 && dep.others > 0) blockers.push('onlyOwnerWithUsers');
    if (dep.owners === 0 && dep.children > 0) blockers.push('onlyOwnerWithCompanies');
  }
  return { allowed: blockers.length === 0, blockers };
}

/** Deleting one's own account: the password is counted like a login attempt (7031 when wrong). */
export async function unregister(ctx: CallContext, password: string) {
  authorize(ownAccountPolicy, requireActor(ctx), null, 'unregister');
  const first = await me(ctx);
  await attemptPassword(
    ctx.db,
    { user: first, account: first.email, password, ip: ctx.ip, now: ctx.clock.now() },
    () => new AppError(ErrorCodes.passwordWrong),
  );
  const check = await unregisterBlockers(ctx);
  if (!check.allowed) throw new AppError(ErrorCodes.unregisterRefused);
  const now = ctx.clock.now();
  const u = await me(ctx);
  await ctx.database.db.transaction(async (tx) => {
    await applyState(tx, u, 'deleted', now);
    await endUserSessions(tx, u.id, 'unregistered', new Date(now));
  });
  invalidateUserTotals(ctx.services.totals, u.companyPath);
  await ctx.audit({
    targetType: 'user',
    targetId: u.id,
    companyId: u.companyId,
    companyPath: u.companyPath,
    before: { status: u.status, email: u.email },
    after: { status: 'deleted' },
  });
  return {};
}

export async function listConfigs(ctx: CallContext, keys?: string[]) {
  const userId = requireActor(ctx).userId;
  const rows = await listOwnConfigs(ctx.db, userId, keys);
  return { records: rows.map((r) => ({ key: r.key, value: r.value, updatedAt: r.updatedAt.toISOString() })) };
}

export async function putConfig(ctx: CallContext, key: string, value: unknown) {
  const userId = requireActor(ctx).userId;
  const now = new Date(ctx.clock.now());
  const n = await countOwnConfigsExcept(ctx.db, userId, key);
  if (n >= USER_CONFIGS_MAX_PER_USER)
    throw new AppError(ErrorCodes.invalidParams, { detail: `at most ${USER_CONFIGS_MAX_PER_USER} saved settings` });
  await upsertOwnConfig(ctx.db, userId, key, value, now);
  await ctx.audit({ targetType: 'userConfig', targetId: key });
  return {};
}

export async function deleteConfig(ctx: CallContext, key: string) {
  const userId = requireActor(ctx).userId;
  await deleteOwnConfig(ctx.db, userId, key);
  await ctx.audit({ targetType: 'userConfig', targetId: key });
  return {};
}
