import { PASSWORD_MAX, authCalls, emailSchema } from '@portal/contract';
import { z } from 'zod';

/**
 * Login form: the account is an e-mail (contract `emailSchema`); the password is only required here —
 * the registration rule must not lock out accounts created under older rules.
 * (The contract's login call schema carries no message keys; see the report.)
 */
export const loginFormSchema = z.object({
  account: emailSchema,
  // No portal password is longer than PASSWORD_MAX (SPEC: 8-16): a longer one is refused with the
  // SPEC's message, not cut by the field (issue 16).
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(PASSWORD_MAX, { error: 'validation.passwordLength' }),
});
export type LoginForm = z.input<typeof loginFormSchema>;

export const registerSchema = authCalls.selfRegister.data;
export const findPasswordSchema = authCalls.findPassword.data;
export const emailCodeSchema = authCalls.emailCode.data;

/** Only same-app paths under the layout may be returned to after login (no open redirects). */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/layout') || target.startsWith('//')) return null;
  return target;
}
