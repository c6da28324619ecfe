/**
 * One-time links of user registration and password reset:
 * `/customer/user-register/{corpId}/{userId}/{emailmd5}?t={token}`. The token is 32 random bytes kept
 * only as its SHA-256 in `one_time_tokens` (purpose userRegister or passwordReset); the path parts are
 * checked against the token's user, so a link cannot be re-aimed at another account. A new link
 * revokes the user's earlier links of the same purpose. The statements are in registration-links.repository.ts.
 */
import { createHash } from 'node:crypto';
import type { CallContext } from '../../lib/context';

export type LinkPurpose = 'userRegister' | 'passwordReset';

export const md5Hex = (s: string) => createHash('md5').update(s).digest('hex');
export const emailMd5 = (email: string) => md5Hex(email.trim().toLowerCase());

/** Origin of links in e-mails (config PUBLIC_URL): never taken from the request. */
export function linkOrigin(ctx: Pick<CallContext, 'services'>): string {
  return ctx.services.config.publicUrl;
}

export function registrationLink(origin: string, user: { companyId: number; id: number; email: string }, token: string): string {
  return `${origin}/customer/user-register/${user.companyId}/${user.id}/${emailMd5(user.email)}?t=${encodeURIComponent(token)}`;
}
