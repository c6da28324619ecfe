import type { CallAuth } from './define-call';

/**
 * Where a call goes and who may make it, without its zod schemas: the web's login path (login,
 * token renewal, the host's branding, single sign-on) and the registration page (graphic code,
 * e-mailed code, self-registration) call through these so it does not download
 * zod (issue 16). The full definitions (modules/auth/calls.ts) spread them, so a path lives once.
 */
export interface CallRef {
  path: string;
  auth: CallAuth;
}

export const authRefs = {
  login: { path: 'auth/login', auth: 'public' },
  renew: { path: 'auth/token/renew', auth: 'public' },
  customerWebsite: { path: 'auth/customer-website/get', auth: 'public' },
  exchangeSsoToken: { path: 'auth/sso/exchange', auth: 'public' },
  imageCode: { path: 'auth/image-verify-code', auth: 'public' },
  emailCode: { path: 'auth/email-dynamic-code', auth: 'public' },
  selfRegister: { path: 'auth/self-register', auth: 'public' },
  findPassword: { path: 'auth/password-find', auth: 'public' },
} as const satisfies Record<string, CallRef>;
