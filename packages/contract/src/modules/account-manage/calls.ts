/**
 * The account group of SPEC §7 for users: list, get, invite, re-invite, register (public, by link),
 * edit, enable/disable, unlock, delete, reset password, the permissions a caller may grant, the
 * signed-in user's account information, password change, unregister and user-configs.
 *
 * Choices (see also the server's accounts module):
 * - An invited user exists at once (status normal, `registered: false`) and cannot log in until they
 *   open the e-mailed link `/customer/user-register/{corpId}/{userId}/{emailmd5}?t=<token>` and set a
 *   nickname and password. The token is random, stored only as a hash, expires after
 *   USER_INVITE_TTL_DAYS and works once; a re-invite revokes the previous link.
 * - "Reset password" never shows or mails a password: it mails a one-time link (same page, reset
 *   mode, USER_RESET_TTL_MINUTES) with which the user sets a new one; the old password keeps
 *   working until then, and completing the reset lifts an automatic lock and ends the user's sessions.
 * - Deleting is soft (status deleted, final) and frees the e-mail address for a new account; the
 *   record stays for the logs. Adding and deleting the same address EMAIL_CHURN_MAX_DELETES times
 *   within EMAIL_CHURN_WINDOW_MINUTES refuses a new invitation with 20052 {minutes}.
 * - Application permissions (`appIds`) are free strings for now (the ids of the brand's apps that
 *   the user may configure); they follow the same "grant only what you hold" rule once the caller
 *   holds any, and are unrestricted for a caller whose own list is empty (the owner default).
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import {
  areaKindSchema,
  areaNamesSchema,
  pageOf,
  pageQuerySchema,
  resourceCodeSchema,
  userAuthTypeSchema,
  userTypeSchema,
} from '../../shared/entities';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { emailSchema, idSchema } from '../../shared/validators';
import { passwordSchema, passwordsMatch } from '../auth';
import { userStatusSchema } from './states';
import { nickNameSchema, phoneSchema } from './validators';

/** A user invitation link is valid this many days. */
export const USER_INVITE_TTL_DAYS = 7;
/** A password-reset link is valid this many minutes. */
export const USER_RESET_TTL_MINUTES = 60;
/** A second invitation (or reset link) to the same user within this many seconds answers 7021. */
export const USER_INVITE_RESEND_SECONDS = 60;
/** 20052: an address deleted this many times within the window cannot be invited again until the window passes. */
export const EMAIL_CHURN_MAX_DELETES = 3;
export const EMAIL_CHURN_WINDOW_MINUTES = 60;
export const APP_ID_MAX = 64;
export const USER_CONFIG_KEY_MAX = 64;
/** A saved preference (JSON) may be at most this many characters. */
export const USER_CONFIG_VALUE_MAX_CHARS = 8_000;
export const USER_CONFIGS_MAX_PER_USER = 50;

const ok = z.object({});

/**
 * The administrator actions on a user, as the user state machine names them, plus re-invite and edit;
 * editPermissions: the edit may change the user's permissions too (never your own).
 */
export const USER_ACTIONS = ['edit', 'editPermissions', 'reinvite', 'resetPassword', 'disable', 'enable', 'unlock', 'delete'] as const;
export const userActionSchema = z.enum(USER_ACTIONS);
export type UserAction = z.infer<typeof userActionSchema>;

/**
 * The module's own actions, not tied to a user (the page's buttons): invite a user. Answered by
 * `customer/user/abilities` from the server's policy; the web offers exactly these.
 */
export const ACCOUNT_MANAGE_ACTIONS = ['inviteUser'] as const;
export const accountManageActionSchema = z.enum(ACCOUNT_MANAGE_ACTIONS);
export type AccountManageAction = z.infer<typeof accountManageActionSchema>;

/**
 * What the signed-in session may do with its own account (the account dialog's tabs): change the
 * nickname and phone, bind a new e-mail, change the password, delete the account. Answered with the
 * account (`customer/user/info/get`) from the server's policy; a session opened through remote access
 * is not offered the credential changes (their calls are `remoteForbidden`, 7050).
 */
export const OWN_ACCOUNT_ACTIONS = ['editProfile', 'bindEmail', 'changePassword', 'unregister'] as const;
export const ownAccountActionSchema = z.enum(OWN_ACCOUNT_ACTIONS);
export type OwnAccountAction = z.infer<typeof ownAccountActionSchema>;

/** What a user may act on: resource codes, areas, downstream companies (empty: the whole subtree), apps. */
export const userPermissionsSchema = z.object({
  authResList: z.array(resourceCodeSchema).max(64),
  areaIds: z.array(idSchema).max(64),
  /** Resource range: downstream companies (roots of subtrees) the user may act on; empty means all of them. */
  companyIds: z.array(idSchema).max(200),
  appIds: z.array(z.string().trim().min(1).max(APP_ID_MAX)).max(100),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

export const userRecordSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  companyName: z.string(),
  email: z.string(),
  nickName: z.string(),
  phone: z.string(),
  userType: userTypeSchema,
  userAuthType: userAuthTypeSchema,
  status: userStatusSchema,
  /** False until the invitee has set a password through the invitation link. */
  registered: z.boolean(),
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
  /** What the caller may do to this user now (state machine and policy), so the UI never re-derives it. */
  actions: z.array(userActionSchema),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const userDetailSchema = userRecordSchema.extend(userPermissionsSchema.shape).extend({
  companyNames: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userListQuerySchema = pageQuerySchema.extend({
  /** Prefix of the e-mail, nickname or phone (case-insensitive). */
  searchText: z.string().trim().max(100).optional(),
  status: userStatusSchema.optional(),
  /** Users of this company (the caller's own or one in its subtree); default: the whole subtree. */
  companyId: idSchema.optional(),
  userType: userTypeSchema.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

const userIdData = z.strictObject({ userId: idSchema });

const confirmPasswordSchema = z
  .string({ error: 'validation.confirmPasswordRequired' })
  .min(1, { error: 'validation.confirmPasswordRequired' });
const confirmMismatch = {
  path: ['confirmPassword'],
  error: 'validation.passwordMismatch',
  when: (p: { value: unknown }) => {
    const v = p.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
  },
};

export const inviteUserSchema = z
  .strictObject({
    email: emailSchema,
    /** The caller's company or a downstream company in its subtree; default the caller's own. */
    companyId: idSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .extend(userPermissionsSchema.partial().shape);

export const editUserSchema = z
  .strictObject({
    userId: idSchema,
    nickName: nickNameSchema,
    phone: phoneSchema,
  })
  .extend(userPermissionsSchema.shape);

/** The link's parts: `/customer/user-register/{corpId}/{userId}/{emailmd5}?t={token}`. */
export const registrationLinkSchema = z.strictObject({
  corpId: idSchema,
  userId: idSchema,
  emailMd5: z.string().regex(/^[0-9a-f]{32}$/),
  token: z.string().min(16).max(256),
});

export const registerUserSchema = registrationLinkSchema
  .extend({
    /** Required when registering; ignored for a password reset. */
    nickName: nickNameSchema.optional(),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((d) => passwordsMatch(d.password, d.confirmPassword), confirmMismatch);

export const changePasswordSchema = z
  .strictObject({
    oldPassword: z.string({ error: 'validation.oldPasswordRequired' }).min(1, { error: 'validation.oldPasswordRequired' }).max(64),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((d) => passwordsMatch(d.password, d.confirmPassword), confirmMismatch);

export const accountInfoSchema = z.object({
  userId: idSchema,
  nickName: z.string(),
  email: z.string(),
  phone: z.string(),
  companyName: z.string(),
  userType: userTypeSchema,
  userAuthType: userAuthTypeSchema,
  createdAt: z.string(),
  /** What this session may do with the account now (the server's policy); the web offers exactly these. */
  actions: z.array(ownAccountActionSchema),
});

export const UNREGISTER_BLOCKERS = ['onlyOwnerWithUsers', 'onlyOwnerWithCompanies'] as const;

export const userConfigKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]+$/)
  .min(1)
  .max(USER_CONFIG_KEY_MAX);
export const userConfigValueSchema = z
  .unknown()
  // null is no value (the column is NOT NULL; a setting is removed with configDelete).
  .refine((v) => v !== undefined && v !== null, { error: 'validation.valueRequired', abort: true })
  .refine((v) => JSON.stringify(v).length <= USER_CONFIG_VALUE_MAX_CHARS, { error: 'validation.userConfigTooLarge' });

export const userCalls = {
  list: defineCall({
    path: 'customer/user/list',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr'] },
    write: false,
    summary: "Users of the caller's company and its subtree (within the caller's resource range), searched, filtered and paged.",
    data: userListQuerySchema.strict(),
    result: pageOf(userRecordSchema),
  }),
  abilities: defineCall({
    path: 'customer/user/abilities',
    auth: 'session',
    write: false,
    summary: "What the caller may do in account management beside acting on a listed user (invite), by the server's policy.",
    data: z.strictObject({}),
    result: z.object({ actions: z.array(accountManageActionSchema) }),
  }),
  get: defineCall({
    path: 'customer/user/get',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr'] },
    write: false,
    summary: 'One user with permissions (resource codes, areas, resource range, applications).',
    data: userIdData,
    result: userDetailSchema,
  }),
  grantable: defineCall({
    path: 'customer/user/grantable',
    auth: { anyOf: ['dealer_account_qry', 'dealer_account_mgr'] },
    write: false,
    summary:
      'What the caller may grant to a user of this company: resource codes (never partner-only ones to a distributor), areas, applications.',
    data: z.strictObject({ companyId: idSchema.optional() }),
    result: z.object({
      codes: z.array(resourceCodeSchema),
      areas: z.array(z.object({ id: idSchema, displayName: z.string(), displayNames: areaNamesSchema, kind: areaKindSchema })),
      /** null: any application id may be granted (the caller's own list is unrestricted). */
      appIds: z.array(z.string()).nullable(),
    }),
  }),
  invite: defineCall({
    path: 'customer/user/invite',
    remoteForbidden: true,
    auth: { anyOf: ['dealer_account_mgr'] },
    write: true,
    summary: "Create a user in the caller's company or a downstream one and e-mail a one-time registration link.",
    data: inviteUserSchema,
    result: z.object({ userId: z.number().int() }),
  }),
  reinvite: defineCall({
    path: 'customer/user/reinvite',
    remoteForbidden: true,
    auth: { anyOf: ['dealer_account_mgr'] },
    write: true,
    summary: 'Send a fresh registration link to a user who has not registered yet (the old link stops working).',
    data: userIdData,
    result: ok,
  }),
  registerCheck: defineCall({
    path: 'customer/user/register/check',
    rateLimit: RATE_LIMITS.invitationCheck,
    auth: 'public',
    write: false,
    summary: 'Whether a registration or password-reset link is valid; answers what the page shows.',
    data: registrationLinkSchema,
    result: z.object({ purpose: z.enum(['register', 'reset']), email: z.string(), companyName: z.string(), nickName: z.string() }),
  }),
  register: defineCall({
    path: 'customer/user/register',
    rateLimit: RATE_LIMITS.registration,
    auth: 'public',
    write: true,
    summary: 'Complete a registration (nickname and password) or a password reset through its link.',
    data: registerUserSchema,
    result: z.object({ email: z.string() }),
  }),
  edit: defineCall({
    path: 'customer/user/edit',
    auth: { anyOf: ['dealer_account_mgr'] },
    write: true,
    summary: 'Change nickname, phone and permissions (only what the caller holds; never your own permissions).',
    data: editUserSchema,
    result: ok,
  }),
  enable: defineCall({
    path: 'customer/user/enable',
    auth: { anyOf: ['dealer_account_mgr'] },
    write: true,
    summary: 'Enable (operation_locked -> normal) or disable (-> operation_locked) a user.',
    data: z.strictObject({ userId: idSchema, enable: z.boolean() }),
    result: z.object({ status: userStatusSchema }),
  }),
  unlock: defineCall({
    path: 'customer/user/unlock',
    auth: { anyOf: ['dealer_account_mgr'] },
    write: true,
    summary: 'Lift an automatic lock (too many failed logins).',
    data: userIdData,
    result: z.object({ status: userStatusSchema }),
  }),
  delete: defineCall({
    path: 'customer/user/delete',
    auth: { anyOf: ['dealer_account_mgr'] },
    write: true,
    summary: 'Delete a user (final; the e-mail address is freed).',
    data: userIdData,
    result: z.object({ status: userStatusSchema }),
  }),
  resetPassword: defineCall({
    path: 'customer/user/reset-password',
    remoteForbidden: true,
    auth: { anyOf: ['dealer_account_mgr'] },
    write: true,
    summary: 'E-mail the user a one-time link to set a new password.',
    data: userIdData,
    result: ok,
  }),
  infoGet: defineCall({
    path: 'customer/user/info/get',
    auth: 'session',
    write: false,
    summary: "The signed-in user's account information.",
    data: z.strictObject({}),
    result: accountInfoSchema,
  }),
  infoSet: defineCall({
    path: 'customer/user/info/set',
    auth: 'session',
    write: true,
    summary: "Change the signed-in user's nickname and phone (e-mail: auth/email-bind).",
    data: z.strictObject({ nickName: nickNameSchema, phone: phoneSchema }),
    result: accountInfoSchema,
  }),
  changePassword: defineCall({
    path: 'customer/user/password/change',
    rateLimit: RATE_LIMITS.credentialCheck,
    remoteForbidden: true,
    auth: 'session',
    write: true,
    summary: "Change the signed-in user's password with the old one (7014 when it is wrong); other sessions end.",
    data: changePasswordSchema,
    result: ok,
  }),
  unregisterCheck: defineCall({
    path: 'customer/user/unregister/check',
    auth: 'session',
    write: false,
    summary: 'Whether the signed-in user may delete their own account, and why not.',
    data: z.strictObject({}),
    result: z.object({ allowed: z.boolean(), blockers: z.array(z.enum(UNREGISTER_BLOCKERS)) }),
  }),
  unregister: defineCall({
    path: 'customer/user/unregister',
    remoteForbidden: true,
    auth: 'session',
    write: true,
    summary: "Delete the signed-in user's own account (password required); every session ends.",
    data: z.strictObject({
      password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(64),
    }),
    result: ok,
  }),
  configList: defineCall({
    path: 'customer/user-configs/list',
    auth: 'session',
    write: false,
    summary: "The signed-in user's saved preferences (e.g. table columns and page size).",
    data: z.strictObject({ keys: z.array(userConfigKeySchema).max(USER_CONFIGS_MAX_PER_USER).optional() }),
    result: z.object({ records: z.array(z.object({ key: z.string(), value: z.unknown(), updatedAt: z.string() })) }),
  }),
  configPut: defineCall({
    path: 'customer/user-configs/put',
    auth: 'session',
    write: true,
    summary: 'Save one preference of the signed-in user.',
    data: z.strictObject({ key: userConfigKeySchema, value: userConfigValueSchema }),
    result: ok,
  }),
  configDelete: defineCall({
    path: 'customer/user-configs/delete',
    auth: 'session',
    write: true,
    summary: 'Forget one preference of the signed-in user.',
    data: z.strictObject({ key: userConfigKeySchema }),
    result: ok,
  }),
};
