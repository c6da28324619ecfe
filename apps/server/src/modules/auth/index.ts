/**
 * Sign-in, sessions, single sign-on and verification codes. The only file other modules import
 * from this module.
 */
export { authImpls } from './auth.calls';
export { checkCredentials, checkEmailCode, issueEmailCode, issueSession, useEmailCode } from './auth.service';
export { endUserSessions, listAreas } from './session.repository';
export { attemptPassword, verifyInConstantTime, type AccountCounter } from './login-attempts';
export { ownAccountPolicy } from './own-account.policy';
