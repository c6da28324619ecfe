import {
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_MS,
  ErrorCodes,
  IDLE_TIMEOUT_MS,
  IMAGE_CODE_TTL_MS,
  RENEWAL_GRACE_MS,
  type Locale,
  type SessionTokens,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import type { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CallContext } from '../../lib/context';
import { hashPassword, issueSessionTokens, randomDigits, randomToken, safeEqualHex, sha256Hex } from '../../lib/secrets';
import { createCaptcha } from './captcha';
import { attemptPassword } from './login-attempts';
import { writeOperationLog } from '../../lib/audit';
import { authorize } from '../../lib/policy';
import { ownAccountPolicy } from './own-account.policy';
import { presentSessionUser } from './session.presenter';
import {
  brandingsOf,
  endSession,
  endUserSessions,
  findArea,
  rememberUserLocale,
  insertSession,
  rotateSessionTokens,
  setSessionArea,
  unsafeFindSessionByRenewHash,
} from './session.repository';
import {
  insertOneTimeToken,
  insertVerificationCode,
  unsafeCheckEmailCode,
  unsafeConsumeImageCode,
  unsafeEmailCodeWasUsed,
  unsafeLastEmailCodeAt,
  unsafeUseOneTimeToken,
} from './codes.repository';
import {
  insertSelfRegistration,
  ownCredentials,
  setOwnEmail,
  unsafeBrandForDomain,
  unsafeBrandingOf,
  unsafeCompanyPath,
  unsafeFindLoginByEmail,
  unsafeFindLoginById,
  unsafeResetPassword,
  unsafeUserWithEmail,
} from './auth.repository';
import { registrationBlock } from './registration-block';

const MAX_CODE_ATTEMPTS = 5;
/** A one-time SSO URL token is good for this long. */
export const SSO_TOKEN_TTL_MS = 60_000;

type AnyDb = Db | Tx;
/** An e-mailed or graphic code's answer as stored: trimmed, upper case, hashed. */
const codeAnswerHash = (answer: string) => sha256Hex(answer.trim().toUpperCase());

/** A new session (token, renewal token, signing key); remote access passes the acting superior and the end of access. */
export async function issueSession(
  db: AnyDb,
  userId: number,
  opts: {
    now: number;
    ttlMs: number;
    /** The server secret signing keys are derived under (config linkSecret). */
    signSecret: string;
    locale: Locale;
    ip: string;
    areaId: number | null;
    actingUserId?: number;
    remoteGrantId?: number;
    remoteExpiresAt?: Date;
  },
): Promise<SessionTokens> {
  const { client, stored } = issueSessionTokens(opts.now, opts.ttlMs, opts.signSecret);
  const sessionId = await insertSession(db, {
    userId,
    ...stored,
    currentAreaId: opts.areaId,
    locale: opts.locale,
    createdAt: new Date(opts.now),
    ip: opts.ip,
    actingUserId: opts.actingUserId ?? null,
    remoteGrantId: opts.remoteGrantId ?? null,
    remoteExpiresAt: opts.remoteExpiresAt ?? null,
  });
  return { ...client, user: await presentSessionUser(db, sessionId) };
}

/** The area a new session starts in: the company's own area if the user may work there, else the first allowed. */
function startingArea(user: typeof users.$inferSelect, companyAreaId: number | null): number | null {
  // A user without areas works in none (issue 11 §1.12).
  if (companyAreaId && user.areaIds.includes(companyAreaId)) return companyAreaId;
  return user.areaIds[0] ?? null;
}

/**
 * Account and password, with the lockout of SPEC §8 (login-attempts.ts): each failure tells the
 * attempts left, the last one locks the account for a while; an unknown account answers the same,
 * in the same time. The counters are written outside any transaction (the caller runs without one)
 * so that a refusal still counts. Answers the user and its company.
 */
export async function checkCredentials(ctx: CallContext, data: { account: string; password: string }) {
  const email = data.account.trim().toLowerCase();
  const row = await unsafeFindLoginByEmail(ctx.db, email);
  const known = row && row.user.status !== 'deleted' ? row : null;
  await attemptPassword(ctx.db, { user: known?.user ?? null, account: email, password: data.password, ip: ctx.ip, now: ctx.clock.now() });
  const found = known!;
  found.user.failedLogins = 0;
  if (found.user.status === 'auto_locked') found.user.status = 'normal';
  return found;
}

/** A refused sign-in's row (failed password, or a locked account or address), committed on its own. */
async function logSignInRefusal(ctx: CallContext, account: string, err: unknown) {
  if (!(err instanceof AppError)) return;
  const code = err.code;
  if (code !== ErrorCodes.wrongCredentials && code !== ErrorCodes.accountLocked && code !== ErrorCodes.addressLocked) return;
  const email = account.trim().toLowerCase();
  const known = await unsafeFindLoginByEmail(ctx.database.db, email);
  await writeOperationLog(
    ctx.database.db,
    null,
    {
      action: code === ErrorCodes.wrongCredentials ? 'auth/login-failed' : 'auth/lockout',
      result: 'refused',
      actorUserId: known?.user.id,
      actorName: known?.user.nickname ?? email,
      actorCompanyPath: known?.companyPath,
      companyId: known?.user.companyId,
      companyPath: known?.companyPath,
      targetType: 'user',
      targetId: known?.user.id,
      after: { refused: code },
    },
    { requestId: ctx.requestId, ip: ctx.ip, at: new Date(ctx.clock.now()) },
  );
}

export async function login(ctx: CallContext, data: { account: string; password: string; locale?: Locale }) {
  const now = ctx.clock.now();
  const row = await checkCredentials(ctx, data).catch(async (err: unknown) => {
    await logSignInRefusal(ctx, data.account, err);
    throw err;
  });
  const user = row.user;
  if (user.status === 'operation_locked' || row.companyStatus === 'frozen') throw new AppError(ErrorCodes.accountDisabled);
  // A registration waiting for (or refused) approval: say so instead of opening the account.
  if (row.companyStatus === 'inactive') {
    const blocked = await registrationBlock(ctx.db, user.companyId);
    if (blocked) throw blocked;
  }
  const locale = data.locale ?? ctx.locale;
  const tokens = await issueSession(ctx.db, user.id, {
    now,
    ttlMs: ctx.services.config.accessTokenTtlMs,
    signSecret: ctx.services.config.linkSecret,
    locale,
    ip: ctx.ip,
    areaId: startingArea(user, row.companyAreaId),
  });
  // The language chosen on the login form is the user's preferred one from now on (their mails and messages).
  if (data.locale) await rememberUserLocale(ctx.db, user.id, data.locale);
  ctx.log.info({ userId: user.id }, 'login');
  await ctx.audit({
    action: 'auth/login',
    actorUserId: user.id,
    actorName: user.nickname,
    actorCompanyPath: row.companyPath,
    companyId: user.companyId,
    companyPath: row.companyPath,
    targetType: 'user',
    targetId: user.id,
  });
  return tokens;
}

/**
 * A new token, renewal token and signing key for the session of `renewToken`. The renewal token is
 * single use, except that the previous one (replaced less than RENEWAL_GRACE_MS ago, the new token
 * not used since) renews again: its client lost the last renewal's answer (session.repository.ts
 * rotateSessionTokens).
 */
export async function renew(ctx: CallContext, renewToken: string): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const renewHash = sha256Hex(renewToken);
  const graceFrom = new Date(now - RENEWAL_GRACE_MS);
  const s = await unsafeFindSessionByRenewHash(ctx.db, renewHash, graceFrom);
  if (!s || s.endedAt || now - s.lastActiveAt.getTime() > IDLE_TIMEOUT_MS) throw new AppError(ErrorCodes.renewFailed);
  const { client, stored } = issueSessionTokens(now, ctx.services.config.accessTokenTtlMs, ctx.services.config.linkSecret);
  // The update only matches the hash just presented, as the current or the graced previous one.
  const rotated = await rotateSessionTokens(ctx.db, s.id, renewHash, { ...stored, lastActiveAt: new Date(now) }, graceFrom);
  if (!rotated) throw new AppError(ErrorCodes.renewFailed);
  if (s.renewTokenHash !== renewHash)
    ctx.log.info({ sessionId: s.id }, 'renewal with the previous renewal token (the last answer was lost)');
  return { ...client, user: await presentSessionUser(ctx.db, s.id) };
}

export async function logout(ctx: CallContext): Promise<{ redirect: string }> {
  const actor = ctx.actor!;
  const now = new Date(ctx.clock.now());
  await endSession(ctx.db, actor.sessionId, 'logout', now);
  await ctx.audit({ action: 'auth/logout', targetType: 'user', targetId: actor.userId });
  // Back to the brand's unified-domain login, else the regional host's login, else this host's.
  const brandIds = actor.companyPath.split('/').filter(Boolean).map(Number);
  const brandings = await brandingsOf(ctx.db, brandIds);
  const nearest = brandIds
    .slice()
    .reverse()
    .map((id) => brandings.find((b) => b.companyId === id && b.unifiedDomain))
    .find(Boolean);
  if (nearest?.unifiedDomain) return { redirect: `https://${nearest.unifiedDomain}/login` };
  if (actor.currentAreaId) {
    const a = await findArea(ctx.db, actor.currentAreaId);
    if (a?.host) return { redirect: `https://${a.host}/login` };
  }
  return { redirect: '/login' };
}

/** Who asked for a graphic code: its answer is accepted only from the same source address. */
const requesterOf = (ctx: Pick<CallContext, 'ip'>) => `ip:${sha256Hex(ctx.ip)}`;

/** A graphic code (paths, no text in the SVG), good once, for IMAGE_CODE_TTL_MS, for its requester only. */
export async function createImageCode(ctx: CallContext) {
  const { text, svg } = createCaptcha();
  const codeId = randomToken(16);
  await insertVerificationCode(ctx.db, {
    id: codeId,
    kind: 'image',
    purpose: 'image',
    target: requesterOf(ctx),
    codeHash: sha256Hex(text.toUpperCase()),
    expiresAt: new Date(ctx.clock.now() + IMAGE_CODE_TTL_MS),
    createdAt: new Date(ctx.clock.now()),
  });
  return { codeId, svg };
}

/** Use a graphic code: any answer, right or wrong, uses it up (one atomic update). */
async function consumeImageCode(ctx: CallContext, codeId: string, answer: string, now: number): Promise<boolean> {
  const codeHash = await unsafeConsumeImageCode(ctx.db, codeId, requesterOf(ctx), new Date(now));
  return !!codeHash && safeEqualHex(codeHash, sha256Hex(answer.trim().toUpperCase()));
}

/**
 * Check the latest open e-mailed code of a purpose and address in one atomic update: every answer
 * counts an attempt (MAX_CODE_ATTEMPTS burn the code), a right one uses it up unless `peek`.
 */
export async function checkEmailCode(
  db: AnyDb,
  where: { purpose: string; target: string },
  answer: string,
  now: number,
  opts: { peek?: boolean } = {},
) {
  return unsafeCheckEmailCode(db, where, codeAnswerHash(answer), new Date(now), { peek: opts.peek, maxAttempts: MAX_CODE_ATTEMPTS });
}

/**
 * The e-mailed code must be right (it is used up); otherwise 7012, or 7052 "already done" when this
 * very code was already used: the loser of a double submit learns that its first submit went through.
 */
export async function useEmailCode(db: AnyDb, where: { purpose: string; target: string }, answer: string, now: number) {
  if (await checkEmailCode(db, where, answer, now)) return;
  const used = await unsafeEmailCodeWasUsed(db, where, codeAnswerHash(answer), new Date(now));
  throw new AppError(used ? ErrorCodes.alreadyDone : ErrorCodes.verifyCodeWrong);
}

/**
 * E-mail a code. The answer and the work are the same whether an account uses the address or not
 * (no enumeration): "already exists" / "no account" are told only to who proves the address with
 * the code (self-register, email-bind, password-find, user-exist).
 */
export async function sendEmailCode(
  ctx: CallContext,
  data: { email: string; purpose: 'register' | 'findPassword' | 'bindEmail'; imageCodeId: string; imageCode: string },
) {
  const now = ctx.clock.now();
  if (!(await consumeImageCode(ctx, data.imageCodeId, data.imageCode, now))) throw new AppError(ErrorCodes.imageCodeWrong);
  return issueEmailCode(ctx, { purpose: data.purpose, target: data.email, to: data.email });
}

/**
 * Write a new e-mailed code for a purpose and target and mail it to `to` (in the call's
 * transaction, through the outbox), unless one went to the same target less than
 * EMAIL_CODE_RESEND_SECONDS ago (codeResendWait, with the seconds to wait). The target is the address, or a
 * scoped form of it (the app-api module's `eu:<brand>:<email>`) checked with the same functions.
 */
export async function issueEmailCode(
  ctx: CallContext,
  where: { purpose: 'register' | 'findPassword' | 'bindEmail'; target: string; to: string },
) {
  const now = ctx.clock.now();
  const data = { purpose: where.purpose, email: where.target };
  const last = await unsafeLastEmailCodeAt(ctx.db, data.purpose, data.email);
  if (last) {
    const waited = (now - last.getTime()) / 1000;
    if (waited < EMAIL_CODE_RESEND_SECONDS)
      throw new AppError(ErrorCodes.codeResendWait, { seconds: Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited) });
  }
  const code = randomDigits(6);
  await insertVerificationCode(ctx.db, {
    id: randomToken(16),
    kind: 'email',
    purpose: data.purpose,
    target: data.email,
    codeHash: sha256Hex(code),
    expiresAt: new Date(now + EMAIL_CODE_TTL_MS),
    createdAt: new Date(now),
  });
  await ctx.sendMail(where.to, 'emailCode', ctx.locale, { code, purpose: data.purpose, minutes: EMAIL_CODE_TTL_MS / 60_000 });
  return { resendAfterSeconds: EMAIL_CODE_RESEND_SECONDS };
}

/**
 * Whether an account uses the address: told only to who proves the address with an open e-mailed
 * code for it (any purpose; the code is not used up, a wrong one counts an attempt). Without a code
 * the answer is null, whether an account exists or not; a wrong code answers 7012.
 */
export async function userExists(ctx: CallContext, data: { email: string; emailCode?: string }) {
  if (data.emailCode === undefined) return { exists: null };
  let proved = false;
  for (const purpose of ['register', 'bindEmail', 'findPassword'] as const) {
    if (await checkEmailCode(ctx.db, { purpose, target: data.email }, data.emailCode, ctx.clock.now(), { peek: true })) {
      proved = true;
      break;
    }
  }
  if (!proved) throw new AppError(ErrorCodes.verifyCodeWrong);
  return { exists: !!(await unsafeUserWithEmail(ctx.db, data.email)) };
}

export async function selfRegister(
  ctx: CallContext,
  data: { email: string; emailCode: string; password: string; companyName: string; nickName: string; domain?: string },
) {
  const now = ctx.clock.now();
  await useEmailCode(ctx.db, { purpose: 'register', target: data.email }, data.emailCode, now);
  if (await unsafeUserWithEmail(ctx.db, data.email)) throw new AppError(ErrorCodes.emailExists);
  const passwordHash = await hashPassword(data.password);
  const { userId, companyId, path, approverName } = await ctx.db.transaction(async (tx) => {
    const brand = await unsafeBrandForDomain(tx, data.domain ?? '');
    if (!brand) throw new AppError(ErrorCodes.notFound);
    const created = await insertSelfRegistration(tx, brand, {
      email: data.email,
      companyName: data.companyName,
      nickName: data.nickName,
      passwordHash,
      locale: ctx.locale,
      at: new Date(now),
    });
    return { ...created, approverName: brand.name };
  });
  await ctx.audit({
    action: 'auth/self-register',
    targetType: 'user',
    targetId: userId,
    companyId,
    companyPath: path,
    after: { email: data.email, companyName: data.companyName, audit: 'pending' },
  });
  return { userId, status: 'pending' as const, approverName };
}

export async function findPassword(ctx: CallContext, data: { email: string; emailCode: string; password: string }) {
  const now = ctx.clock.now();
  await useEmailCode(ctx.db, { purpose: 'findPassword', target: data.email }, data.emailCode, now);
  const user = await unsafeUserWithEmail(ctx.db, data.email);
  if (!user || user.status === 'deleted') throw new AppError(ErrorCodes.accountNotFound);
  // Hashed before the short transaction opens (no connection held while argon2 runs).
  const passwordHash = await hashPassword(data.password);
  await ctx.db.transaction(async (tx) => {
    await unsafeResetPassword(tx, user, passwordHash);
    await endUserSessions(tx, user.id, 'password-reset', new Date(now));
  });
  const companyPath = await unsafeCompanyPath(ctx.db, user.companyId);
  await ctx.audit({
    action: 'auth/password-find',
    targetType: 'user',
    targetId: user.id,
    companyId: user.companyId,
    companyPath,
  });
  return {};
}

/** check-pwd: a wrong password answers `valid: false` and is counted like a login failure (locks after 5). */
export async function checkPassword(ctx: CallContext, password: string) {
  const u = await ownCredentials(ctx.db, ctx.actor!.userId);
  if (!u) return { valid: false };
  try {
    await attemptPassword(ctx.db, { user: u, account: u.email, password, ip: ctx.ip, now: ctx.clock.now() });
    return { valid: true };
  } catch (e) {
    if (e instanceof AppError && e.code === ErrorCodes.wrongCredentials) return { valid: false };
    throw e;
  }
}

export async function bindEmail(ctx: CallContext, data: { email: string; emailCode: string }) {
  const actor = ctx.actor!;
  authorize(ownAccountPolicy, actor, null, 'bindEmail');
  await useEmailCode(ctx.db, { purpose: 'bindEmail', target: data.email }, data.emailCode, ctx.clock.now());
  if (await unsafeUserWithEmail(ctx.db, data.email)) throw new AppError(ErrorCodes.emailExists);
  await setOwnEmail(ctx.db, actor.userId, data.email);
  await ctx.audit({ targetType: 'user', targetId: actor.userId, before: { email: actor.email }, after: { email: data.email } });
  return {};
}

export async function customerWebsite(ctx: CallContext, domain: string) {
  const brand = await unsafeBrandForDomain(ctx.db, domain);
  const b = brand ? await unsafeBrandingOf(ctx.db, brand.id) : null;
  return {
    companyName: brand?.name ?? '',
    icon: b?.icon ?? null,
    bgImg: b?.bgImg ?? null,
    favicon: b?.favicon ?? null,
    unifiedDomain: b?.unifiedDomain ?? null,
    extra: { title: b?.title || brand?.name || '', logoLcrs: b?.logoLcrs ?? null, logoTbsl: b?.logoTbsl ?? null },
  };
}

export async function switchArea(ctx: CallContext, areaId: number) {
  const actor = ctx.actor!;
  const a = await findArea(ctx.db, areaId);
  if (!a || !actor.areaIds.includes(areaId)) throw new AppError(ErrorCodes.areaForbidden);
  await setSessionArea(ctx.db, actor.sessionId, areaId);
  return presentSessionUser(ctx.db, actor.sessionId, ctx.locale);
}

export async function createSsoToken(ctx: CallContext) {
  const actor = ctx.actor!;
  const token = randomToken();
  const expiresAt = ctx.clock.now() + SSO_TOKEN_TTL_MS;
  await insertOneTimeToken(ctx.db, {
    tokenHash: sha256Hex(token),
    purpose: 'sso',
    userId: actor.userId,
    payload: { areaId: actor.currentAreaId },
    expiresAt: new Date(expiresAt),
  });
  return { token, expiresAt };
}

export async function exchangeSsoToken(ctx: CallContext, token: string) {
  const now = ctx.clock.now();
  const t = await unsafeUseOneTimeToken(ctx.db, sha256Hex(token), 'sso', new Date(now));
  if (!t?.userId) throw new AppError(ErrorCodes.linkInvalid);
  const row = await unsafeFindLoginById(ctx.db, t.userId);
  if (!row || row.user.status === 'deleted') throw new AppError(ErrorCodes.accountDeleted);
  if (row.user.status !== 'normal' || row.companyStatus === 'frozen') throw new AppError(ErrorCodes.accountDisabled);
  const areaId = (t.payload as { areaId?: number } | null)?.areaId ?? startingArea(row.user, row.companyAreaId);
  return issueSession(ctx.db, row.user.id, {
    now,
    ttlMs: ctx.services.config.accessTokenTtlMs,
    signSecret: ctx.services.config.linkSecret,
    locale: ctx.locale,
    ip: ctx.ip,
    areaId,
  });
}
