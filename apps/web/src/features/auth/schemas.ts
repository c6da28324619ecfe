import { authCalls } from '@portal/contract';

// The login form is checked with the contract's zod-free rules (loginFormIssues): /login loads no zod.
export const registerSchema = authCalls.selfRegister.data;
export const findPasswordSchema = authCalls.findPassword.data;
export const emailCodeSchema = authCalls.emailCode.data;

export { safeRedirect } from './redirect';
