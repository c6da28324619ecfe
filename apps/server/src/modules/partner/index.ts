import type { CallImpl } from '../../lib/implement';

/** Implementations of contract `partnerCalls`. */
export const partnerImpls: CallImpl[] = [];
