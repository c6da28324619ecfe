/**
 * Sign-in, sessions, single sign-on and verification codes. The only file other modules import
 * from this module.
 */
export { authImpls } from './auth.calls';
export { checkCredentials, issueSession } from './auth.service';
export { endUserSessions, listAreas } from './session.repository';
export { attemptPassword } from './login-attempts';
