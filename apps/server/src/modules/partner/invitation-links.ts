import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InvitationKind } from '@portal/contract';
import type { CallContext } from '../../lib/context';

/** Origin of links in e-mails (config PUBLIC_URL): never taken from the request. */
export function publicOrigin(ctx: Pick<CallContext, 'services'>): string {
  return ctx.services.config.publicUrl;
}

/** Installer and dealer links open company-register; sub-customer links open sub-company-register. */
export const REGISTER_ROUTE: Record<InvitationKind, string> = {
  installer: 'company-register',
  distributor: 'company-register',
  customer: 'sub-company-register',
};

export interface SignedInvitation {
  id: number;
  kind: string;
  email: string;
  expiresAt: Date;
}

/**
 * The `{sign}` of a registration link: HMAC-SHA256 (LINK_SECRET) over the invitation's id, kind,
 * e-mail and expiry, so an id cannot be guessed or changed and the expiry cannot be stretched.
 * Whether the link still works (used, revoked, replaced) is the invitation row's state.
 */
export function invitationSign(secret: string, inv: SignedInvitation): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify(['invite/v1', inv.id, inv.kind, inv.email, Math.floor(inv.expiresAt.getTime() / 1000)]))
    .digest('hex');
}

export function invitationSignMatches(secret: string, inv: SignedInvitation, sign: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(sign)) return false;
  return timingSafeEqual(Buffer.from(sign, 'hex'), Buffer.from(invitationSign(secret, inv), 'hex'));
}

export function invitationLink(origin: string, secret: string, inv: SignedInvitation & { kind: InvitationKind }): string {
  return `${origin}/customer/${REGISTER_ROUTE[inv.kind]}/${inv.id}/${invitationSign(secret, inv)}`;
}
