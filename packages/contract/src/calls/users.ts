import type { CallDef } from './define';

/** The account group of SPEC §7 for users: list, get, edit, enable, delete, invite, permissions, account info, user-configs. */
export const userCalls: Record<string, CallDef> = {};
