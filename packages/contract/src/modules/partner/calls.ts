import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { areaNamesSchema, companyTypeSchema, pageOf, pageQuerySchema, sessionUserSchema } from '../../shared/entities';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { idSchema, isEmailValid } from '../../shared/validators';
import { passwordSchema, passwordsMatch } from '../auth';
import { auditStateSchema } from './states';
import { inviteeSchema, timeZoneSchema } from './validators';

export const COMPANY_STATUSES = ['inactive', 'active', 'frozen'] as const;
export const companyStatusSchema = z.enum(COMPANY_STATUSES);

/** A company of the partner network as lists and details answer it. */
/**
 * What the caller may do with a downstream company now (the server's company policy), answered with
 * every company: edit, freeze, unfreeze, re-invite or revoke the invitation of a company that has not
 * registered, decide its registration, open remote access.
 */
export const COMPANY_ACTIONS = ['update', 'freeze', 'unfreeze', 'reinvite', 'undoInvite', 'approve', 'reject', 'remoteAccess'] as const;
export const companyActionSchema = z.enum(COMPANY_ACTIONS);
export type CompanyAction = z.infer<typeof companyActionSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: companyTypeSchema,
  level: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  contact: z.string(),
  telephone: z.string(),
  email: z.string(),
  areaId: z.number().int().nullable(),
  status: companyStatusSchema,
  userCount: z.number().int(),
  userLimit: z.number().int(),
  createdAt: z.string(),
  /** The caller's abilities on this company (none on its own company or an ancestor). */
  actions: z.array(companyActionSchema),
});
export type Company = z.infer<typeof companySchema>;

/** An invitation link is good for this many days, and once. */
export const INVITATION_TTL_DAYS = 7;
/** "Do not operate frequently": a re-invite of the same company within this window is refused (7021). */
export const INVITATION_RESEND_SECONDS = 60;
/** An e-mail invited and revoked this many times within the window is refused for the rest of it (20052). */
export const INVITE_CHURN_MAX = 3;
export const INVITE_CHURN_WINDOW_MINUTES = 60;
/** A remote-access link must be opened within this time; the session it opens lasts REMOTE_SESSION_MINUTES. */
export const REMOTE_LINK_TTL_MINUTES = 10;
export const REMOTE_SESSION_MINUTES = 30;
export const USER_LIMIT_MAX = 100_000;
export const REJECT_REASON_MAX = 200;

/** Kinds of company an invitation creates: installer and dealer links go to company-register, customers to sub-company-register. */
export const INVITATION_KINDS = ['installer', 'distributor', 'customer'] as const;
export const invitationKindSchema = z.enum(INVITATION_KINDS);
export type InvitationKind = z.infer<typeof invitationKindSchema>;

/** What a registration link is worth when opened: the page says plainly why it cannot be used. */
export const INVITE_LINK_STATES = ['valid', 'expired', 'used', 'revoked', 'replaced', 'invalid'] as const;
export const inviteLinkStateSchema = z.enum(INVITE_LINK_STATES);
export type InviteLinkState = z.infer<typeof inviteLinkStateSchema>;

/**
 * The module's own actions, not tied to a company (the page's buttons): the kinds of company the
 * caller may invite. Answered by `customer/partner/abilities` from the server's policy.
 */
export const PARTNER_ACTIONS = ['inviteInstaller', 'inviteDistributor', 'inviteCustomer'] as const;
export const partnerActionSchema = z.enum(PARTNER_ACTIONS);
export type PartnerAction = z.infer<typeof partnerActionSchema>;

const ok = z.object({});
const companyIdData = z.strictObject({ companyId: idSchema });

const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.nameTooLong' });
/** Company fields a superior (or the company itself) may edit. */
const companyFields = {
  name: z
    .string({ error: 'validation.companyNameRequired' })
    .trim()
    .min(1, { error: 'validation.companyNameRequired' })
    .max(100, { error: 'validation.nameTooLong' }),
  contact: optionalText(50),
  telephone: z
    .string()
    .trim()
    .max(32, { error: 'validation.phoneInvalid' })
    .regex(/^[0-9+\-() ]*$/, { error: 'validation.phoneInvalid' }),
  /** Optional: empty, or a valid address (stored lower-case). */
  email: z
    .string()
    .trim()
    .max(254, { error: 'validation.emailInvalid' })
    .refine((v) => v === '' || isEmailValid(v), { error: 'validation.emailInvalid' })
    .transform((v) => v.toLowerCase()),
};

export const companyInfoFormSchema = z.object({
  ...companyFields,
  areaId: idSchema.nullable().optional(),
  /** The reporting time zone (statistics days are cut in it); unchanged when left out. */
  timeZone: timeZoneSchema.optional(),
});
export type CompanyInfoForm = z.infer<typeof companyInfoFormSchema>;

export const companyUpdateSchema = z.strictObject({
  companyId: idSchema,
  ...companyFields,
  areaId: idSchema.nullable().optional(),
  userLimit: z
    .number({ error: 'validation.userLimitInvalid' })
    .int({ error: 'validation.userLimitInvalid' })
    .min(1, { error: 'validation.userLimitInvalid' })
    .max(USER_LIMIT_MAX, { error: 'validation.userLimitInvalid' }),
});

const invitationSent = z.object({ companyId: idSchema, inviteId: idSchema, expiresAt: z.number() });

/** Registration through an invitation link (company-register and sub-company-register pages). */
export const inviteRegisterSchema = z
  .strictObject({
    inviteId: idSchema,
    sign: z.string().min(1).max(128),
    companyName: companyFields.name,
    contact: optionalText(50),
    telephone: companyFields.telephone,
    nickName: z.string({ error: 'validation.nickNameRequired' }).trim().min(1, { error: 'validation.nickNameRequired' }).max(50),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'validation.confirmPasswordRequired' }).min(1, { error: 'validation.confirmPasswordRequired' }),
  })
  .refine((d) => passwordsMatch(d.password, d.confirmPassword), {
    path: ['confirmPassword'],
    error: 'validation.passwordMismatch',
    when: (p) => {
      const v = p.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });

const inviteCheckData = z.strictObject({ inviteId: idSchema, sign: z.string().min(1).max(128) });
const inviteCheckResult = z.object({
  state: inviteLinkStateSchema,
  /** Filled only for a valid link. */
  invitation: z
    .object({
      kind: invitationKindSchema,
      companyName: z.string(),
      email: z.string(),
      inviterName: z.string(),
      expiresAt: z.number(),
      needsApproval: z.boolean(),
    })
    .nullable(),
});
const inviteRegisterResult = z.object({ email: z.string(), status: z.enum(['active', 'pending']) });

/** What the caller may do with a registration now (the server's company policy): decide it. */
export const REGISTRATION_AUDIT_ACTIONS = ['approve', 'reject'] as const;
export const registrationAuditActionSchema = z.enum(REGISTRATION_AUDIT_ACTIONS);
export type RegistrationAuditAction = z.infer<typeof registrationAuditActionSchema>;

export const registrationAuditSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  companyName: z.string(),
  type: companyTypeSchema,
  applicantName: z.string(),
  applicantEmail: z.string(),
  status: auditStateSchema,
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  actions: z.array(registrationAuditActionSchema),
});
export type RegistrationAudit = z.infer<typeof registrationAuditSchema>;

export const invitationInfoSchema = z.object({
  id: idSchema,
  kind: invitationKindSchema,
  name: z.string(),
  email: z.string(),
  state: inviteLinkStateSchema,
  sentAt: z.string(),
  expiresAt: z.string(),
  inviterName: z.string(),
});

const countBy = <K extends z.ZodType>(key: K) => z.array(z.object({ key, count: z.number().int() }));

export const companyStatisticsSchema = z.object({
  total: z.number().int(),
  byType: countBy(companyTypeSchema),
  byStatus: countBy(companyStatusSchema),
  byArea: z.array(z.object({ areaId: idSchema.nullable(), areaName: z.string(), count: z.number().int() })),
  users: z.object({ count: z.number().int(), limit: z.number().int() }),
  /** Companies that reached (or passed) their user limit, most crowded first (at most 10). */
  atLimit: z.array(z.object({ companyId: idSchema, name: z.string(), userCount: z.number().int(), userLimit: z.number().int() })),
  pendingAudits: z.number().int(),
});
export type CompanyStatistics = z.infer<typeof companyStatisticsSchema>;

/**
 * What the caller may do with its own company's information now: edit the details, set the logo,
 * switch "allow superior access" (never while a superior works here by remote access).
 */
export const CORP_INFO_ACTIONS = ['edit', 'setLogo', 'setRemoteAccess'] as const;
export const corpInfoActionSchema = z.enum(CORP_INFO_ACTIONS);
export type CorpInfoAction = z.infer<typeof corpInfoActionSchema>;

export const corpInfoSchema = z.object({
  id: idSchema,
  type: companyTypeSchema,
  name: z.string(),
  contact: z.string(),
  telephone: z.string(),
  email: z.string(),
  areaId: idSchema.nullable(),
  logoFileId: idSchema.nullable(),
  allowSuperiorAccess: z.boolean(),
  /** The reporting time zone (IANA name): statistics days are cut in it. */
  timeZone: z.string(),
  /** Areas the company may be placed in (the caller's). */
  areaOptions: z.array(z.object({ id: idSchema, displayName: z.string(), displayNames: areaNamesSchema })),
  actions: z.array(corpInfoActionSchema),
});
export type CorpInfo = z.infer<typeof corpInfoSchema>;

const remoteSession = z.object({
  token: z.string(),
  signKey: z.string(),
  renewToken: z.string(),
  tokenExpiresAt: z.number(),
  user: sessionUserSchema,
});

const ACCOUNT_QRY = { anyOf: ['dealer_account_qry', 'dealer_account_mgr'] } as const;
const ACCOUNT_MGR = { anyOf: ['dealer_account_mgr'] } as const;

/** The partner network: companies, invitations, registration, audit, corporate information, remote access. */
export const partnerCalls = {
  abilities: defineCall({
    path: 'customer/partner/abilities',
    auth: 'session',
    write: false,
    summary: 'What the caller may do in the partner network beside acting on a listed company: which kinds of company it may invite.',
    data: z.strictObject({}),
    result: z.object({ actions: z.array(partnerActionSchema) }),
  }),

  // ---- downstream and partner companies ----
  companyDetail: defineCall({
    path: 'customer/partner-company/detail',
    auth: ACCOUNT_QRY,
    write: false,
    summary:
      'A downstream company (with the actions the caller may take on it) and its parent, area, current invitation and registration audit.',
    data: companyIdData,
    result: z.object({
      company: companySchema,
      parentName: z.string(),
      areaName: z.string(),
      invitation: invitationInfoSchema.nullable(),
      audit: registrationAuditSchema.nullable(),
      allowSuperiorAccess: z.boolean(),
    }),
  }),
  updateCompany: defineCall({
    path: 'customer/partner-company/update',
    auth: ACCOUNT_MGR,
    write: true,
    summary: "Update a downstream company's name, contact, telephone, e-mail, area and user limit.",
    data: companyUpdateSchema,
    result: companySchema,
  }),
  freezeCompany: defineCall({
    path: 'customer/partner-company/freeze',
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'Freeze an activated downstream company: its users can no longer log in or call.',
    data: companyIdData,
    result: companySchema,
  }),
  unfreezeCompany: defineCall({
    path: 'customer/partner-company/unfreeze',
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'Unfreeze a frozen downstream company.',
    data: companyIdData,
    result: companySchema,
  }),
  undoInvite: defineCall({
    path: 'customer/partner-company/undo-invite',
    auth: { anyOf: ['dealer_account_mgr', 'dealer_installerinvite_mgr', 'dealer_subcustomerinvite_mgr'] },
    write: true,
    summary: 'Revoke the pending invitation of a company that has not registered; the link stops working and the company is removed.',
    data: companyIdData,
    result: ok,
  }),
  statistics: defineCall({
    path: 'customer/partner-company/statistics',
    auth: ACCOUNT_QRY,
    write: false,
    summary: 'Downstream companies by type, state and area; users against the user limit.',
    data: z.strictObject({}),
    result: companyStatisticsSchema,
  }),

  // ---- invitations ----
  inviteInstaller: defineCall({
    path: 'customer/installer-company/invite',
    remoteForbidden: true,
    auth: { anyOf: ['dealer_installerinvite_mgr'] },
    write: true,
    summary: 'Invite an installer company by e-mail (partners and dealers); it stays not activated until it registers.',
    data: inviteeSchema.strict(),
    result: invitationSent,
  }),
  reinviteInstaller: defineCall({
    path: 'customer/installer-company/re-invite',
    remoteForbidden: true,
    auth: { anyOf: ['dealer_installerinvite_mgr'] },
    write: true,
    summary: 'Send a not-activated installer a fresh link; the previous link stops working.',
    data: companyIdData,
    result: invitationSent,
  }),
  inviteDealer: defineCall({
    path: 'customer/dealer/invite',
    remoteForbidden: true,
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'Invite a level-2 dealer (distributor) by e-mail; partners only.',
    data: inviteeSchema.strict(),
    result: invitationSent,
  }),
  reinviteDealer: defineCall({
    path: 'customer/dealer/re-invite',
    remoteForbidden: true,
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'Send a not-activated dealer a fresh link; partners only.',
    data: companyIdData,
    result: invitationSent,
  }),
  inviteSubCustomer: defineCall({
    path: 'customer/sub-customer-company/invite',
    remoteForbidden: true,
    auth: { anyOf: ['dealer_subcustomerinvite_mgr'] },
    write: true,
    summary: 'Invite a sub-customer company by e-mail; its registration waits for the inviting company’s approval.',
    data: inviteeSchema.strict(),
    result: invitationSent,
  }),
  reinviteSubCustomer: defineCall({
    path: 'customer/sub-customer-company/re-invite',
    remoteForbidden: true,
    auth: { anyOf: ['dealer_subcustomerinvite_mgr'] },
    write: true,
    summary: 'Send a not-registered sub-customer a fresh link.',
    data: companyIdData,
    result: invitationSent,
  }),
  checkCompanyInvite: defineCall({
    path: 'customer/company-register/check',
    rateLimit: RATE_LIMITS.invitationCheck,
    auth: 'public',
    write: false,
    summary:
      'What an installer or dealer registration link is worth: valid (with the invitation), expired, used, revoked, replaced or invalid.',
    data: inviteCheckData,
    result: inviteCheckResult,
  }),
  registerCompany: defineCall({
    path: 'customer/company-register/register',
    rateLimit: RATE_LIMITS.registration,
    auth: 'public',
    write: true,
    summary: 'Register an invited installer or dealer company and its owner; activates the company; the link is used up.',
    data: inviteRegisterSchema,
    result: inviteRegisterResult,
  }),
  checkSubCustomerInvite: defineCall({
    path: 'customer/sub-customer-company/check',
    rateLimit: RATE_LIMITS.invitationCheck,
    auth: 'public',
    write: false,
    summary: 'What a sub-customer registration link is worth.',
    data: inviteCheckData,
    result: inviteCheckResult,
  }),
  registerSubCustomer: defineCall({
    path: 'customer/sub-customer-company/register',
    rateLimit: RATE_LIMITS.registration,
    auth: 'public',
    write: true,
    summary: 'Register an invited sub-customer company and its owner; the registration waits for approval.',
    data: inviteRegisterSchema,
    result: inviteRegisterResult,
  }),

  // ---- registration audit ----
  auditPage: defineCall({
    path: 'customer/registration-audit/page',
    auth: ACCOUNT_QRY,
    write: false,
    summary: "Registrations of companies in the caller's subtree waiting for (or given) approval.",
    data: pageQuerySchema.extend({ status: auditStateSchema.optional(), searchText: z.string().trim().max(100).optional() }).strict(),
    result: pageOf(registrationAuditSchema),
  }),
  approveRegistration: defineCall({
    path: 'customer/registration-audit/approve',
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'Approve a pending registration: the company is activated and its owner can log in.',
    data: companyIdData,
    result: registrationAuditSchema,
  }),
  rejectRegistration: defineCall({
    path: 'customer/registration-audit/reject',
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'Reject a pending registration with a reason the applicant sees when logging in.',
    data: z.strictObject({
      companyId: idSchema,
      reason: z
        .string({ error: 'validation.rejectReasonRequired' })
        .trim()
        .min(1, { error: 'validation.rejectReasonRequired' })
        .max(REJECT_REASON_MAX, { error: 'validation.rejectReasonTooLong' }),
    }),
    result: registrationAuditSchema,
  }),
  resubmitRegistration: defineCall({
    path: 'customer/registration-audit/resubmit',
    rateLimit: RATE_LIMITS.registration,
    auth: 'public',
    write: true,
    summary:
      'The applicant of a rejected registration corrects the company details and sends it for approval again (signs with account and password).',
    data: z.strictObject({
      account: z.string().trim().min(1).max(254),
      password: z.string().min(1).max(64),
      companyName: companyFields.name,
      contact: optionalText(50),
      telephone: companyFields.telephone,
    }),
    result: z.object({ status: auditStateSchema, approverName: z.string() }),
  }),

  // ---- corporate information ----
  corpInfo: defineCall({
    path: 'customer/company-info/get',
    auth: ACCOUNT_QRY,
    write: false,
    summary: "The caller's own company: name, contact, telephone, e-mail, area, logo and the allow-superior-access switch.",
    data: z.strictObject({}),
    result: corpInfoSchema,
  }),
  setCorpInfo: defineCall({
    path: 'customer/company-info/set',
    auth: ACCOUNT_MGR,
    write: true,
    summary: "Set the caller's own company's name, contact, telephone, e-mail and area.",
    data: companyInfoFormSchema.strict(),
    result: corpInfoSchema,
  }),
  setLogo: defineCall({
    path: 'customer/company-info/logo/set',
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'Use an uploaded logo (file/upload purpose logo): JPG/PNG under 500 KB; other sizes than 720*200 or 700*200 get a warning.',
    data: z.strictObject({ fileId: idSchema }),
    result: z.object({ logoFileId: z.number().int(), width: z.number().int(), height: z.number().int(), recommendedSize: z.boolean() }),
  }),

  // ---- remote access ----
  setRemoteAccess: defineCall({
    path: 'customer/remote-access/switch',
    remoteForbidden: true,
    auth: ACCOUNT_MGR,
    write: true,
    summary: "Turn the account's 'allow superior access' on or off; its administrators are e-mailed; off ends remote sessions.",
    data: z.strictObject({ allow: z.boolean() }),
    result: z.object({ allowSuperiorAccess: z.boolean(), endedSessions: z.number().int() }),
  }),
  createRemoteAccessLink: defineCall({
    path: 'customer/remote-access/link',
    remoteForbidden: true,
    auth: ACCOUNT_MGR,
    write: true,
    summary: 'A one-time remote-access link into a downstream company that allows superior access.',
    data: companyIdData,
    result: z.object({ grantId: z.number().int(), path: z.string(), expiresAt: z.number(), sessionMinutes: z.number().int() }),
  }),
  exchangeRemoteAccess: defineCall({
    path: 'customer/remote-access/exchange',
    rateLimit: RATE_LIMITS.tokenExchange,
    auth: 'public',
    write: true,
    summary: "Exchange a remote-access link for a session in the company's owner account, acting as the superior, for a limited time.",
    data: z.strictObject({ grantId: idSchema, token: z.string().min(1).max(256), coId: idSchema }),
    result: remoteSession,
  }),
};

export type InviteRegisterData = z.input<typeof inviteRegisterSchema>;
