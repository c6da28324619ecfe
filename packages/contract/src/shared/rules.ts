/**
 * Field rules as plain values and functions, without zod: the zod schemas (validators.ts, calls)
 * are built on them, and the login page checks its form with them directly, so /login need not
 * download zod (issue 16). Each rule lives here once.
 */
import { PASSWORD_MAX } from './constants';

export const EMAIL_MAX_LENGTH = 254;
/** The e-mail pattern (zod's default `z.regexes.email`, kept here so schema and lite check share it). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An e-mail as it is stored and compared: trimmed, lower case (what `emailSchema` outputs). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The validation key an e-mail breaks (as `emailSchema` reports it), or undefined. */
export function emailIssue(value: unknown): 'validation.emailRequired' | 'validation.emailInvalid' | undefined {
  if (typeof value !== 'string') return 'validation.emailRequired';
  const v = value.trim();
  if (v.length < 1) return 'validation.emailRequired';
  if (v.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(v)) return 'validation.emailInvalid';
  return undefined;
}

/**
 * The login password: only required and at most PASSWORD_MAX (no portal password is longer); the
 * registration rule must not lock out accounts created under older rules.
 */
export function loginPasswordIssue(value: unknown): 'validation.passwordRequired' | 'validation.passwordLength' | undefined {
  if (typeof value !== 'string' || value.length < 1) return 'validation.passwordRequired';
  if (value.length > PASSWORD_MAX) return 'validation.passwordLength';
  return undefined;
}

export interface LoginFormValues {
  account: string;
  password: string;
}

/** Each login form field's broken rule (validation key), as the login form schema reports it. */
export function loginFormIssues(values: LoginFormValues): Partial<Record<keyof LoginFormValues, string>> {
  const out: Partial<Record<keyof LoginFormValues, string>> = {};
  const account = emailIssue(values.account);
  if (account) out.account = account;
  const password = loginPasswordIssue(values.password);
  if (password) out.password = password;
  return out;
}
