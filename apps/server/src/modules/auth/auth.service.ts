import { effectiveCompanyStatus } from '../../lib/tenancy';
import {
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TTL_MS,
  ErrorCodes,
  IDLE_TIMEOUT_MS,
  IMAGE_CODE_TTL_MS,
  type Locale,
  type SessionTokens,
} from '@portal/contract';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  areas,
  companies,
  companyBranding,
  companyDomains,
  oneTimeTokens,
  registrationAudits,
  sessions,
  users,
  verificationCodes,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CallContext } from '../../lib/context';
import { hashPassword, randomDigits, randomToken, safeEqualHex, sha256Hex } from '../../lib/secrets';
import { createCaptcha } from './captcha';
import { attemptPassword } from './login-attempts';
import { presentSessionUser } from './session.presenter';
import { endUserSessions, rememberUserLocale } from './session.repository';
import { registrationBlock } from './registration-block';

const MAX_CODE_ATTEMPTS = 5;
/** A one-time SSO URL token is good for this long. */
export const SSO_TOKEN_TTL_MS = 60_000;

type AnyDb = Db | Tx;

/** A new session (token, renewal token, signing key); remote access passes the acting superior and the end of access. */
export async function issueSession(
  db: AnyDb,
  userId: number,
  opts: {
    now: number;
    ttlMs: number;
    locale: Locale;
    ip: string;
    areaId: number | null;
    actingUserId?: number;
    remoteGrantId?: number;
    remoteExpiresAt?: Date;
  },
): Promise<SessionTokens> {
  const token = randomToken();
  const renewToken = randomToken();
  const signKey = randomToken();
  const tokenExpiresAt = opts.now + opts.ttlMs;
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256Hex(token),
      renewTokenHash: sha256Hex(renewToken),
      signKey,
      currentAreaId: opts.areaId,
      locale: opts.locale,
      tokenExpiresAt: new Date(tokenExpiresAt),
      lastActiveAt: new Date(opts.now),
      createdAt: new Date(opts.now),
      ip: opts.ip,
      actingUserId: opts.actingUserId ?? null,
      remoteGrantId: opts.remoteGrantId ?? null,
      remoteExpiresAt: opts.remoteExpiresAt ?? null,
    })
    .returning({ id: sessions.id });
  return { token, signKey, renewToken, tokenExpiresAt, user: await presentSessionUser(db, row.id) };
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
  const [row] = await ctx.db
    .select({ user: users, companyStatus: effectiveCompanyStatus(companies.status, companies.path), companyAreaId: companies.areaId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email));
  const known = row && row.user.status !== 'deleted' ? row : null;
  await attemptPassword(ctx.db, { user: known?.user ?? null, account: email, password: data.password, ip: ctx.ip, now: ctx.clock.now() });
  const found = known!;
  found.user.failedLogins = 0;
  if (found.user.status === 'auto_locked') found.user.status = 'normal';
  return found;
}

export async function login(ctx: CallContext, data: { account: string; password: string; locale?: Locale }) {
  const now = ctx.clock.now();
  const row = await checkCredentials(ctx, data);
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
    locale,
    ip: ctx.ip,
    areaId: startingArea(user, row.companyAreaId),
  });
  // The language chosen on the login form is the user's preferred one from now on (their mails and messages).
  if (data.locale) await rememberUserLocale(ctx.db, user.id, data.locale);
  ctx.log.info({ userId: user.id }, 'login');
  return tokens;
}

export async function renew(ctx: CallContext, renewToken: string): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const [s] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.renewTokenHash, sha256Hex(renewToken)));
  if (!s || s.endedAt || now - s.lastActiveAt.getTime() > IDLE_TIMEOUT_MS) throw new AppError(ErrorCodes.renewFailed);
  const token = randomToken();
  const nextRenew = randomToken();
  const signKey = randomToken();
  const tokenExpiresAt = now + ctx.services.config.accessTokenTtlMs;
  // The renewal token is single use: the update only matches the hash just presented.
  const updated = await ctx.db
    .update(sessions)
    .set({
      tokenHash: sha256Hex(token),
      renewTokenHash: sha256Hex(nextRenew),
      signKey,
      tokenExpiresAt: new Date(tokenExpiresAt),
      lastActiveAt: new Date(now),
    })
    .where(and(eq(sessions.id, s.id), eq(sessions.renewTokenHash, sha256Hex(renewToken))))
    .returning({ id: sessions.id });
  if (!updated.length) throw new AppError(ErrorCodes.renewFailed);
  return { token, signKey, renewToken: nextRenew, tokenExpiresAt, user: await presentSessionUser(ctx.db, s.id) };
}

export async function logout(ctx: CallContext): Promise<{ redirect: string }> {
  const actor = ctx.actor!;
  const now = new Date(ctx.clock.now());
  await ctx.db.update(sessions).set({ endedAt: now, endReason: 'logout' }).where(eq(sessions.id, actor.sessionId));
  // Back to the brand's unified-domain login, else the regional host's login, else this host's.
  const brandIds = actor.companyPath.split('/').filter(Boolean).map(Number);
  const brandings = brandIds.length
    ? await ctx.db
        .select()
        .from(companyBranding)
        .where(sql`${companyBranding.companyId} in ${brandIds}`)
    : [];
  const nearest = brandIds
    .slice()
    .reverse()
    .map((id) => brandings.find((b) => b.companyId === id && b.unifiedDomain))
    .find(Boolean);
  if (nearest?.unifiedDomain) return { redirect: `https://${nearest.unifiedDomain}/login` };
  if (actor.currentAreaId) {
    const [a] = await ctx.db.select().from(areas).where(eq(areas.id, actor.currentAreaId));
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
  await ctx.db.insert(verificationCodes).values({
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
  const [code] = await ctx.db
    .update(verificationCodes)
    .set({ consumedAt: new Date(now), attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        eq(verificationCodes.kind, 'image'),
        eq(verificationCodes.target, requesterOf(ctx)),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date(now)),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash });
  return !!code && safeEqualHex(code.codeHash, sha256Hex(answer.trim().toUpperCase()));
}

/**
 * Check the latest open e-mailed code of a purpose and address in one atomic update: every answer
 * counts an attempt (MAX_CODE_ATTEMPTS burn the code), a right one uses it up unless `peek`.
 */
async function checkEmailCode(
  db: AnyDb,
  where: { purpose: string; target: string },
  answer: string,
  now: number,
  opts: { peek?: boolean } = {},
) {
  const at = new Date(now);
  const answerHash = sha256Hex(answer.trim().toUpperCase());
  const latest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.kind, 'email'),
        eq(verificationCodes.purpose, where.purpose),
        eq(verificationCodes.target, where.target),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, at),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const right = sql`${verificationCodes.codeHash} = ${answerHash}`;
  const [code] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: opts.peek ? undefined : sql`case when ${right} then ${at.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(inArray(verificationCodes.id, latest), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)),
    )
    .returning({ right: sql<boolean>`${right}` });
  return !!code?.right;
}

/**
 * The e-mailed code must be right (it is used up); otherwise 7012, or 7052 "already done" when this
 * very code was already used: the loser of a double submit learns that its first submit went through.
 */
async function useEmailCode(db: AnyDb, where: { purpose: string; target: string }, answer: string, now: number) {
  if (await checkEmailCode(db, where, answer, now)) return;
  const [used] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.kind, 'email'),
        eq(verificationCodes.purpose, where.purpose),
        eq(verificationCodes.target, where.target),
        eq(verificationCodes.codeHash, sha256Hex(answer.trim().toUpperCase())),
        gt(verificationCodes.expiresAt, new Date(now)),
        sql`${verificationCodes.consumedAt} is not null`,
      ),
    )
    .limit(1);
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
  const [last] = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.kind, 'email'), eq(verificationCodes.purpose, data.purpose), eq(verificationCodes.target, data.email)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (last) {
    const waited = (now - last.createdAt.getTime()) / 1000;
    if (waited < EMAIL_CODE_RESEND_SECONDS)
      throw new AppError(ErrorCodes.codeResendWait, { seconds: Math.ceil(EMAIL_CODE_RESEND_SECONDS - waited) });
  }
  const code = randomDigits(6);
  await ctx.db.insert(verificationCodes).values({
    id: randomToken(16),
    kind: 'email',
    purpose: data.purpose,
    target: data.email,
    codeHash: sha256Hex(code),
    expiresAt: new Date(now + EMAIL_CODE_TTL_MS),
    createdAt: new Date(now),
  });
  await ctx.sendMail(data.email, 'emailCode', ctx.locale, { code, purpose: data.purpose, minutes: EMAIL_CODE_TTL_MS / 60_000 });
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
  const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, data.email));
  return { exists: !!u };
}

/** The brand company serving a domain, or the supplier (root) when the domain is not a brand's. */
async function brandForDomain(db: AnyDb, domain: string) {
  const host = domain.trim().toLowerCase().replace(/:\d+$/, '');
  const [d] = host ? await db.select().from(companyDomains).where(eq(companyDomains.domain, host)) : [];
  if (d) {
    const [c] = await db.select().from(companies).where(eq(companies.id, d.companyId));
    if (c) return c;
  }
  const [root] = await db.select().from(companies).where(isNull(companies.parentId)).orderBy(companies.id).limit(1);
  return root ?? null;
}

export async function selfRegister(
  ctx: CallContext,
  data: { email: string; emailCode: string; password: string; companyName: string; nickName: string; domain?: string },
) {
  const now = ctx.clock.now();
  await useEmailCode(ctx.db, { purpose: 'register', target: data.email }, data.emailCode, now);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, data.email));
  if (existing) throw new AppError(ErrorCodes.emailExists);
  const passwordHash = await hashPassword(data.password);
  const { userId, companyId, path, approverName } = await ctx.db.transaction(async (tx) => {
    const brand = await brandForDomain(tx, data.domain ?? '');
    if (!brand) throw new AppError(ErrorCodes.notFound);
    const [company] = await tx
      .insert(companies)
      // Not activated until the brand approves the registration (SPEC §4 audit).
      .values({
        parentId: brand.id,
        path: 'pending',
        depth: brand.depth + 1,
        type: 'customer',
        level: 0,
        name: data.companyName,
        email: data.email,
        areaId: brand.areaId,
        status: 'inactive',
        createdAt: new Date(now),
      })
      .returning();
    const path = `${brand.path}${company.id}/`;
    await tx.update(companies).set({ path }).where(eq(companies.id, company.id));
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company.id,
        email: data.email,
        nickname: data.nickName,
        passwordHash,
        userType: 'customer',
        userAuthType: 1,
        authResList: ['dealer_account_qry', 'dealer_account_mgr', 'dealer_license_qry'],
        areaIds: brand.areaId ? [brand.areaId] : [],
        locale: ctx.locale,
        createdAt: new Date(now),
      })
      .returning({ id: users.id });
    await tx.insert(registrationAudits).values({
      companyId: company.id,
      approverCompanyId: brand.id,
      applicantUserId: user.id,
      status: 'pending',
      submittedAt: new Date(now),
    });
    return { userId: user.id, companyId: company.id, path, approverName: brand.name };
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
  const [user] = await ctx.db.select().from(users).where(eq(users.email, data.email));
  if (!user || user.status === 'deleted') throw new AppError(ErrorCodes.accountNotFound);
  // Hashed before the short transaction opens (no connection held while argon2 runs).
  const passwordHash = await hashPassword(data.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, status: user.status === 'auto_locked' ? 'normal' : user.status })
      .where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, 'password-reset', new Date(now));
  });
  const [co] = await ctx.db.select({ path: companies.path }).from(companies).where(eq(companies.id, user.companyId));
  await ctx.audit({
    action: 'auth/password-find',
    targetType: 'user',
    targetId: user.id,
    companyId: user.companyId,
    companyPath: co?.path,
  });
  return {};
}

/** check-pwd: a wrong password answers `valid: false` and is counted like a login failure (locks after 5). */
export async function checkPassword(ctx: CallContext, password: string) {
  const [u] = await ctx.db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.actor!.userId));
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
  await useEmailCode(ctx.db, { purpose: 'bindEmail', target: data.email }, data.emailCode, ctx.clock.now());
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, data.email));
  if (taken) throw new AppError(ErrorCodes.emailExists);
  await ctx.db.update(users).set({ email: data.email }).where(eq(users.id, actor.userId));
  await ctx.audit({ targetType: 'user', targetId: actor.userId, before: { email: actor.email }, after: { email: data.email } });
  return {};
}

export async function customerWebsite(ctx: CallContext, domain: string) {
  const brand = await brandForDomain(ctx.db, domain);
  const [b] = brand ? await ctx.db.select().from(companyBranding).where(eq(companyBranding.companyId, brand.id)) : [];
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
  const [a] = await ctx.db.select({ id: areas.id }).from(areas).where(eq(areas.id, areaId));
  if (!a || !actor.areaIds.includes(areaId)) throw new AppError(ErrorCodes.areaForbidden);
  await ctx.db.update(sessions).set({ currentAreaId: areaId }).where(eq(sessions.id, actor.sessionId));
  return presentSessionUser(ctx.db, actor.sessionId, ctx.locale);
}

export async function createSsoToken(ctx: CallContext) {
  const actor = ctx.actor!;
  const token = randomToken();
  const expiresAt = ctx.clock.now() + SSO_TOKEN_TTL_MS;
  await ctx.db.insert(oneTimeTokens).values({
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
  const used = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256Hex(token)),
        eq(oneTimeTokens.purpose, 'sso'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date(now)),
      ),
    )
    .returning();
  const t = used[0];
  if (!t?.userId) throw new AppError(ErrorCodes.linkInvalid);
  const [row] = await ctx.db
    .select({ user: users, companyStatus: effectiveCompanyStatus(companies.status, companies.path), companyAreaId: companies.areaId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, t.userId));
  if (!row || row.user.status === 'deleted') throw new AppError(ErrorCodes.accountDeleted);
  if (row.user.status !== 'normal' || row.companyStatus === 'frozen') throw new AppError(ErrorCodes.accountDisabled);
  const areaId = (t.payload as { areaId?: number } | null)?.areaId ?? startingArea(row.user, row.companyAreaId);
  return issueSession(ctx.db, row.user.id, { now, ttlMs: ctx.services.config.accessTokenTtlMs, locale: ctx.locale, ip: ctx.ip, areaId });
}
