import type { CallImpl } from '../../lib/implement';
import { partnerCallImpls } from './partner.calls';

/** Implementations of contract `partnerCalls`. */
export const partnerImpls: CallImpl[] = partnerCallImpls;
