/**
 * Remote access (DOMAIN §2): a superior opens a downstream account only while that account has
 * "allow superior access" on, through a one-time link that expires; the session it opens acts as the
 * account's owner on behalf of the superior (the call router logs both) and ends after
 * REMOTE_SESSION_MINUTES or as soon as the account turns the switch off.
 */
import { ErrorCodes, REMOTE_LINK_TTL_MINUTES, REMOTE_SESSION_MINUTES, type Locale } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { randomToken, safeEqualHex, sha256Hex } from '../../lib/secrets';
import { issueSession } from '../auth';
import { authorize } from '../../lib/policy';
import { companyPolicy, corpInfoPolicy } from './company.policy';
import { insertGrant, setOwnRemoteConsent, unsafeGrantSuperior, unsafeLockGrant, unsafeMarkGrantUsed } from './remote-access.repository';
import { companyAdministrators, companyOwner, companySubject, findDownstreamCompany, unsafeFindCompany } from './company-admin.repository';

export async function setRemoteAccess(ctx: CallContext, allow: boolean) {
  // Consent is the account's own: a remote session is refused (by the router first: remoteForbidden).
  const actor = requireActor(ctx);
  authorize(corpInfoPolicy, actor, null, 'setRemoteAccess');
  const now = new Date(ctx.clock.now());
  const out = await ctx.db.transaction(async (tx) => {
    // Ending = expiring the remote access now: the next call of that session answers 9104.
    const { before, endedSessions } = await setOwnRemoteConsent(tx, actor, allow, now);
    return { changed: before !== allow, endedSessions };
  });
  await ctx.audit({
    targetType: 'company',
    targetId: actor.companyId,
    after: { allowSuperiorAccess: allow, endedSessions: out.endedSessions },
  });
  if (out.changed) {
    for (const admin of await companyAdministrators(ctx.db, actor.companyId)) {
      await ctx.sendMail(admin.email, 'remoteAccessChanged', admin.locale as Locale, {
        state: allow ? 'enabled' : 'disabled',
        accountName: actor.companyName,
        changedBy: `${actor.nickname} <${actor.email}>`,
      });
    }
  }
  return { allowSuperiorAccess: allow, endedSessions: out.endedSessions };
}

export async function createRemoteAccessLink(ctx: CallContext, companyId: number) {
  const actor = requireActor(ctx);
  const company = await findDownstreamCompany(ctx.db, actor, companyId);
  if (!company) throw new AppError(ErrorCodes.notFound);
  // The account allows superior access (7042), is active and has its owner account (1004).
  authorize(companyPolicy, actor, await companySubject(ctx.db, company), 'remoteAccess');
  const now = ctx.clock.now();
  const token = randomToken();
  const expiresAt = now + REMOTE_LINK_TTL_MINUTES * 60_000;
  const grantId = await insertGrant(ctx.db, {
    companyId: company.id,
    superiorUserId: actor.userId,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(expiresAt),
    createdAt: new Date(now),
  });
  await ctx.audit({
    targetType: 'company',
    targetId: company.id,
    companyId: company.id,
    companyPath: company.path,
    after: { grantId, expiresAt: new Date(expiresAt).toISOString() },
  });
  return {
    grantId,
    path: `/remote-access-login/${grantId}/${token}/${company.id}`,
    expiresAt,
    sessionMinutes: REMOTE_SESSION_MINUTES,
  };
}

/** The link's one-time exchange for a session in the owner's account, acting as the superior. */
export async function exchangeRemoteAccess(ctx: CallContext, d: { grantId: number; token: string; coId: number }) {
  const now = ctx.clock.now();
  const grant = await unsafeLockGrant(ctx.db, d.grantId);
  const valid = grant && grant.companyId === d.coId && safeEqualHex(grant.tokenHash, sha256Hex(d.token));
  if (!valid || grant.usedAt || grant.revokedAt || grant.expiresAt.getTime() <= now) throw new AppError(ErrorCodes.linkInvalid);
  const company = await unsafeFindCompany(ctx.db, d.coId);
  if (!company) throw new AppError(ErrorCodes.linkInvalid);
  if (!company.allowSuperiorAccess) throw new AppError(ErrorCodes.remoteAccessNotAllowed);
  if (company.status !== 'active') throw new AppError(ErrorCodes.accountDisabled);
  // The superior must still be a working user of an ancestor company with the right to manage accounts.
  const superior = await unsafeGrantSuperior(ctx.db, grant.superiorUserId);
  if (
    !superior ||
    superior.user.status !== 'normal' ||
    !company.path.startsWith(superior.path) ||
    company.path === superior.path ||
    !superior.user.authResList.includes('dealer_account_mgr')
  ) {
    throw new AppError(ErrorCodes.linkInvalid);
  }
  const owner = await companyOwner(ctx.db, company.id);
  if (!owner) throw new AppError(ErrorCodes.linkInvalid);
  if (owner.status === 'operation_locked') throw new AppError(ErrorCodes.accountDisabled);
  const remoteExpiresAt = new Date(now + REMOTE_SESSION_MINUTES * 60_000);
  await unsafeMarkGrantUsed(ctx.db, grant.id, new Date(now), remoteExpiresAt);
  const areaId = company.areaId && owner.areaIds.includes(company.areaId) ? company.areaId : (owner.areaIds[0] ?? null);
  const tokens = await issueSession(ctx.db, owner.id, {
    now,
    ttlMs: ctx.services.config.accessTokenTtlMs,
    signSecret: ctx.services.config.linkSecret,
    locale: ctx.locale,
    ip: ctx.ip,
    areaId,
    actingUserId: superior.user.id,
    remoteGrantId: grant.id,
    remoteExpiresAt,
  });
  await ctx.audit({
    targetType: 'company',
    targetId: company.id,
    companyId: company.id,
    companyPath: company.path,
    after: {
      grantId: grant.id,
      superiorUserId: superior.user.id,
      superior: superior.user.nickname,
      ownerUserId: owner.id,
      until: remoteExpiresAt.toISOString(),
    },
  });
  return tokens;
}
