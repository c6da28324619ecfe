import type { CallImpl } from '../../lib/implement';
import { userImpls } from './users.calls';

/** Implementations of contract `userCalls`. */
export const accountImpls: CallImpl[] = [...userImpls];
