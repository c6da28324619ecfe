// STUB (owned by the devices helper): device registry calls.
import type { CallImpl } from '../../lib/implement';

export const deviceImpls: CallImpl[] = [];
