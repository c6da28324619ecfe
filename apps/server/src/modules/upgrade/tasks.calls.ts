// STUB (owned by the tasks helper): release task calls.
import type { CallImpl } from '../../lib/implement';

export const taskImpls: CallImpl[] = [];
