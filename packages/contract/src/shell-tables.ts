/**
 * The part of the error catalogue and of the validation texts that the web's first screen (/login)
 * needs before any module's texts: the common slice and the sign-in ones (auth; account-manage and
 * partner, whose registration codes the login answers, e.g. 7041 registration rejected). Only the
 * common and auth validation texts: the login form's rules. The web loads the whole
 * tables (errors.ts, validation-messages.ts) with the features' texts, so each new module's slice
 * adds nothing to what /login downloads (issue 16: the login budget). Every session-ending code is
 * here (test/errors.test.ts holds it), so the browser ends a session on any of them from the start.
 */
import { ACCOUNT_MANAGE_ERRORS } from './modules/account-manage/errors';
import { AUTH_ERRORS } from './modules/auth/errors';
import { AUTH_VALIDATION_MESSAGES } from './modules/auth/messages';
import { type ErrorEntry, COMMON_ERRORS } from './shared/errors';
import { PARTNER_ERRORS } from './modules/partner/errors';
import { SHARED_VALIDATION_MESSAGES } from './shared/messages';

type ShellCatalogue = typeof COMMON_ERRORS & typeof AUTH_ERRORS & typeof ACCOUNT_MANAGE_ERRORS & typeof PARTNER_ERRORS;

export const SHELL_ERROR_CATALOGUE: ShellCatalogue = { ...COMMON_ERRORS, ...AUTH_ERRORS, ...ACCOUNT_MANAGE_ERRORS, ...PARTNER_ERRORS };

/** Key to code of the shell's codes (the same numbers as ErrorCodes). */
export const SHELL_ERROR_CODES = Object.fromEntries(Object.entries(SHELL_ERROR_CATALOGUE).map(([code, e]) => [e.key, Number(code)])) as {
  [K in keyof ShellCatalogue as ShellCatalogue[K]['key']]: K;
};

/** Codes after which the browser ends the session (SPEC §8): all of them are shell codes. */
export const SHELL_SESSION_ENDING_CODES: readonly number[] = Object.entries(SHELL_ERROR_CATALOGUE as Record<string, ErrorEntry>)
  .filter(([, e]) => e.endsSession)
  .map(([c]) => Number(c));

export const SHELL_VALIDATION_MESSAGES = { ...SHARED_VALIDATION_MESSAGES, ...AUTH_VALIDATION_MESSAGES };

export type { ErrorEntry };
export { fillErrorText } from './shared/error-text';
