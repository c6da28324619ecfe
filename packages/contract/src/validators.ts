/**
 * Validation rules of SPEC §5, as plain functions and zod schemas shared by forms and the server.
 * Zod messages are i18n keys (`validation.*`); the web translates them, the server maps them to 1001.
 */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';

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

/** Registration rule: 8-16 characters and at least two of digits, letters, special characters. */
export function isRegistrationPasswordValid(pw: string): boolean {
  if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX) return false;
  let groups = 0;
  if (/[a-zA-Z]/.test(pw)) groups++;
  if (/[0-9]/.test(pw)) groups++;
  if (/[^a-zA-Z0-9]/.test(pw)) groups++;
  return groups >= 2;
}

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(254, { error: 'validation.emailInvalid' })
  .pipe(z.email({ error: 'validation.emailInvalid' }))
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .refine(isRegistrationPasswordValid, { error: 'validation.passwordRule' });
