/**
 * The app-api module's calls (DOMAIN §5):
 * - `appKeyCalls`: Applications in the portal (application keys of a brand) and the brand's end
 *   users, for portal users holding dealer_appid_qry / dealer_appid_mgr;
 * - `appApiCalls`: the app-facing API itself under APP_API_PREFIX, made by a brand's mobile app:
 *   'appKey' calls before login (signed with the application's secret), 'endUser' calls after
 *   (signed with the end user's session key). Later modules (orders, messages, chat, points,
 *   end-user logs) add their own app calls the same way: `auth: 'appKey' | 'endUser'`, a path under
 *   `app-api/<module>/...` (docs/modules.md).
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { EMAIL_MAX_LENGTH } from '../../shared/rules';
import { countryCodeSchema, emailSchema, epochMsSchema, idSchema } from '../../shared/validators';
import { nickNameSchema } from '../account-manage';
import { passwordSchema, verifyCodeSchema } from '../auth';
import { snSchema } from '../cloud-upgrade';
import { MESSAGE_LANGUAGES } from '../message-center';
import { appKeyMachine, appKeyStateSchema, endUserMachine, endUserStateSchema } from './states';
import { appNameSchema, deviceVerifyCodeSchema } from './validators';

const ok = z.object({});
const byId = z.strictObject({ id: idSchema });
const qry = { anyOf: ['dealer_appid_qry', 'dealer_appid_mgr'] } as const;
const mgr = { anyOf: ['dealer_appid_mgr'] } as const;

// ---------------------------------------------------------------------------------------------
// Applications and end users in the portal
// ---------------------------------------------------------------------------------------------

/** What the caller may do with an application key now (its policy). */
export const APP_KEY_ABILITIES = ['rotate', ...appKeyMachine.actionNames] as const;
export type AppKeyAbility = (typeof APP_KEY_ABILITIES)[number];
/** What the caller may do with an end user now. */
export const END_USER_ABILITIES = ['freeze', 'unfreeze'] as const satisfies readonly (typeof endUserMachine.actionNames)[number][];
export type EndUserAbility = (typeof END_USER_ABILITIES)[number];
/** The module's own actions (the page's buttons). */
export const APP_MANAGE_ABILITIES = ['createKey'] as const;

export const appKeySchema = z.object({
  id: idSchema,
  appId: z.string(),
  name: z.string(),
  /** The brand (partner company) whose app uses the key. */
  companyId: idSchema,
  companyName: z.string(),
  status: appKeyStateSchema,
  /** The secret's last 4 characters, to tell keys apart; the secret itself is shown only once. */
  secretLast4: z.string(),
  createdAt: epochMsSchema,
  rotatedAt: epochMsSchema.nullable(),
  endUserCount: z.number().int(),
  actions: z.array(z.enum(APP_KEY_ABILITIES)),
});
export type AppKey = z.infer<typeof appKeySchema>;

/** A created or rotated key with its secret: the only time the secret is shown. */
export const appKeyWithSecretSchema = z.object({ key: appKeySchema, secret: z.string() });

/**
 * An end user's language: one of the app languages (those a message can be written in), not only the
 * portal's two. The app's own mails and error texts fall back to the nearest portal language.
 */
export const appLanguageSchema = z.enum(MESSAGE_LANGUAGES);
export type AppLanguage = z.infer<typeof appLanguageSchema>;

export const endUserSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  companyName: z.string(),
  email: z.string(),
  nickname: z.string(),
  locale: appLanguageSchema,
  country: z.string(),
  areaId: idSchema.nullable(),
  status: endUserStateSchema,
  deviceCount: z.number().int(),
  createdAt: epochMsSchema,
  actions: z.array(z.enum(END_USER_ABILITIES)),
});
export type EndUser = z.infer<typeof endUserSchema>;

export const appKeyListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(64).optional(),
  status: appKeyStateSchema.optional(),
});

export const endUserListQuerySchema = pageQuerySchema.extend({
  /** Part of the e-mail or nickname. */
  keyword: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
  status: endUserStateSchema.optional(),
  /** One brand (the supplier sees every brand's end users). */
  companyId: idSchema.optional(),
});

export const appKeyCalls = {
  abilities: defineCall({
    path: 'app/abilities',
    auth: qry,
    write: false,
    summary: "The caller's own actions in Applications (create an application key).",
    data: z.strictObject({}),
    result: z.object({ actions: z.array(z.enum(APP_MANAGE_ABILITIES)) }),
  }),
  list: defineCall({
    path: 'app/key/list',
    auth: qry,
    write: false,
    summary: "Application keys of the brands in the caller's subtree (the supplier: all), paged.",
    data: appKeyListQuerySchema.strict(),
    result: pageOf(appKeySchema),
  }),
  create: defineCall({
    path: 'app/key/create',
    auth: mgr,
    write: true,
    remoteForbidden: true,
    summary:
      'Create an application key for a brand (a partner: its own; the supplier: the partner named). The secret is in this answer only.',
    data: z.strictObject({ name: appNameSchema, companyId: idSchema.optional() }),
    result: appKeyWithSecretSchema,
  }),
  rotate: defineCall({
    path: 'app/key/rotate',
    auth: mgr,
    write: true,
    remoteForbidden: true,
    summary: 'Give an application key a new secret (the old one stops at once). The secret is in this answer only.',
    data: byId,
    result: appKeyWithSecretSchema,
  }),
  disable: defineCall({
    path: 'app/key/disable',
    auth: mgr,
    write: true,
    summary: "Disable an application key: its app's calls are refused (25001) until it is enabled again.",
    data: byId,
    result: appKeySchema,
  }),
  enable: defineCall({
    path: 'app/key/enable',
    auth: mgr,
    write: true,
    summary: 'Enable a disabled application key.',
    data: byId,
    result: appKeySchema,
  }),
  endUserList: defineCall({
    path: 'app/end-user/list',
    auth: qry,
    write: false,
    summary: "End users of the brands in the caller's subtree (the supplier: all), filtered and paged.",
    data: endUserListQuerySchema.strict(),
    result: pageOf(endUserSchema),
  }),
  endUserFreeze: defineCall({
    path: 'app/end-user/freeze',
    auth: mgr,
    write: true,
    summary: "Freeze an end user: its sessions end and its app's calls are refused (25003).",
    data: byId,
    result: endUserSchema,
  }),
  endUserUnfreeze: defineCall({
    path: 'app/end-user/unfreeze',
    auth: mgr,
    write: true,
    summary: 'Unfreeze a frozen end user.',
    data: byId,
    result: endUserSchema,
  }),
};

// ---------------------------------------------------------------------------------------------
// The app-facing API
// ---------------------------------------------------------------------------------------------

/** An end user's session: sign later calls with `signKey`, put `token` in basic.token; renew with `renewToken` (7004). */
export const endUserSessionSchema = z.object({
  token: z.string(),
  signKey: z.string(),
  renewToken: z.string(),
  tokenExpiresAt: z.number(),
});
export type EndUserSession = z.infer<typeof endUserSessionSchema>;

export const endUserProfileSchema = z.object({
  id: idSchema,
  email: z.string(),
  nickname: z.string(),
  locale: appLanguageSchema,
  country: z.string(),
  status: endUserStateSchema,
  createdAt: epochMsSchema,
});
export type EndUserProfile = z.infer<typeof endUserProfileSchema>;

/** A device as its end user sees it. */
/**
 * A device's cloud storage plan now: the paid plan running now, else the next one to start, else
 * the last one ended; its state derived at the time of the answer (near expiry: the seller's last
 * days), and the end of the device's last queued plan (cloud storage stops then unless more is bought).
 */
export const appDevicePlanSchema = z.object({
  orderId: idSchema,
  goodsName: z.string(),
  viewState: z.enum(['to_be_used', 'in_use', 'near_expiry', 'expired']),
  periodStart: epochMsSchema,
  periodEnd: epochMsSchema,
  paidUntil: epochMsSchema,
});
export type AppDevicePlan = z.infer<typeof appDevicePlanSchema>;

export const appDeviceSchema = z.object({
  id: idSchema,
  sn: z.string(),
  model: z.string(),
  productType: z.string(),
  firmwareVersion: z.string(),
  boundAt: epochMsSchema.nullable(),
  lastSeenAt: epochMsSchema.nullable(),
  /** Its cloud storage plan now; null when it never had a paid plan with a period. */
  plan: appDevicePlanSchema.nullable(),
});
export type AppDevice = z.infer<typeof appDeviceSchema>;

const accountSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(EMAIL_MAX_LENGTH, { error: 'validation.emailInvalid' });
const loginPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .max(64, { error: 'validation.passwordLength' });

export const APP_EMAIL_CODE_PURPOSES = ['register', 'findPassword'] as const;

export const appApiCalls = {
  emailCode: defineCall({
    path: 'app-api/account/email-code',
    auth: 'appKey',
    rateLimit: RATE_LIMITS.emailCode,
    write: true,
    summary:
      "E-mail a verification code for registering or for a new password. The answer is the same whether the e-mail is registered in the app's brand or not.",
    data: z.strictObject({ email: emailSchema, purpose: z.enum(APP_EMAIL_CODE_PURPOSES) }),
    result: z.object({ resendAfterSeconds: z.number().int() }),
  }),
  register: defineCall({
    path: 'app-api/account/register',
    auth: 'appKey',
    rateLimit: RATE_LIMITS.registration,
    write: true,
    summary: "Register an end user of the app's brand with the e-mailed code; answers a session (the user is logged in).",
    data: z.strictObject({
      email: emailSchema,
      emailCode: verifyCodeSchema,
      password: passwordSchema,
      nickname: nickNameSchema,
      locale: appLanguageSchema.optional(),
      country: countryCodeSchema.optional(),
    }),
    result: endUserSessionSchema,
  }),
  login: defineCall({
    path: 'app-api/account/login',
    auth: 'appKey',
    rateLimit: RATE_LIMITS.login,
    write: false,
    summary:
      "Log an end user of the app's brand in with e-mail and password (5 failures lock the account for a while, as the portal's login); answers a session.",
    data: z.strictObject({ account: accountSchema, password: loginPasswordSchema }),
    result: endUserSessionSchema,
  }),
  renew: defineCall({
    path: 'app-api/account/renew',
    auth: 'appKey',
    rateLimit: RATE_LIMITS.tokenExchange,
    write: true,
    summary: 'Renew an end user session whose token expired (7004) with its single-use renewal token; answers new tokens and key.',
    data: z.strictObject({ renewToken: z.string().min(1).max(256) }),
    result: endUserSessionSchema,
  }),
  passwordFind: defineCall({
    path: 'app-api/account/password-find',
    auth: 'appKey',
    rateLimit: RATE_LIMITS.passwordFind,
    write: true,
    summary: "Set a new password with the e-mailed code (purpose findPassword); ends the user's sessions.",
    data: z.strictObject({ email: emailSchema, emailCode: verifyCodeSchema, password: passwordSchema }),
    result: ok,
  }),
  logout: defineCall({
    path: 'app-api/account/logout',
    auth: 'endUser',
    write: true,
    summary: "End the caller's session.",
    data: z.strictObject({}),
    result: ok,
  }),
  profile: defineCall({
    path: 'app-api/account/profile',
    auth: 'endUser',
    write: false,
    summary: "The caller's profile.",
    data: z.strictObject({}),
    result: endUserProfileSchema,
  }),
  profileUpdate: defineCall({
    path: 'app-api/account/profile-update',
    auth: 'endUser',
    write: true,
    summary: "Change the caller's nickname, preferred language or country.",
    data: z.strictObject({
      nickname: nickNameSchema.optional(),
      locale: appLanguageSchema.optional(),
      country: countryCodeSchema.optional(),
    }),
    result: endUserProfileSchema,
  }),
  deleteAccount: defineCall({
    path: 'app-api/account/delete',
    auth: 'endUser',
    rateLimit: RATE_LIMITS.credentialCheck,
    write: true,
    summary: "Delete the caller's account (password required): its devices are unbound and its sessions end.",
    data: z.strictObject({ password: loginPasswordSchema }),
    result: ok,
  }),
  deviceBind: defineCall({
    path: 'app-api/device/bind',
    auth: 'endUser',
    rateLimit: RATE_LIMITS.deviceBind,
    write: true,
    summary:
      "Bind a device of the app's brand by SN and the verification code the device got at registration (25002 for an unknown, foreign or wrong one alike; 23009 bound to someone else).",
    data: z.strictObject({ sn: snSchema, verifyCode: deviceVerifyCodeSchema }),
    result: appDeviceSchema,
  }),
  deviceUnbind: defineCall({
    path: 'app-api/device/unbind',
    auth: 'endUser',
    write: true,
    summary: "Unbind one of the caller's devices (23007 when it is not bound to the caller).",
    data: z.strictObject({ deviceId: idSchema }),
    result: ok,
  }),
  deviceList: defineCall({
    path: 'app-api/device/list',
    auth: 'endUser',
    write: false,
    summary: "The caller's bound devices, paged, each with its cloud storage plan now (state and end) and the day its last plan ends.",
    data: pageQuerySchema.strict(),
    result: pageOf(appDeviceSchema),
  }),
};
