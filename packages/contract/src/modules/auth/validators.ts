/** The auth module's rules (SPEC §5): passwords, their confirmation, e-mailed and graphic codes. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { isPasswordLengthValid, isRegistrationPasswordValid, passwordStrength } from '../../shared/register-rules';
import { validationKeyOf } from '../../shared/validators';
import type { AuthValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | AuthValidationName>();

/** Registration password (SPEC §5): 8-16 characters, at least two of digits, letters, special characters. */
export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .refine(isRegistrationPasswordValid, { error: 'validation.passwordRule' });

/** A password of 8-16 characters whose strength level (see passwordStrength) is at least `minLevel`. */
export function strongPasswordSchema(minLevel: 1 | 2 | 3 = 2) {
  return z
    .string({ error: vk('passwordRequired') })
    .min(1, { error: vk('passwordRequired') })
    .refine(isPasswordLengthValid, { error: vk('passwordLength'), abort: true })
    .refine((pw) => passwordStrength(pw) >= minLevel, { error: vk('passwordStrength') });
}

export function passwordsMatch(password: string, confirm: string): boolean {
  return password === confirm;
}

/** Password plus confirmation; the mismatch is reported on `confirmPassword`. */
export const passwordConfirmSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: vk('confirmPasswordRequired') }).min(1, { error: vk('confirmPasswordRequired') }),
  })
  // An empty confirmation is already reported as required; do not add a mismatch on top.
  .refine((d) => d.confirmPassword === '' || passwordsMatch(d.password, d.confirmPassword), {
    path: ['confirmPassword'],
    error: vk('passwordMismatch'),
  });

/** E-mailed dynamic code: required (its format is the server's business). */
export const verifyCodeSchema = z
  .string({ error: vk('verifyCodeRequired') })
  .trim()
  .min(1, { error: vk('verifyCodeRequired') });
/** Graphic (image) verification code: required. */
export const imageCodeSchema = z
  .string({ error: vk('imageCodeRequired') })
  .trim()
  .min(1, { error: vk('imageCodeRequired') });
