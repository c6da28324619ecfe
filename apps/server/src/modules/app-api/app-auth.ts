/**
 * The credentials of the app-facing API (DOMAIN §5), for the call router (lib/context
 * AppCallerResolver): the same envelope, sign, nonce and time window as the portal's calls, with
 * the app's keys instead of a portal session.
 * - 'appKey' calls: basic.token is the appId of an enabled application key (else 25001); the sign
 *   is keyed with its secret (1006 badSign otherwise); the nonce is recorded once per key.
 * - 'endUser' calls: basic.token is an end user's session token (7003 unknown or ended, 7004
 *   expired: renew; 7004 too for the previous token of a renewal within RENEWAL_GRACE_MS); the sign
 *   is keyed with the session's signKey, derived from the token (lib/secrets sessionSignKey, never
 *   stored); the nonce once per session; the session's application key must still be enabled
 *   (25001) and the user normal (25003 frozen).
 */
import {
  ErrorCodes,
  IDLE_CHECK_INTERVAL_MS,
  RENEWAL_GRACE_MS,
  SIGN_TIME_WINDOW_MS,
  canonicalJson,
  signingString,
  type Locale,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { AppCaller, AppCallerResolver } from '../../lib/context';
import { hmacHex, openSecret, safeEqualHex, sessionSignKey, sha256Hex } from '../../lib/secrets';
import { unsafeAppKeyByAppId } from './app-keys.repository';
import {
  clearPreviousEndUserTokens,
  endEndUserSession,
  touchEndUserSession,
  unsafeEndUserSessionByToken,
  unsafeRenewedAwayEndUserSession,
} from './end-users.repository';

const digest = (data: unknown) => sha256Hex(canonicalJson(data ?? null));

export const appCallers: AppCallerResolver = {
  async authenticate({ basic, rawData, auth, callPath, now }, { database, services }) {
    const signed = signingString(basic, digest(rawData), callPath);
    const nonceExpiresAt = new Date(basic.time + SIGN_TIME_WINDOW_MS);
    if (auth === 'appKey') {
      const key = basic.token ? await unsafeAppKeyByAppId(database.db, basic.token) : null;
      if (!key || key.status !== 'enabled') throw new AppError(ErrorCodes.appKeyInvalid);
      const secret = openSecret(services.config.sealKeys, key.secretEnc);
      if (!safeEqualHex(hmacHex(secret, signed), basic.sign)) throw new AppError(ErrorCodes.badSign);
      if (!(await services.nonces.record(`a${key.id}:${basic.nonce}`, nonceExpiresAt))) throw new AppError(ErrorCodes.replayedNonce);
      return { appKeyId: key.id, appId: key.appId, companyId: key.companyId, companyPath: key.companyPath, endUser: null };
    }
    const tokenHash = basic.token ? sha256Hex(basic.token) : '';
    const found = basic.token ? await unsafeEndUserSessionByToken(database.db, tokenHash) : null;
    if (!found) {
      // A previous token within the renewal grace, signed with its own (derived) key: the app lost the
      // renewal's answer and is told to renew (with its previous renewal token), not that it is signed out.
      if (
        basic.token &&
        safeEqualHex(hmacHex(sessionSignKey(services.config.linkSecret, basic.token), signed), basic.sign) &&
        (await unsafeRenewedAwayEndUserSession(database.db, tokenHash, new Date(now - RENEWAL_GRACE_MS)))
      )
        throw new AppError(ErrorCodes.tokenExpired);
      throw new AppError(ErrorCodes.tokenInvalid);
    }
    const { session, user, key } = found;
    // Derived from the token the call carries (never stored), or kept by a session live at migration 0045.
    const signKey = session.signKey ?? sessionSignKey(services.config.linkSecret, basic.token);
    if (!safeEqualHex(hmacHex(signKey, signed), basic.sign)) throw new AppError(ErrorCodes.badSign);
    if (!(await services.nonces.record(`e${session.id}:${basic.nonce}`, nonceExpiresAt))) throw new AppError(ErrorCodes.replayedNonce);
    if (key.status !== 'enabled') throw new AppError(ErrorCodes.appKeyInvalid);
    if (session.endedAt || user.status === 'deleted') throw new AppError(ErrorCodes.tokenInvalid);
    if (user.status === 'frozen') {
      await endEndUserSession(database.db, session.id, 'frozen', new Date(now));
      throw new AppError(ErrorCodes.endUserFrozen);
    }
    if (session.tokenExpiresAt.getTime() <= now) throw new AppError(ErrorCodes.tokenExpired);
    if (now - session.lastActiveAt.getTime() > IDLE_CHECK_INTERVAL_MS)
      await touchEndUserSession(database.db, session.id, new Date(now), IDLE_CHECK_INTERVAL_MS);
    // The first call with a renewed token gives up the previous hashes (kept for a lost answer).
    if (session.prevTokenHash !== null) await clearPreviousEndUserTokens(database.db, session.id, tokenHash);
    const caller: AppCaller = {
      appKeyId: key.id,
      appId: key.appId,
      companyId: key.companyId,
      companyPath: key.companyPath,
      endUser: {
        sessionId: session.id,
        id: user.id,
        email: user.email,
        nickname: user.nickname,
        locale: user.locale as Locale,
        country: user.country,
        areaId: user.areaId,
      },
    };
    return caller;
  },
};
