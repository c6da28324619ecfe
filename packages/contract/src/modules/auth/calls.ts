import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { areaSchema, brandingSchema, localeSchema, sessionUserSchema } from '../../shared/entities';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { authRefs } from '../../shared/refs';
import { REGISTER_COMPANY_NAME_MAX, REGISTER_NICKNAME_MAX } from '../../shared/register-rules';
import { EMAIL_MAX_LENGTH } from '../../shared/rules';
import { emailSchema, idSchema } from '../../shared/validators';
import { passwordSchema, passwordsMatch, verifyCodeSchema } from './validators';

const ok = z.object({});

const confirmPasswordSchema = z
  .string({ error: 'validation.confirmPasswordRequired' })
  .min(1, { error: 'validation.confirmPasswordRequired' });
/**
 * "Confirm must match", checked even while other fields are invalid (zod skips object checks
 * otherwise), as long as both passwords are strings and the confirmation is not empty.
 */
const confirmMismatch = {
  path: ['confirmPassword'],
  error: 'validation.passwordMismatch',
  when: (p: { value: unknown }) => {
    const v = p.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
  },
};

const sessionTokens = z.object({
  token: z.string(),
  /** Per-session secret keying the HMAC `sign` of every later call. */
  signKey: z.string(),
  renewToken: z.string(),
  tokenExpiresAt: z.number(),
  user: sessionUserSchema,
});
export type SessionTokens = z.infer<typeof sessionTokens>;

export const authCalls = {
  login: defineCall({
    ...authRefs.login,
    rateLimit: RATE_LIMITS.login,
    write: false,
    summary: 'Log in with e-mail and password; returns the token, the signing key and the session user.',
    data: z.strictObject({
      account: z
        .string({ error: 'validation.emailRequired' })
        .trim()
        .min(1, { error: 'validation.emailRequired' })
        .max(EMAIL_MAX_LENGTH, { error: 'validation.emailInvalid' }),
      password: z
        .string({ error: 'validation.passwordRequired' })
        .min(1, { error: 'validation.passwordRequired' })
        .max(64, { error: 'validation.passwordLength' }),
      locale: localeSchema.optional(),
    }),
    result: sessionTokens,
  }),
  logout: defineCall({
    path: 'auth/logout',
    auth: 'session',
    write: false,
    summary: 'End the current session; answers where the browser goes next.',
    data: z.strictObject({}),
    result: z.object({ redirect: z.string() }),
  }),
  renew: defineCall({
    ...authRefs.renew,
    rateLimit: RATE_LIMITS.tokenExchange,
    write: false,
    summary: 'Exchange the renewal token for a new token and signing key (after 7004).',
    data: z.strictObject({ renewToken: z.string().min(1).max(256) }),
    result: sessionTokens,
  }),
  imageCode: defineCall({
    ...authRefs.imageCode,
    rateLimit: RATE_LIMITS.captcha,
    write: false,
    summary: 'A new graphic verification code (SVG) and the id to answer it with.',
    data: z.strictObject({}),
    result: z.object({ codeId: z.string(), svg: z.string() }),
  }),
  emailCode: defineCall({
    ...authRefs.emailCode,
    rateLimit: RATE_LIMITS.emailCode,
    write: false,
    summary:
      'E-mail a dynamic code for registration or password finding (before login; a code for binding an e-mail is asked by the signed-in user: emailBindCode).',
    data: z.strictObject({
      email: emailSchema,
      purpose: z.enum(['register', 'findPassword']),
      imageCodeId: z.string().min(1),
      imageCode: z.string().trim().min(1, { error: 'validation.imageCodeRequired' }),
    }),
    result: z.object({ resendAfterSeconds: z.number().int() }),
  }),
  userExist: defineCall({
    path: 'auth/user-exist',
    rateLimit: RATE_LIMITS.accountCheck,
    auth: 'public',
    write: false,
    summary:
      'Whether an account uses this e-mail: told only with an open e-mailed code for the address (any purpose; not used up), else null (no account enumeration); a wrong code answers 7012.',
    data: z.strictObject({ email: emailSchema, emailCode: verifyCodeSchema.optional() }),
    result: z.object({ exists: z.boolean().nullable() }),
  }),
  selfRegister: defineCall({
    ...authRefs.selfRegister,
    rateLimit: RATE_LIMITS.registration,
    write: true,
    summary:
      'Register an enterprise (customer) account under the brand of the domain; it waits for the brand’s approval (registration audit).',
    data: z
      .strictObject({
        email: emailSchema,
        emailCode: verifyCodeSchema,
        password: passwordSchema,
        confirmPassword: confirmPasswordSchema,
        companyName: z.string().trim().min(1, { error: 'validation.companyNameRequired' }).max(REGISTER_COMPANY_NAME_MAX),
        nickName: z.string().trim().min(1, { error: 'validation.nickNameRequired' }).max(REGISTER_NICKNAME_MAX),
        domain: z.string().max(253).optional(),
        agree: z.literal(true, { error: 'validation.agreeTerms' }),
      })
      .refine((d) => passwordsMatch(d.password, d.confirmPassword), confirmMismatch),
    /** status 'pending': the brand (approverName) approves before the account can log in. */
    result: z.object({ userId: z.number().int(), status: z.enum(['pending', 'active']), approverName: z.string() }),
  }),
  findPassword: defineCall({
    ...authRefs.findPassword,
    rateLimit: RATE_LIMITS.passwordFind,
    write: true,
    summary: 'Set a new password with the code e-mailed for findPassword.',
    data: z
      .strictObject({
        email: emailSchema,
        emailCode: verifyCodeSchema,
        password: passwordSchema,
        confirmPassword: confirmPasswordSchema,
      })
      .refine((d) => passwordsMatch(d.password, d.confirmPassword), confirmMismatch),
    result: ok,
  }),
  checkPwd: defineCall({
    path: 'auth/check-pwd',
    rateLimit: RATE_LIMITS.credentialCheck,
    auth: 'session',
    write: false,
    summary: "Check the signed-in user's password (before sensitive operations).",
    data: z.strictObject({ password: z.string().min(1).max(64) }),
    result: z.object({ valid: z.boolean() }),
  }),
  emailBindCode: defineCall({
    path: 'auth/email-bind/code',
    rateLimit: RATE_LIMITS.emailCode,
    remoteForbidden: true,
    auth: 'session',
    write: false,
    summary:
      'E-mail the signed-in user a dynamic code for binding this new address (emailBind). A remote-access visit is refused (7050), as the binding is.',
    data: z.strictObject({
      email: emailSchema,
      imageCodeId: z.string().min(1),
      imageCode: z.string().trim().min(1, { error: 'validation.imageCodeRequired' }),
    }),
    result: z.object({ resendAfterSeconds: z.number().int() }),
  }),
  emailBind: defineCall({
    path: 'auth/email-bind',
    rateLimit: RATE_LIMITS.credentialCheck,
    remoteForbidden: true,
    auth: 'session',
    write: true,
    summary: 'Bind a new e-mail to the signed-in user with the code e-mailed to it.',
    data: z.strictObject({ email: emailSchema, emailCode: verifyCodeSchema }),
    result: ok,
  }),
  customerWebsite: defineCall({
    ...authRefs.customerWebsite,
    rateLimit: RATE_LIMITS.publicPage,
    write: false,
    summary: 'The branding of the domain the page is opened on, before login.',
    data: z.strictObject({ domain: z.string().max(253) }),
    result: brandingSchema.extend({ companyName: z.string() }),
  }),
  me: defineCall({
    path: 'auth/session/get',
    auth: 'session',
    write: false,
    summary: 'The signed-in user, with resource codes, areas and hidden menus.',
    data: z.strictObject({}),
    result: sessionUserSchema,
  }),
  switchArea: defineCall({
    path: 'auth/area/switch',
    auth: 'session',
    write: false,
    summary: "Change the session's current area.",
    data: z.strictObject({ areaId: idSchema }),
    result: sessionUserSchema,
  }),
  ownResources: defineCall({
    path: 'auth/own-resources',
    auth: 'session',
    write: false,
    summary: 'The resources the signed-in user holds: areas or resource codes.',
    data: z.strictObject({ resType: z.enum(['area', 'code']) }),
    result: z.object({
      records: z.array(
        z.object({ resType: z.enum(['area', 'code']), resCode: z.string(), resName: z.string(), resVals: z.array(z.string()) }),
      ),
    }),
  }),
  areas: defineCall({
    path: 'auth/area/list',
    auth: 'session',
    write: false,
    summary: 'Areas the user may switch to.',
    data: z.strictObject({}),
    result: z.object({ records: z.array(areaSchema) }),
  }),
};

export const ssoCalls = {
  createSsoToken: defineCall({
    path: 'auth/sso-token/create',
    remoteForbidden: true,
    auth: 'session',
    write: false,
    summary: 'A one-time token (60 s) that opens the portal signed in as the current user, e.g. on a regional host.',
    data: z.strictObject({}),
    result: z.object({ token: z.string(), expiresAt: z.number() }),
  }),
  exchangeSsoToken: defineCall({
    ...authRefs.exchangeSsoToken,
    rateLimit: RATE_LIMITS.tokenExchange,
    write: false,
    summary: 'Exchange a one-time URL token for a session (single sign-on).',
    data: z.strictObject({ token: z.string().min(1).max(256) }),
    result: sessionTokens,
  }),
};
