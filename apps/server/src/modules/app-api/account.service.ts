/**
 * The end user's account through the app-facing API (DOMAIN §5): e-mailed codes, registration,
 * login with the portal's lockout (auth/login-attempts, on the end user's own counter), renewal,
 * logout, a new password, the profile and the deletion of the account. Every query names the app's
 * brand: an e-mail is an account of one brand only.
 *
 * No enumeration: the code is mailed whether the e-mail is registered or not; "already registered"
 * and "no account" are told only to who proves the address with the code; an unknown account's
 * login answers as a wrong password, in the same time.
 */
import {
  END_USER_RENEW_IDLE_MS,
  ErrorCodes,
  endUserMachine,
  RENEWAL_GRACE_MS,
  type EndUserProfile,
  type EndUserSession,
  type EndUserState,
  type AppLanguage,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { unsafeInvalidateDevicePlans } from '../cloud-storage';
import { requireApp, requireEndUser, type AppCaller, type CallContext } from '../../lib/context';
import { hashPassword, issueSessionTokens, sha256Hex } from '../../lib/secrets';
import { attemptPassword, issueEmailCode, useEmailCode, type AccountCounter } from '../auth';
import {
  areaOfCountry,
  endAllEndUserSessions,
  endEndUserSession,
  endUserLoginSucceeded,
  findEndUser,
  findEndUserByEmail,
  insertEndUser,
  insertEndUserSession,
  moveOwnEndUser,
  renewEndUserSession,
  reserveEndUserAttempt,
  setEndUserPassword,
  unbindAllDevices,
  updateEndUserProfile,
  invalidateEndUserTotals,
  type Brand,
  type EndUserRow,
} from './end-users.repository';

const brandOf = (app: AppCaller): Brand => ({ companyId: app.companyId, companyPath: app.companyPath });
/** The e-mailed codes' target: the address within the brand (a portal account's codes are apart). */
const codeTarget = (app: AppCaller, email: string) => `eu:${app.companyId}:${email}`;

const counterOf = (id: number): AccountCounter => ({
  reserve: (db, now) => reserveEndUserAttempt(db, id, now),
  succeeded: (db) => endUserLoginSucceeded(db, id),
});

export function presentProfile(u: EndUserRow): EndUserProfile {
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    locale: u.locale as AppLanguage,
    country: u.country,
    status: u.status as EndUserProfile['status'],
    createdAt: u.createdAt.getTime(),
  };
}

async function openSession(ctx: CallContext, app: AppCaller, endUserId: number): Promise<EndUserSession> {
  const now = ctx.clock.now();
  const { client, stored } = issueSessionTokens(now, ctx.services.config.accessTokenTtlMs, ctx.services.config.linkSecret);
  await insertEndUserSession(ctx.db, { endUserId, appKeyId: app.appKeyId, ...stored, now: new Date(now) });
  return client;
}

export async function sendCode(ctx: CallContext, d: { email: string; purpose: 'register' | 'findPassword' }) {
  const app = requireApp(ctx);
  return issueEmailCode(ctx, { purpose: d.purpose, target: codeTarget(app, d.email), to: d.email });
}

export async function register(
  ctx: CallContext,
  d: { email: string; emailCode: string; password: string; nickname: string; locale?: AppLanguage; country?: string },
): Promise<EndUserSession> {
  const app = requireApp(ctx);
  const brand = brandOf(app);
  const now = ctx.clock.now();
  // Counted and used up on the database before anything else (the call runs without a transaction).
  await useEmailCode(ctx.db, { purpose: 'register', target: codeTarget(app, d.email) }, d.emailCode, now);
  if (await findEndUserByEmail(ctx.db, brand, d.email)) throw new AppError(ErrorCodes.endUserEmailTaken);
  const passwordHash = await hashPassword(d.password);
  const country = d.country ?? '';
  const session = await ctx.db.transaction(async (tx) => {
    const user = await insertEndUser(tx, brand, {
      appKeyId: app.appKeyId,
      email: d.email,
      nickname: d.nickname,
      locale: d.locale ?? ctx.locale,
      country,
      areaId: await areaOfCountry(tx, brand, country),
      passwordHash,
      now: new Date(now),
    });
    if (!user) throw new AppError(ErrorCodes.endUserEmailTaken);
    app.subject = { id: user.id, areaId: user.areaId };
    return openSession({ ...ctx, db: tx }, app, user.id);
  });
  // After the commit: a count started before it would otherwise be kept.
  invalidateEndUserTotals(ctx.services.totals, brand.companyPath);
  return session;
}

export async function login(ctx: CallContext, d: { account: string; password: string }): Promise<EndUserSession> {
  const app = requireApp(ctx);
  const email = d.account.trim().toLowerCase();
  const user = await findEndUserByEmail(ctx.db, brandOf(app), email);
  // The end-user log names the user a sign-in was about, also when it fails.
  if (user) app.subject = { id: user.id, areaId: user.areaId };
  // Counted on the database (a read call: no transaction), the unknown account under its e-mail.
  await attemptPassword(ctx.db, {
    user,
    counter: user ? counterOf(user.id) : undefined,
    account: codeTarget(app, email),
    password: d.password,
    ip: ctx.ip,
    now: ctx.clock.now(),
  });
  const found = user!;
  if (found.status === 'frozen') throw new AppError(ErrorCodes.endUserFrozen);
  return openSession(ctx, app, found.id);
}

export async function renew(ctx: CallContext, renewToken: string): Promise<EndUserSession> {
  const app = requireApp(ctx);
  const now = ctx.clock.now();
  const { client, stored } = issueSessionTokens(now, ctx.services.config.accessTokenTtlMs, ctx.services.config.linkSecret);
  const renewed = await renewEndUserSession(ctx.db, app.appKeyId, sha256Hex(renewToken), {
    ...stored,
    now: new Date(now),
    idleMs: END_USER_RENEW_IDLE_MS,
    // The previous renewal token renews too, briefly, for an app that lost the last answer.
    graceFrom: new Date(now - RENEWAL_GRACE_MS),
  });
  if (!renewed) throw new AppError(ErrorCodes.renewFailed);
  const user = await findEndUser(ctx.db, brandOf(app), renewed.endUserId);
  if (user) app.subject = { id: user.id, areaId: user.areaId };
  return client;
}

export async function findPassword(ctx: CallContext, d: { email: string; emailCode: string; password: string }) {
  const app = requireApp(ctx);
  const brand = brandOf(app);
  const now = ctx.clock.now();
  await useEmailCode(ctx.db, { purpose: 'findPassword', target: codeTarget(app, d.email) }, d.emailCode, now);
  const user = await findEndUserByEmail(ctx.db, brand, d.email);
  if (!user) throw new AppError(ErrorCodes.accountNotFound);
  app.subject = { id: user.id, areaId: user.areaId };
  const passwordHash = await hashPassword(d.password);
  await ctx.db.transaction(async (tx) => {
    await setEndUserPassword(tx, brand, user.id, passwordHash);
    await endAllEndUserSessions(tx, user.id, 'password-reset', new Date(now));
  });
  return {};
}

export async function logout(ctx: CallContext) {
  const app = requireEndUser(ctx);
  await endEndUserSession(ctx.db, app.endUser.sessionId, 'logout', new Date(ctx.clock.now()));
  return {};
}

export async function profile(ctx: CallContext) {
  const app = requireEndUser(ctx);
  const user = await findEndUser(ctx.db, brandOf(app), app.endUser.id);
  if (!user) throw new AppError(ErrorCodes.tokenInvalid);
  return presentProfile(user);
}

export async function updateProfile(ctx: CallContext, d: { nickname?: string; locale?: AppLanguage; country?: string }) {
  const app = requireEndUser(ctx);
  const brand = brandOf(app);
  const areaId = d.country !== undefined ? await areaOfCountry(ctx.db, brand, d.country) : undefined;
  const user = await updateEndUserProfile(ctx.db, brand, app.endUser.id, { ...d, ...(areaId !== undefined ? { areaId } : {}) });
  if (!user) throw new AppError(ErrorCodes.tokenInvalid);
  return presentProfile(user);
}

/** Delete the caller's account: the password first (counted like a login), then one transaction. */
export async function deleteAccount(ctx: CallContext, d: { password: string }) {
  const app = requireEndUser(ctx);
  const brand = brandOf(app);
  const user = await findEndUser(ctx.db, brand, app.endUser.id);
  if (!user) throw new AppError(ErrorCodes.tokenInvalid);
  await attemptPassword(ctx.db, {
    user,
    counter: counterOf(user.id),
    account: codeTarget(app, user.email),
    password: d.password,
    ip: null,
    now: ctx.clock.now(),
  });
  const to = endUserMachine.next(user.status as EndUserState, 'delete');
  const now = new Date(ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    if (!(await moveOwnEndUser(tx, brand, user.id, user.status, to, now))) throw new AppError(ErrorCodes.illegalTransition);
    for (const deviceId of await unbindAllDevices(tx, brand, user.id, now)) await unsafeInvalidateDevicePlans(tx, deviceId, now.getTime());
    await endAllEndUserSessions(tx, user.id, 'deleted', now);
  });
  invalidateEndUserTotals(ctx.services.totals, brand.companyPath);
  return {};
}
