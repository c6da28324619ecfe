import type { CallImpl } from '../../lib/implement';

/** Implementations of contract `userCalls`. */
export const accountImpls: CallImpl[] = [];
