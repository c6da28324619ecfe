import type { CallDef } from './define';

/** The partner network: companies, invitations, registration, audit, corporate information, remote access. */
export const partnerCalls: Record<string, CallDef> = {};
