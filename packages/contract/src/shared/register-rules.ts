/**
 * The registration and password-finding forms' rules, without zod (as shared/rules.ts for login): the
 * auth module's zod schemas are built on the password rules here, and the antd-free registration
 * pages check their forms with them directly. A module of its own, so /login does not download them.
 */
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { emailIssue } from './rules';

/** Number of character kinds (lowercase, uppercase, digit, special) present. */
export function passwordKinds(pw: string): number {
  let n = 0;
  if (/[a-z]/.test(pw)) n++;
  if (/[A-Z]/.test(pw)) n++;
  if (/[0-9]/.test(pw)) n++;
  if (/[^a-zA-Z0-9]/.test(pw)) n++;
  return n;
}

/** Strength level: 3 needs all 4 kinds, 2 needs at least 2 kinds, otherwise 1 (SPEC §5). */
export function passwordStrength(pw: string): 1 | 2 | 3 {
  const k = passwordKinds(pw);
  if (k >= 4) return 3;
  if (k >= 2) return 2;
  return 1;
}

/** 8-16 characters (SPEC §5, §9). */
export function isPasswordLengthValid(pw: string): boolean {
  return pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX;
}

/** Registration rule: 8-16 characters and at least two of digits, letters, special characters. */
export function isRegistrationPasswordValid(pw: string): boolean {
  if (!isPasswordLengthValid(pw)) return false;
  let groups = 0;
  if (/[a-zA-Z]/.test(pw)) groups++;
  if (/[0-9]/.test(pw)) groups++;
  if (/[^a-zA-Z0-9]/.test(pw)) groups++;
  return groups >= 2;
}

/** The registration password's broken rule (as the auth module's `passwordSchema` reports it), or undefined. */
export function registrationPasswordIssue(value: unknown): 'validation.passwordRequired' | 'validation.passwordRule' | undefined {
  if (typeof value !== 'string' || value.length < 1) return 'validation.passwordRequired';
  return isRegistrationPasswordValid(value) ? undefined : 'validation.passwordRule';
}

/** A confirmation: required, then equal to the password (reported on the confirmation). */
export function confirmPasswordIssue(
  password: string,
  confirm: string,
): 'validation.confirmPasswordRequired' | 'validation.passwordMismatch' | undefined {
  if (confirm.length < 1) return 'validation.confirmPasswordRequired';
  return password === confirm ? undefined : 'validation.passwordMismatch';
}

/** A field that must not be blank (trimmed), with the key it reports. */
function requiredIssue<K extends string>(value: string, key: K): K | undefined {
  return value.trim().length < 1 ? key : undefined;
}

export const REGISTER_COMPANY_NAME_MAX = 100;
export const REGISTER_NICKNAME_MAX = 50;

export interface RegisterFormValues {
  email: string;
  imageCode: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  nickName: string;
  agree: boolean;
}

/** The fields "send code" needs: the address and the graphic code. */
export function emailCodeFormIssues(
  values: Pick<RegisterFormValues, 'email' | 'imageCode'>,
): Partial<Record<'email' | 'imageCode', string>> {
  const out: Partial<Record<'email' | 'imageCode', string>> = {};
  const email = emailIssue(values.email);
  if (email) out.email = email;
  const image = requiredIssue(values.imageCode, 'validation.imageCodeRequired');
  if (image) out.imageCode = image;
  return out;
}

/** Only the keys of the rules a form's values break. */
function brokenOnly<K extends string>(found: Record<K, string | undefined>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of Object.keys(found) as K[]) if (found[k]) out[k] = found[k];
  return out;
}

export type FindPasswordFormValues = Pick<RegisterFormValues, 'email' | 'imageCode' | 'emailCode' | 'password' | 'confirmPassword'>;

/**
 * Each password-finding field's broken rule, as the password-find call's schema reports it (the
 * graphic code is checked only when a code is sent: see emailCodeFormIssues).
 */
export function findPasswordFormIssues(values: FindPasswordFormValues): Partial<Record<keyof FindPasswordFormValues, string>> {
  return brokenOnly({
    email: emailIssue(values.email),
    emailCode: requiredIssue(values.emailCode, 'validation.verifyCodeRequired'),
    password: registrationPasswordIssue(values.password),
    confirmPassword: confirmPasswordIssue(values.password, values.confirmPassword),
  });
}

/** Each registration field's broken rule (validation key), as the self-register call's schema reports it. */
export function registerFormIssues(values: RegisterFormValues): Partial<Record<keyof RegisterFormValues, string>> {
  return {
    ...findPasswordFormIssues(values),
    ...brokenOnly({
      companyName: requiredIssue(values.companyName, 'validation.companyNameRequired'),
      nickName: requiredIssue(values.nickName, 'validation.nickNameRequired'),
      agree: values.agree ? undefined : 'validation.agreeTerms',
    }),
  };
}
